import Testing

@testable import TMDB

@Suite("TMDB status bodies")
struct TMDBStatusTests {
    @Test(
        "success is optional and key order is free",
        arguments: [
            #"{"success": false, "status_code": 34, "status_message": "The resource you requested could not be found."}"#,
            #"{"status_code": 34, "status_message": "The resource you requested could not be found."}"#,
        ])
    func decodes(_ json: String) throws {
        let status = try decode(TMDBStatus.self, json)
        #expect(status.statusCode == 34)
        #expect(status.statusMessage == "The resource you requested could not be found.")
        #expect(status.success != true)
    }
}
