import Foundation

/// What Beagle sends every HTTP request through; an app assigns one to Beagle's dependencies.
///
/// ```swift
/// dependencies.networkClient = RouterNetworkClient()
/// ```
///
/// Mirrors Beagle's protocol of the same name. Like Beagle's, it does not require `Sendable`, so an
/// app's own `class CustomNetworkClient: NetworkClient` compiles as Beagle's docs write it. One change
/// serves Swift 6: the completion is `@Sendable`, so a client may call it from `URLSession`'s
/// completion handler; call sites that pass a closure literal compile unchanged.
public protocol NetworkClient {
    /// The failure a request ends with.
    typealias Error = NetworkError
    /// What a request ends with: the response, or the failure.
    typealias NetworkResult = Result<NetworkResponse, NetworkError>
    /// Called exactly once when a request ends.
    typealias RequestCompletion = @Sendable (NetworkResult) -> Void

    /// Sends `request` and calls `completion` exactly once.
    ///
    /// - Returns: A token that cancels the request, or `nil` when nothing was sent.
    @discardableResult
    func executeRequest(_ request: Request, completion: @escaping RequestCompletion) -> (any RequestToken)?
}
