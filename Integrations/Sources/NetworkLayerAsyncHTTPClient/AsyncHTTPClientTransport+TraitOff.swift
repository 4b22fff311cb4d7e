#if !AsyncHTTPClient
/// Stands in for the transport while the package trait `AsyncHTTPClient` is off, so that a use says what to turn on.
@available(*, unavailable, message: "turn on the package trait: .package(url: …, traits: [\"AsyncHTTPClient\"])")
public struct AsyncHTTPClientTransport {
    /// Unavailable, as the type is.
    public init() {}
}
#endif
