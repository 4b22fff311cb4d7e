#if !OpenAPIRuntime
/// Stands in for the transport while the package trait `OpenAPIRuntime` is off, so that a use says what to turn on.
@available(*, unavailable, message: "turn on the package trait: .package(url: …, traits: [\"OpenAPIRuntime\"])")
public struct RouterClientTransport {
    /// Unavailable, as the type is.
    public init() {}
}
#endif
