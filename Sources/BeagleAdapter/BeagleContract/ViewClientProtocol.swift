/// Loads screens: fetches and decodes server-driven components.
public protocol ViewClientProtocol: Sendable {
    /// Fetches and decodes the screen at `url` and calls `completion` exactly once.
    ///
    /// - Returns: A token that cancels the fetch, or `nil` when it completed without a request.
    @discardableResult
    func fetch(
        url: String,
        additionalData: HttpAdditionalData?,
        completion: @escaping @Sendable (Result<any ServerDrivenComponent, Request.Error>) -> Void
    ) -> (any RequestToken)?

    /// Loads the screen at `url` ahead of time, so a later ``fetch(url:additionalData:completion:)`` is fast.
    func prefetch(url: String, additionalData: HttpAdditionalData?)
}
