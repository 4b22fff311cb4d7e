/// A type that stands for "no body", so a bodiless response (204, 205, 304, `HEAD`, `Content-Length: 0`)
/// can still decode; see ``Response/decode(_:atKeyPath:using:)``.
protocol EmptyResponseDecodable {
    /// The value an empty body decodes to.
    static var emptyValue: Self { get }
}

/// Decode into this when a response has no body worth reading.
public struct EmptyResponse: Decodable, Sendable, Hashable, EmptyResponseDecodable {
    /// Creates the empty value.
    public init() {}

    /// The empty value.
    static var emptyValue: EmptyResponse { EmptyResponse() }
}

extension Optional: EmptyResponseDecodable {
    /// `nil`: an optional of anything decodes an empty body as absent.
    static var emptyValue: Wrapped? { nil }
}
