import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An ``AuthenticationCoordinator``'s credential on the attempts of one request: a rejected credential is
/// refreshed, and the request sent again, once.
struct CoordinatedCredentials: RequestCredentials {
    let coordinator: AuthenticationCoordinator
    /// The generation of the credential the last attempt carried.
    private var generation: Int?
    private var refreshed = false

    init(_ coordinator: AuthenticationCoordinator) {
        self.coordinator = coordinator
    }

    mutating func apply(to request: URLRequest) async -> URLRequest? {
        guard let authenticated = await coordinator.authenticate(request) else { return nil }
        generation = authenticated.generation
        return authenticated.request
    }

    mutating func recover(after response: Response) async -> CredentialRecovery? {
        guard let generation, coordinator.requiresRefresh(after: response) else { return nil }
        guard !refreshed else { return .fail }
        refreshed = true
        switch await coordinator.refresh(rejectedGeneration: generation) {
        case .retry: return .resend
        case .failed: return .fail
        case .cancelled: return .cancelled
        }
    }
}
