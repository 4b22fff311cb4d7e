import Foundation
@_spi(Transport) import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What sends a phase's requests: the library's router, or a bare `URLSession` to compare it with.
enum LoadClient: Sendable {
    case router(Router<LoadEndpoint>)
    case urlSession(URLSession)

    /// Which client a command line asks for, with `concurrency` connections per host.
    init(_ kind: Options.Client, concurrency: Int) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpMaximumConnectionsPerHost = concurrency
        switch kind {
        case .router: self = .router(Router(transport: URLSessionTransport(configuration: configuration)))
        case .urlSession: self = .urlSession(URLSession(configuration: configuration))
        }
    }

    /// Sends `endpoint` and returns its outcome; cancelling the calling task cancels the request.
    func send(_ endpoint: LoadEndpoint) async -> Result<Response, NetworkError> {
        switch self {
        case .router(let router):
            do throws(NetworkError) {
                return .success(try await router.request(endpoint))
            } catch {
                return .failure(error)
            }
        case .urlSession(let session):
            let request = endpoint.bareRequest
            do {
                let (data, response) = try await session.data(for: request)
                return Self.outcome(request, data, response, nil)
            } catch {
                return Self.outcome(request, nil, nil, error)
            }
        }
    }

    /// Sends `endpoint` and calls `completion` with its outcome.
    func send(_ endpoint: LoadEndpoint, completion: @escaping @Sendable (Result<Response, NetworkError>) -> Void) {
        switch self {
        case .router(let router):
            router.request(endpoint, completion: completion)
        case .urlSession(let session):
            let request = endpoint.bareRequest
            session.dataTask(with: request) { data, response, error in
                completion(Self.outcome(request, data, response, error))
            }.resume()
        }
    }

    /// Cancels every request still in flight.
    func cancelAll() {
        switch self {
        case .router(let router): router.cancel()
        case .urlSession(let session):
            session.getAllTasks { tasks in
                for task in tasks { task.cancel() }
            }
        }
    }

    /// A bare session's answer in the router's terms, so that one ledger counts both clients alike.
    private static func outcome(
        _ request: URLRequest,
        _ data: Data?,
        _ response: URLResponse?,
        _ error: (any Error)?
    ) -> Result<Response, NetworkError> {
        if let http = response as? HTTPURLResponse, error == nil {
            return .success(Response(request: request, head: ResponseHead(http), data: data ?? Data()))
        }
        if (error as? URLError)?.code == .cancelled || error is CancellationError {
            return .failure(NetworkError(.cancelled, underlyingError: error))
        }
        return .failure(NetworkError(.transportFailure, underlyingError: error))
    }
}
