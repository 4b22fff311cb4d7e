import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension NetworkError {
    /// Classifies any error thrown while building or sending a request.
    ///
    /// A ``NetworkError`` passes through. A `URLError` gets the kind its code means (and is kept without its user
    /// info, which holds the URL and any secret in it); a `CancellationError` is ``Kind/cancelled``; a
    /// ``RequestBuildError`` ``Kind/invalidRequest``; any other error a ``Kind/transportFailure`` that wraps it.
    ///
    /// - Parameter request: The request that failed; errors that do not name one yet take its method and URL.
    init(_ error: any Error, sending request: URLRequest? = nil) {
        let classified =
            switch error {
            case let networkError as NetworkError: networkError
            case is CancellationError: NetworkError(.cancelled)
            case let urlError as URLError:
                NetworkError(
                    Self.kind(of: urlError.code), detail: Self.cause(of: urlError.code),
                    underlyingError: URLError(urlError.code))
            case let buildError as RequestBuildError: NetworkError(.invalidRequest, underlyingError: buildError)
            default: NetworkError(.transportFailure, underlyingError: error)
            }
        self = classified.naming(request)
    }

    /// The cancellation of `request`.
    static func cancelled(sending request: URLRequest?) -> NetworkError {
        NetworkError(.cancelled).naming(request)
    }

    /// What a code says beyond its kind. Foundation on Linux reports a refused connection and an
    /// unreachable host alike, as libcurl's "couldn't connect".
    private static func cause(of code: URLError.Code) -> String? {
        code == .cannotConnectToHost ? "connection refused or host unreachable" : nil
    }

    private static func kind(of code: URLError.Code) -> Kind {
        switch code {
        case .cannotConnectToHost: .cannotConnect
        case .cannotFindHost, .dnsLookupFailed: .cannotFindHost
        case .notConnectedToInternet, .internationalRoamingOff, .dataNotAllowed, .callIsActive: .notConnected
        case .timedOut: .timedOut
        case .cancelled: .cancelled
        case .networkConnectionLost: .connectionLost
        case .secureConnectionFailed, .serverCertificateHasBadDate, .serverCertificateUntrusted,
            .serverCertificateHasUnknownRoot, .serverCertificateNotYetValid, .clientCertificateRejected,
            .clientCertificateRequired, .appTransportSecurityRequiresSecureConnection:
            .secureConnection
        case .httpTooManyRedirects, .redirectToNonExistentLocation: .tooManyRedirects
        case .badServerResponse, .cannotParseResponse, .cannotDecodeContentData, .cannotDecodeRawData,
            .zeroByteResource:
            .badResponse
        case .badURL, .unsupportedURL: .unsupportedURL
        default: .transportFailure
        }
    }
}

extension NetworkError {
    /// The failure to decode `response`'s body as `typeName`: the detail names the type and, for a
    /// `DecodingError`, the coding path and the decoder's message.
    static func decodingFailed(_ error: any Error, response: Response, typeName: String) -> NetworkError {
        NetworkError(
            .decodingFailed, response: response, detail: "\(typeName): \(reason(error))", underlyingError: error)
    }

    private static func reason(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return String(describing: error) }
        switch decodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default:
            return String(describing: decodingError)
        }
    }
}
