import Foundation
@_spi(Transport) import NetworkLayer
import Testing

@Suite("EndPointType defaults")
struct EndPointTypeTests {
    enum Minimal: EndPointType {
        case one
        var baseURL: URL { URL(string: "https://x.org")! }
        var path: String { "one" }
    }

    @Test("only baseURL and path need writing")
    func defaults() {
        let endpoint = Minimal.one
        #expect(endpoint.httpMethod == .get)
        #expect(endpoint.headers == nil)
        #expect(endpoint.timeout == nil)
        #expect(endpoint.acceptableStatusCodes == Set(200..<300))
        #expect(!endpoint.allowsBodyInGET)
        #expect(endpoint.sampleData.isEmpty)
        guard case .request = endpoint.task else {
            Issue.record("default task should be .request")
            return
        }
    }
}
