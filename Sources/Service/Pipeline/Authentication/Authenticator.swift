import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Adds a credential to requests and gets a new one when the server rejects it.
///
/// Hand an authenticator and the current credential to an ``AuthenticationCoordinator``; the coordinator
/// applies the credential to every request, notices rejections and refreshes the credential once for all
/// the requests that were rejected together.
///
/// ```swift
/// struct OAuthAuthenticator: Authenticator {
///     let client: TokenClient
///
///     func apply(_ credential: OAuthToken, to request: inout URLRequest) {
///         request.setValue("Bearer \(credential.accessToken)", forHTTPHeaderField: "Authorization")
///     }
///
///     func refresh(_ credential: OAuthToken) async throws -> OAuthToken {
///         try await client.refresh(using: credential.refreshToken)
///     }
/// }
/// ```
public protocol Authenticator: Sendable {
    /// What authenticates a request, for example an access token and the refresh token that renews it.
    associatedtype Credential: Sendable

    /// Adds `credential` to `request`, usually as an `Authorization` header.
    func apply(_ credential: Credential, to request: inout URLRequest)

    /// Whether `response` means the credential it was sent with is no longer accepted.
    /// Defaults to a `401 Unauthorized` status.
    func requiresRefresh(after response: Response) -> Bool

    /// Returns a new credential to replace the rejected `credential`. Throwing fails every request that
    /// was waiting for it with ``NetworkError/Kind/authentication``.
    func refresh(_ credential: Credential) async throws -> Credential
}

extension Authenticator {
    /// `true` for status 401.
    public func requiresRefresh(after response: Response) -> Bool {
        response.statusCode == 401
    }
}
