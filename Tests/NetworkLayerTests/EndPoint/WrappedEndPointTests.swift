import Foundation
import NetworkLayer
import Testing

@Suite("Endpoints that wrap another")
struct WrappedEndPointTests {
    /// An endpoint that sets every property away from its default.
    struct Inner: EndPointType {
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "movies" }
        var httpMethod: HTTPMethod { .put }
        var task: HTTPTask { .requestData(Data("{}".utf8), contentType: "application/json", urlParameters: nil) }
        var headers: HTTPHeaders? { ["X-Inner": "1"] }
        var timeout: TimeInterval? { 7 }
        var acceptableStatusCodes: Set<Int> { [201] }
        var allowsBodyInGET: Bool { true }
        var sampleData: Data { Data("inner".utf8) }
        var deadline: TimeInterval? { 9 }
        var retryPolicy: RetryPolicy? { .never }
        var isIdempotent: Bool { false }
        var requiresAuthentication: Bool { false }
        var headersForwardedAcrossOrigins: Set<String> { ["X-Inner"] }
    }

    /// A wrapper of the app's own: a version prefix and a longer timeout, everything else from `inner`.
    struct Versioned: EndPointType {
        let inner: Inner
        var wrapped: (any EndPointType)? { inner }
        var baseURL: URL { inner.baseURL }
        var path: String { "v2/" + inner.path }
        var timeout: TimeInterval? { 30 }
    }

    /// An endpoint that sets nothing but its URL.
    struct Plain: EndPointType {
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "movies" }
    }

    @Test("every property the wrapper leaves to its default comes from the wrapped endpoint")
    func forwardsDefaults() {
        let endpoint = Versioned(inner: Inner())
        #expect(endpoint.httpMethod == .put)
        #expect(endpoint.headers == ["X-Inner": "1"])
        #expect(endpoint.acceptableStatusCodes == [201])
        #expect(endpoint.allowsBodyInGET)
        #expect(endpoint.sampleData == Data("inner".utf8))
        #expect(endpoint.deadline == 9)
        #expect(endpoint.retryPolicy == .never)
        #expect(!endpoint.isIdempotent)
        #expect(!endpoint.requiresAuthentication)
        #expect(endpoint.headersForwardedAcrossOrigins == ["X-Inner"])
        guard case .requestData(let body, let contentType, _) = endpoint.task else {
            Issue.record("task is \(endpoint.task)")
            return
        }
        #expect(body == Data("{}".utf8) && contentType == "application/json")
    }

    @Test("what the wrapper implements itself wins over the wrapped endpoint")
    func ownPropertiesWin() throws {
        let endpoint = Versioned(inner: Inner())
        #expect(endpoint.timeout == 30)
        let request = try Router<Versioned>().makeRequest(for: endpoint)
        #expect(request.url?.absoluteString == "https://api.example.com/v2/movies")
        #expect(request.httpMethod == "PUT")
    }

    @Test("an endpoint that wraps none has the plain defaults")
    func plainDefaults() {
        let endpoint = Plain()
        #expect(endpoint.wrapped == nil)
        #expect(endpoint.httpMethod == .get)
        #expect(endpoint.headers == nil && endpoint.timeout == nil && endpoint.deadline == nil)
        #expect(endpoint.retryPolicy == nil)
        #expect(endpoint.acceptableStatusCodes == Set(200..<300))
        #expect(!endpoint.allowsBodyInGET && endpoint.sampleData.isEmpty)
        #expect(endpoint.isIdempotent && endpoint.requiresAuthentication)
        #expect(endpoint.headersForwardedAcrossOrigins.isEmpty)
    }
}
