import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Keeps one credential for any number of routers and refreshes it when the server rejects it.
///
/// Install it with ``RouterConfiguration/authentication``; share one coordinator between the routers of
/// one API so they share the credential and its refreshes.
///
/// ```swift
/// let authentication = AuthenticationCoordinator(authenticator: OAuthAuthenticator(client: client), credential: token)
/// let router = Router<AccountAPI>(configuration: RouterConfiguration(authentication: authentication))
/// ```
///
/// For every request whose endpoint ``EndPointType/requiresAuthentication``:
/// - the current credential is applied, after the plugins have prepared the request;
/// - when the response is a rejection (``Authenticator/requiresRefresh(after:)``, a 401 by default), the
///   credential is refreshed **once**, however many requests were rejected at the same time, and each of
///   them is sent again, once, with the new credential;
/// - if the refresh fails, every request waiting for it fails with ``NetworkError/Kind/authentication``
///   carrying its rejected response, as does a request rejected again after the refresh.
///
/// `maximumRefreshes` and `refreshInterval` cap how often the credential can be refreshed, so a server that
/// rejects every credential cannot drive the router into a loop of refreshes.
public final class AuthenticationCoordinator: Sendable {
    private let store: any CredentialSession

    /// Creates a coordinator that authenticates requests with `authenticator`, starting from `credential`.
    ///
    /// - Parameters:
    ///   - authenticator: Applies the credential to requests and refreshes it.
    ///   - credential: The credential to start from.
    ///   - maximumRefreshes: How many refreshes any `refreshInterval` seconds allow; a rejection beyond that
    ///     fails without a refresh. Defaults to 2.
    ///   - refreshInterval: The window, in seconds, that `maximumRefreshes` counts in. Defaults to 30.
    public init<A: Authenticator>(
        authenticator: A,
        credential: A.Credential,
        maximumRefreshes: Int = 2,
        refreshInterval: TimeInterval = 30
    ) {
        let window = RefreshWindow(interval: refreshInterval, maximumRefreshes: maximumRefreshes)
        store = CredentialStore(authenticator: authenticator, credential: credential, window: window)
    }

    /// `request` with the current credential applied, and that credential's generation; `nil` if the task was
    /// cancelled while a refresh it had to wait for was running.
    func authenticate(_ request: URLRequest) async -> (request: URLRequest, generation: Int)? {
        await store.authenticate(request)
    }

    /// Whether `response` rejects the credential it was sent with.
    func requiresRefresh(after response: Response) -> Bool {
        store.requiresRefresh(after: response)
    }

    /// Makes sure the credential of `generation` is replaced, refreshing it unless another request already did.
    func refresh(rejectedGeneration generation: Int) async -> RefreshOutcome {
        await store.refresh(rejectedGeneration: generation)
    }
}

/// What became of a rejected request's wait for a new credential.
enum RefreshOutcome: Sendable, Equatable {
    /// There is a newer credential: send the request again.
    case retry
    /// The refresh failed or the refresh window is used up.
    case failed
    /// The waiting task was cancelled.
    case cancelled
}

/// The credential behind a coordinator, with its authenticator's type erased.
protocol CredentialSession: Sendable {
    func authenticate(_ request: URLRequest) async -> (request: URLRequest, generation: Int)?
    func requiresRefresh(after response: Response) -> Bool
    func refresh(rejectedGeneration generation: Int) async -> RefreshOutcome
}
