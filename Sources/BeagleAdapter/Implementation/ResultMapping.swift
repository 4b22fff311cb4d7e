import Foundation
import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Turns the router's results into Beagle's.
enum ResultMapping {
    /// Validates the status with NetworkLayer's `StatusValidation` and maps the outcome.
    ///
    /// A failure with a response keeps its body, its request and its response head. A failure
    /// without one carries `request` and, as `error`, what `URLSession` itself would have
    /// reported (`URLError` with `.cancelled`, `.timedOut` or the transport's code), so existing
    /// Beagle error handling keeps working; anything else carries NetworkLayer's error.
    static func networkResult(
        _ result: Result<Response, NetworkLayer.NetworkError>,
        request: URLRequest,
        acceptable: Set<Int>
    ) -> NetworkClient.NetworkResult {
        switch result.flatMap({ StatusValidation.validate($0, acceptable: acceptable) }) {
        case .success(let response):
            return .success(NetworkResponse(data: response.data, response: response.httpResponse))
        case .failure(let error):
            guard let response = error.response else {
                return .failure(NetworkError(error: underlyingError(error), request: request))
            }
            return .failure(
                NetworkError(
                    error: error,
                    data: response.data,
                    request: response.request,
                    response: response.httpResponse
                )
            )
        }
    }

    static func underlyingError(_ error: NetworkLayer.NetworkError) -> any Error {
        switch error {
        case .cancelled: URLError(.cancelled)
        case .timedOut: URLError(.timedOut)
        default: error.underlyingError as? URLError ?? error
        }
    }
}

extension NetworkError {
    /// Whether the request was cancelled.
    public var isCancellation: Bool {
        if let urlError = error as? URLError { return urlError.code == .cancelled }
        return (error as? NetworkLayer.NetworkError)?.kind == .cancelled
    }

    /// The HTTP status code, if a response arrived.
    public var statusCode: Int? { (response as? HTTPURLResponse)?.statusCode }
}
