// The stand-in's view client; see NetworkClient.swift.
import Foundation

/// A node of a server-driven screen.
public protocol ServerDrivenComponent {}

/// Loads screens.
public protocol ViewClientProtocol {
    /// Fetches the screen at `url`.
    @discardableResult
    func fetch(
        url: String,
        additionalData: HttpAdditionalData?,
        completion: @escaping (Result<ServerDrivenComponent, Request.Error>) -> Void
    ) -> RequestToken?

    /// Loads the screen at `url` ahead of time.
    func prefetch(url: String, additionalData: HttpAdditionalData?)
}
