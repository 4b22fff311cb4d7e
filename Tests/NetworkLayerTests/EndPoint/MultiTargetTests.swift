import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("MultiTarget")
struct MultiTargetTests {
    enum Movies: EndPointType {
        case popular(page: Int)

        var baseURL: URL { URL(string: "https://movies.example.com/3")! }
        var path: String { "movie/popular" }
        var task: HTTPTask {
            switch self {
            case .popular(let page):
                .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["page": page])
            }
        }
        var sampleData: Data { Data(#"{"page":1}"#.utf8) }
    }

    enum Accounts: EndPointType {
        case rename(to: String)

        var baseURL: URL { URL(string: "https://accounts.example.com")! }
        var path: String { "me" }
        var httpMethod: HTTPMethod { .patch }
        var task: HTTPTask {
            switch self {
            case .rename(let name):
                .requestParameters(bodyParameters: ["name": name], bodyEncoding: .jsonEncoding, urlParameters: nil)
            }
        }
        var headers: HTTPHeaders? { ["X-Client": "tests"] }
        var timeout: TimeInterval? { 7 }
        var acceptableStatusCodes: Set<Int> { [200, 204] }
        var deadline: TimeInterval? { 120 }
        var retryPolicy: RetryPolicy? { .never }
        var isIdempotent: Bool { true }
        var requiresAuthentication: Bool { false }
        var sampleData: Data { Data("{}".utf8) }
    }

    @Test("the wrapped endpoint's request is built exactly as without the wrapper")
    func sameRequest() throws {
        let configuration = RouterConfiguration(headers: ["X-Shared": "1"])
        let wrapped = try Router<MultiTarget>(configuration: configuration).makeRequest(
            for: .target(Accounts.rename(to: "Ana")))
        let direct = try Router<Accounts>(configuration: configuration).makeRequest(for: .rename(to: "Ana"))
        #expect(wrapped.url == direct.url)
        #expect(wrapped.httpMethod == "PATCH")
        #expect(wrapped.allHTTPHeaderFields == direct.allHTTPHeaderFields)
        #expect(wrapped.httpBody == direct.httpBody)
        #expect(wrapped.timeoutInterval == direct.timeoutInterval)
    }

    @Test("every property is the wrapped endpoint's")
    func forwardsProperties() {
        let endpoint = Accounts.rename(to: "Ana")
        let target = MultiTarget.target(endpoint)
        #expect(target.baseURL == endpoint.baseURL)
        #expect(target.path == endpoint.path)
        #expect(target.httpMethod == endpoint.httpMethod)
        #expect(target.headers == endpoint.headers)
        #expect(target.timeout == endpoint.timeout)
        #expect(target.acceptableStatusCodes == endpoint.acceptableStatusCodes)
        #expect(target.allowsBodyInGET == endpoint.allowsBodyInGET)
        #expect(target.sampleData == endpoint.sampleData)
        #expect(target.deadline == endpoint.deadline)
        #expect(target.retryPolicy == endpoint.retryPolicy)
        #expect(target.isIdempotent == endpoint.isIdempotent)
        #expect(target.requiresAuthentication == endpoint.requiresAuthentication)
        #expect(target.target is Accounts)
    }

    @Test("one router and one manager send the endpoints of two enums; stubs see the wrapped endpoint")
    func oneRouterForTwoEnums() async throws {
        struct Page: Decodable, Equatable { let page: Int }
        let stub = StubTransport<MultiTarget> { endpoint in
            switch endpoint.target {
            case is Accounts: .http(204)
            default: .sampleData(of: endpoint)
            }
        }
        let manager = NetworkManager(router: Router(stub: stub))
        #expect(try await manager.request(.target(Movies.popular(page: 1)), as: Page.self) == Page(page: 1))
        let renamed = try await manager.response(for: .target(Accounts.rename(to: "Ana")))
        #expect(renamed.statusCode == 204)
        #expect(renamed.request.url?.host == "accounts.example.com")
    }
}
