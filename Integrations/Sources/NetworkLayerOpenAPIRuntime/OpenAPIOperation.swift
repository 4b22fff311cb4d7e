#if OpenAPIRuntime  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import Foundation
import NetworkLayer

/// One request of a swift-openapi-generator client, as the endpoint a ``RouterClientTransport``'s router
/// sends: plugins, metrics and stubs see it, and can tell operations apart by ``operationID``.
///
/// Its path and query are the client's, already encoded; every status is acceptable, so that the client
/// decodes its documented error responses itself. Retries, the deadline and whether credentials apply are the
/// router's unless the transport's `customize` sets them per operation.
public struct OpenAPIOperation: EndPointType, Sendable {
    /// The operation's `operationId` in the document, such as `getGreeting`.
    public let operationID: String
    /// The server's URL, with the client's query, if any, which the router keeps after the path.
    public let baseURL: URL
    /// The path below the server's URL, percent-encoded by the client.
    public let path: String
    /// The request's method.
    public let httpMethod: HTTPMethod
    /// The client's header fields; repeated ones are joined with `", "`.
    public let headers: HTTPHeaders?
    /// Whether the router's authentication applies; `true` unless the transport's `customize` says otherwise.
    public var requiresAuthentication = true
    /// The operation's retry policy; `nil`, the default, for the router's.
    public var retryPolicy: RetryPolicy?
    /// How long the operation may take, retries included, until its response head; `nil` for the router's.
    public var deadline: TimeInterval?
    /// The response the router's stubs give by default: none.
    public var sampleData = Data()

    /// Every status from 100 to 599: the generated client maps them to its responses.
    public var acceptableStatusCodes: Set<Int> { Set(100..<600) }
    /// The client decides which methods carry a body.
    public var allowsBodyInGET: Bool { true }
    /// The body, when there is one, goes as a stream beside the request (``RouterClientTransport``).
    public var task: HTTPTask { .request }

    /// Creates the endpoint for a request to `path` (with its query, if any) below `serverURL`.
    public init(
        operationID: String, serverURL: URL, path: String, method: HTTPMethod, headers: HTTPHeaders? = nil
    ) {
        self.operationID = operationID
        let split = path.firstIndex { $0 == "?" || $0 == "#" }
        self.path = split.map { String(path[..<$0]) } ?? path
        self.baseURL = Self.url(serverURL, withQueryOf: split.map { String(path[$0...]) })
        self.httpMethod = method
        self.headers = headers
    }

    /// `serverURL` with the query of `suffix` (`?a=1`, and any fragment dropped) added to its own.
    private static func url(_ serverURL: URL, withQueryOf suffix: String?) -> URL {
        guard let suffix, suffix.hasPrefix("?") else { return serverURL }
        let query = String(suffix.dropFirst().prefix { $0 != "#" })
        guard !query.isEmpty, var components = URLComponents(url: serverURL, resolvingAgainstBaseURL: false)
        else { return serverURL }
        components.percentEncodedQuery = [components.percentEncodedQuery, query].compactMap { $0 }
            .joined(separator: "&")
        return components.url ?? serverURL
    }
}
#endif
