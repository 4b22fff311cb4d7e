import Foundation
import NetworkLayer
import NetworkLayerAsyncHTTPClient
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The transport a test runs over: the default one, or AsyncHTTPClient's.
enum Carrier: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case urlSession, asyncHTTPClient

    var testDescription: String { rawValue }

    /// Runs `body` with a router over this carrier's transport, and shuts the transport down after it.
    @discardableResult
    func withRouter<EndPoint: EndPointType, Result>(
        _: EndPoint.Type = EndPoint.self,
        configuration: RouterConfiguration = RouterConfiguration(),
        _ body: (Router<EndPoint>) async throws -> Result
    ) async throws -> Result {
        switch self {
        case .urlSession:
            return try await body(Router(configuration: configuration, transport: URLSessionTransport()))
        case .asyncHTTPClient:
            let transport = AsyncHTTPClientTransport()
            do {
                let result = try await body(Router(configuration: configuration, transport: transport))
                try await transport.shutdown()
                return result
            } catch {
                try await transport.shutdown()
                throw error
            }
        }
    }
}
