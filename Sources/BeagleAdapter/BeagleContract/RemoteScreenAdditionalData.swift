/// Extra data sent with the request for a remote screen.
///
/// Like Beagle's protocol, it does not require `Sendable`: a ``NetworkClient`` reads it while
/// building the request, on the calling thread.
public protocol RemoteScreenAdditionalData {
    /// Headers added to the request; the client's own additional headers win over them.
    var headers: [String: String] { get set }
}
