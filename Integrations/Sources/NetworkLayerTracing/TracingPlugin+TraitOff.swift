#if !Tracing
/// Stands in for the plugin while the package trait `Tracing` is off, so that a use says what to turn on.
@available(*, unavailable, message: "turn on the package trait: .package(url: …, traits: [\"Tracing\"])")
public struct TracingPlugin {
    /// Unavailable, as the type is.
    public init() {}
}
#endif
