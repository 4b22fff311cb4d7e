/// Loads screens: fetches and decodes server-driven components.
///
/// Declared as Beagle declares it: the protocol does not require `Sendable`, and the completion is a
/// plain closure, which Beagle calls on the main queue (or at once, for a cached screen).
public protocol ViewClientProtocol {
    /// Fetches and decodes the screen at `url` and calls `completion` exactly once.
    ///
    /// - Returns: A token that cancels the fetch, or `nil` when it completed without a request.
    @discardableResult
    func fetch(
        url: String,
        additionalData: HttpAdditionalData?,
        completion: @escaping (Result<ServerDrivenComponent, Request.Error>) -> Void
    ) -> RequestToken?

    /// Loads the screen at `url` ahead of time, so a later ``fetch(url:additionalData:completion:)`` is fast.
    func prefetch(url: String, additionalData: HttpAdditionalData?)
}
