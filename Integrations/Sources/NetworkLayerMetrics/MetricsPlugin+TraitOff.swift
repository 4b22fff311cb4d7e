#if !Metrics
/// Stands in for the plugin while the package trait `Metrics` is off, so that a use says what to turn on.
@available(*, unavailable, message: "turn on the package trait: .package(url: …, traits: [\"Metrics\"])")
public struct MetricsPlugin {
    /// Unavailable, as the type is.
    public init() {}
}
#endif
