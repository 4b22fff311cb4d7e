#if AsyncHTTPClient  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
@_spi(Transport) import NetworkLayer

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension NetworkError {
    /// `error` as the transport-neutral failure it is, judged by its type and value, wrapping it; a
    /// ``NetworkLayer/NetworkError`` passes as it is.
    static func classifying(_ error: any Error) -> NetworkError {
        switch error {
        case let error as NetworkError:
            return error
        case is CancellationError:
            return NetworkError(.cancelled, underlyingError: error)
        case let error as HTTPClientError:
            return NetworkError(kind(of: error), detail: error.description, underlyingError: error)
        case let error as NIOConnectionError:
            let found = error.dnsAError == nil || error.dnsAAAAError == nil || !error.connectionErrors.isEmpty
            let errno = error.connectionErrors.lazy.compactMap { ($0.error as? IOError)?.errnoCode }.first
            let cause = found ? errno.map(reason(ofErrno:)) ?? "no address answered" : "no address found"
            return NetworkError(found ? .cannotConnect : .cannotFindHost, detail: cause, underlyingError: error)
        case let error as IOError:
            return NetworkError(
                kind(ofErrno: error.errnoCode), detail: reason(ofErrno: error.errnoCode), underlyingError: error)
        case let error as ChannelError:
            return NetworkError(kind(of: error), detail: "\(error)", underlyingError: error)
        case let error as HTTPParserError:
            return NetworkError(
                error == .invalidEOFState ? .connectionLost : .badResponse, detail: "\(error)", underlyingError: error)
        case is NIOSSLError, is NIOSSLExtraError, is BoringSSLError:
            return NetworkError(.secureConnection, detail: "\(error)", underlyingError: error)
        case is SocketAddressError:
            return NetworkError(.cannotFindHost, detail: "\(error)", underlyingError: error)
        default:
            return NetworkError(.transportFailure, detail: "\(type(of: error)): \(error)", underlyingError: error)
        }
    }

    private static func kind(of error: HTTPClientError) -> Kind {
        switch error {
        case .connectTimeout, .readTimeout, .writeTimeout, .deadlineExceeded, .tlsHandshakeTimeout,
            .getConnectionFromPoolTimeout, .httpProxyHandshakeTimeout, .socksHandshakeTimeout:
            .timedOut
        case .remoteConnectionClosed:
            .connectionLost
        case .cancelled, .requestStreamCancelled:
            .cancelled
        case .invalidURL, .emptyHost, .emptyScheme, .missingSocketPath:
            .unsupportedURL
        case .redirectLimitReached, .redirectCycleDetected:
            .tooManyRedirects
        case .bodyLengthMismatch, .identityCodingIncorrectlyPresent, .invalidProxyResponse:
            .badResponse
        default:
            .transportFailure
        }
    }

    private static func kind(of error: ChannelError) -> Kind {
        switch error {
        case .connectTimeout: .timedOut
        case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed: .connectionLost
        default: .transportFailure
        }
    }

    /// What a socket's errno means, in the words of the errors of other transports.
    private static func reason(ofErrno code: Int32) -> String {
        switch code {
        case ECONNREFUSED: "connection refused"
        case ENETUNREACH: "network unreachable"
        case EHOSTUNREACH: "host unreachable"
        case EADDRNOTAVAIL: "address not available"
        case ECONNRESET: "connection reset by the peer"
        case ECONNABORTED: "connection aborted"
        case EPIPE: "connection closed by the peer"
        case ETIMEDOUT: "connection timed out"
        default: "errno \(code)"
        }
    }

    private static func kind(ofErrno code: Int32) -> Kind {
        switch code {
        case ECONNREFUSED, ENETUNREACH, EHOSTUNREACH, EADDRNOTAVAIL: .cannotConnect
        case ECONNRESET, EPIPE, ECONNABORTED: .connectionLost
        case ETIMEDOUT: .timedOut
        default: .transportFailure
        }
    }
}
#endif
