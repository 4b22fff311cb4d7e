import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Credentials the pipeline applies to every attempt of one request, and that decide what a response
/// rejecting them means: the ``AuthenticationCoordinator``'s, and the answer to a `Basic` or `Digest`
/// challenge.
///
/// The pipeline applies each source in turn to every attempt; after a response it asks them in turn, and
/// the first one that claims the response decides whether the request is sent again.
protocol RequestCredentials: Sendable {
    /// `request` with this source's credential applied, if it has one yet; `nil` when the task was
    /// cancelled while waiting for one.
    mutating func apply(to request: URLRequest) async -> URLRequest?

    /// What `response`, to an attempt this source's credential was applied to, means for the request;
    /// `nil` when it does not concern this source.
    mutating func recover(after response: Response) async -> CredentialRecovery?
}

/// What a source of credentials makes of a response that rejected them.
enum CredentialRecovery: Sendable, Equatable {
    /// There is a new credential: send the request again.
    case resend
    /// The response is the request's final outcome, as it is.
    case deliver
    /// The request fails with ``NetworkError/Kind/authentication``, carrying the response.
    case fail
    /// The task was cancelled while waiting for a new credential.
    case cancelled
}
