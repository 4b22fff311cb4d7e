import Foundation
@_spi(Transport) import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An endpoint whose every property is set per test, so tables can describe requests as values.
struct TestEndpoint: EndPointType {
    var baseURL = URL(string: "https://api.example.com/3")!
    var path = "movie/popular"
    var httpMethod: HTTPMethod = .get
    var task: HTTPTask = .request
    var headers: HTTPHeaders?
    var timeout: TimeInterval?
    var acceptableStatusCodes: Set<Int> = Set(200..<300)
    var allowsBodyInGET = false
}

extension Router where EndPoint == TestEndpoint {
    /// A router whose transport answers every request with `handler`.
    convenience init(
        configuration: RouterConfiguration = RouterConfiguration(),
        handler: @escaping @Sendable (URLRequest) async throws -> (Data, HTTPURLResponse)
    ) {
        self.init(configuration: configuration, transport: ClosureTransport(handler))
    }
}
