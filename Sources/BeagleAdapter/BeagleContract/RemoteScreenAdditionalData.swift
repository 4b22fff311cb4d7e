/// Extra data sent with the request for a remote screen.
///
/// Refines `Sendable` so requests can cross threads; Beagle's protocol does not.
public protocol RemoteScreenAdditionalData: Sendable {
    /// Headers added to the request; the client's own additional headers win over them.
    var headers: [String: String] { get set }
}
