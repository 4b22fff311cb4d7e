import Foundation
import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Beagle's log entries; only the network ones, which a ``NetworkClient`` writes, are mirrored.
public enum Log {
    /// An entry about a request or a response.
    case network(_ network: Network)

    /// What happened on the network.
    public enum Network {
        /// A request is being sent.
        case httpRequest(request: NetworkRequest)
        /// A response arrived.
        case httpResponse(response: NetworkResponse)
        /// A path could not be turned into a URL.
        case couldNotBuildUrl(url: String)
        /// A request was made before a ``NetworkClient`` was configured.
        case networkClientWasNotConfigured
    }

    /// The request a ``Network/httpRequest(request:)`` entry is about.
    public struct NetworkRequest {
        /// The request.
        public let url: URLRequest?

        /// Creates the entry's payload.
        public init(url: URLRequest? = nil) {
            self.url = url
        }
    }

    /// The response a ``Network/httpResponse(response:)`` entry is about.
    public struct NetworkResponse {
        /// The body, if any.
        public let data: Data?
        /// The response head, if any.
        public let response: URLResponse?

        /// Creates the entry's payload.
        public init(data: Data? = nil, response: URLResponse? = nil) {
            self.data = data
            self.response = response
        }
    }
}

extension Log: LogType {
    /// `Network`.
    public var category: String { "Network" }

    /// The method and URL of a request (secrets redacted), the status of a response, or what went wrong.
    public var message: String {
        switch self {
        case .network(.httpRequest(let request)):
            "request \(request.url?.httpMethod ?? "GET") \(request.url?.url.map { Redactor().url($0) } ?? "")"
        case .network(.httpResponse(let response)):
            "response \((response.response as? HTTPURLResponse)?.statusCode ?? 0), \(response.data?.count ?? 0) bytes"
        case .network(.couldNotBuildUrl):
            // Not the path itself: it may carry a secret the redactor cannot find in text that is not a URL.
            "could not build a URL from a path"
        case .network(.networkClientWasNotConfigured):
            "no network client is configured"
        }
    }

    /// ``LogLevel/error`` for failures, ``LogLevel/info`` for requests and responses.
    public var level: LogLevel {
        switch self {
        case .network(.httpRequest), .network(.httpResponse): .info
        case .network(.couldNotBuildUrl), .network(.networkClientWasNotConfigured): .error
        }
    }
}
