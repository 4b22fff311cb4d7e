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

extension TransportError {
    /// `error` as the transport-neutral failure it is, judged by its type and value; `CancellationError` and
    /// errors that are already a ``NetworkLayer/TransportError`` or a ``NetworkLayer/NetworkError`` pass as
    /// they are.
    static func classifying(_ error: any Error) -> any Error {
        switch error {
        case is CancellationError, is TransportError, is NetworkError:
            return error
        case let error as HTTPClientError:
            return TransportError(kind(of: error), detail: error.description)
        case let error as NIOConnectionError:
            let found = error.dnsAError == nil || error.dnsAAAAError == nil || !error.connectionErrors.isEmpty
            return TransportError(found ? .cannotConnect : .cannotFindHost, detail: "\(error)")
        case let error as IOError:
            return TransportError(kind(ofErrno: error.errnoCode), detail: error.description)
        case let error as ChannelError:
            return TransportError(kind(of: error), detail: "\(error)")
        case let error as HTTPParserError:
            return TransportError(error == .invalidEOFState ? .connectionLost : .badResponse, detail: "\(error)")
        case is NIOSSLError, is NIOSSLExtraError, is BoringSSLError:
            return TransportError(.secureConnection, detail: "\(error)")
        case is SocketAddressError:
            return TransportError(.cannotFindHost, detail: "\(error)")
        default:
            return TransportError(.other, detail: "\(type(of: error)): \(error)")
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
            .other
        }
    }

    private static func kind(of error: ChannelError) -> Kind {
        switch error {
        case .connectTimeout: .timedOut
        case .eof, .ioOnClosedChannel, .alreadyClosed, .outputClosed, .inputClosed: .connectionLost
        default: .other
        }
    }

    private static func kind(ofErrno code: Int32) -> Kind {
        switch code {
        case ECONNREFUSED, ENETUNREACH, EHOSTUNREACH, EADDRNOTAVAIL: .cannotConnect
        case ECONNRESET, EPIPE, ECONNABORTED: .connectionLost
        case ETIMEDOUT: .timedOut
        default: .other
        }
    }
}
