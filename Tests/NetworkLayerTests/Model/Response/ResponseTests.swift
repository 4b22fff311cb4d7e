import Foundation
@_spi(Transport) import NetworkLayer
import Testing

@Suite("Response")
struct ResponseTests {
    struct Page: Decodable, Equatable {
        let page: Int
    }

    @Test("status and case-insensitive headers")
    func head() {
        let response = Response.stub(206, headers: ["Content-Range": "bytes 0-9/100", "X-Total": "3"])
        #expect(response.statusCode == 206)
        #expect(response.headers["content-range"] == "bytes 0-9/100")
        #expect(response.headers["X-TOTAL"] == "3")
        #expect(response.headers["missing"] == nil)
    }

    @Test("decode returns the value or decodingFailed with the coding path")
    func decode() throws {
        #expect(try Response.stub(200, body: #"{"page":2}"#).decode(Page.self) == Page(page: 2))
        do {
            _ = try Response.stub(200, body: #"{"page":"two"}"#).decode(Page.self)
            Issue.record("expected decodingFailed")
        } catch {
            guard let failure = error.ifKind(.decodingFailed) else {
                Issue.record("expected decodingFailed, got \(error)")
                return
            }
            #expect(failure.detail?.hasPrefix("Page: page: ") == true)
        }
    }
}
