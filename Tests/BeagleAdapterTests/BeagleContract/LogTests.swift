import BeagleAdapter
import Foundation
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Beagle's network log entries")
struct LogTests {
    @Test("A request entry names the method and the URL, with secrets redacted")
    func request() throws {
        var request = URLRequest(url: try #require(URL(string: "https://beagle.test/home?api_key=s3cret&page=2")))
        request.httpMethod = "POST"
        let log = Log.network(.httpRequest(request: .init(url: request)))
        #expect(log.category == "Network")
        #expect(log.level == .info)
        #expect(log.message.hasPrefix("request POST https://beagle.test/home?"))
        #expect(log.message.contains("page=2"))
        #expect(!log.message.contains("s3cret"))
    }

    @Test("A response entry names the status and the size of the body")
    func response() throws {
        let url = try #require(URL(string: "https://beagle.test/home"))
        let head = HTTPURLResponse(url: url, statusCode: 404, httpVersion: nil, headerFields: nil)
        let log = Log.network(.httpResponse(response: .init(data: Data("gone".utf8), response: head)))
        #expect(log.message == "response 404, 4 bytes")
        #expect(log.level == .info)
    }

    @Test("Failures are errors, and a path that is no URL is not printed")
    func failures() {
        let path = "/home?token=s3cret"
        #expect(Log.network(.couldNotBuildUrl(url: path)).level == .error)
        #expect(!Log.network(.couldNotBuildUrl(url: path)).message.contains("s3cret"))
        #expect(Log.network(.networkClientWasNotConfigured).level == .error)
    }

    @Test("HTTPMethod has Beagle's six methods, spelled as HTTP spells them")
    func methods() {
        #expect(HTTPMethod.allCases.map(\.rawValue) == ["GET", "POST", "PUT", "DELETE", "HEAD", "PATCH"])
    }
}
