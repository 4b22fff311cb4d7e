import Foundation

/// Settings shared by every request of a ``Router``.
public struct RouterConfiguration: Sendable {
    /// The timeout for endpoints that set none, in seconds. Defaults to 60.
    ///
    /// On Linux, Foundation truncates fractional timeouts (0.5 s fails at once), so the router
    /// rounds a timeout up to whole seconds there, with a minimum of one second.
    public var timeout: TimeInterval
    /// Headers sent with every request; endpoint and task headers win over them.
    public var headers: HTTPHeaders
    /// Spells query strings, and form bodies.
    public var urlEncoder: URLParameterEncoder
    /// Writes `Encodable` bodies.
    public var bodyEncoder: EncodableJSONEncoder
    /// Logs requests and responses; `nil` logs nothing.
    public var logger: NetworkLogger?
    /// Where completion handlers run; `nil` runs them on whatever thread finished the request.
    public var completionQueue: DispatchQueue?

    /// Creates a configuration.
    public init(
        timeout: TimeInterval = 60,
        headers: HTTPHeaders = [:],
        urlEncoder: URLParameterEncoder = URLParameterEncoder(),
        bodyEncoder: EncodableJSONEncoder = EncodableJSONEncoder(),
        logger: NetworkLogger? = nil,
        completionQueue: DispatchQueue? = nil
    ) {
        self.timeout = timeout
        self.headers = headers
        self.urlEncoder = urlEncoder
        self.bodyEncoder = bodyEncoder
        self.logger = logger
        self.completionQueue = completionQueue
    }
}
