import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends one built request through plugins, authentication, the transport, retries and the deadline.
///
/// Each attempt runs: plugins prepare → credential applied → plugins' `willSend` → transport →
/// plugins' `didReceive` → plugins' `process`. Then a rejected credential is refreshed and the
/// request resent once, or a retryable failure is retried after a backoff, until one attempt's
/// outcome is final. The deadline, when there is one, spans all of it.
struct RequestPipeline<EndPoint: EndPointType>: Sendable {
    /// Sends one attempt: the request, its endpoint, and the names of its header fields that carry
    /// credentials (lowercased), which must not follow a redirect to another origin.
    typealias Send =
        @Sendable (URLRequest, EndPoint, _ credentialHeaders: Set<String>) async throws -> (ResponseHead, Data)

    let configuration: RouterConfiguration
    let transport: Send

    /// The final outcome of sending `request`, which was built from `endpoint`.
    func run(_ request: URLRequest, for endpoint: EndPoint) async -> Result<Response, NetworkError> {
        guard let deadline = endpoint.deadline ?? configuration.deadline else {
            return await attempts(request, for: endpoint, deadline: nil)
        }
        let started = DispatchTime.now()
        return await Deadline.run(within: deadline, for: request) { [self] in
            await attempts(request, for: endpoint, deadline: (started, deadline))
        }
    }

    /// Sends `request` until an attempt's outcome is final. A retry whose wait would outlast the
    /// `deadline` (when it started, and its length in seconds) is not made: that outcome is final.
    private func attempts(
        _ request: URLRequest,
        for endpoint: EndPoint,
        deadline: (started: DispatchTime, seconds: TimeInterval)?
    ) async -> Result<Response, NetworkError> {
        let policy = endpoint.retryPolicy ?? configuration.retryPolicy
        let authentication = endpoint.requiresAuthentication ? configuration.authentication : nil
        var retries = 0
        var refreshed = false
        var attempt = 1
        while true {
            let (result, generation) = await send(request, for: endpoint, attempt: attempt, authentication)
            attempt += 1
            if case .failure(.cancelled) = result { return result }
            if Task.isCancelled { return .failure(.cancelled(sending: request)) }

            if let authentication, let generation, case .success(let response) = result,
                authentication.requiresRefresh(after: response)
            {
                guard !refreshed else { return .failure(.authentication(response)) }
                refreshed = true
                switch await authentication.refresh(rejectedGeneration: generation) {
                case .retry: continue
                case .failed: return .failure(.authentication(response))
                case .cancelled: return .failure(.cancelled(sending: request))
                }
            }

            guard let policy, retries < policy.maximumRetries,
                policy.shouldRetry(result, isIdempotent: endpoint.isIdempotent)
            else { return result }
            retries += 1
            let delay = policy.delay(beforeRetry: retries, after: result)
            if let deadline, delay >= deadline.seconds - deadline.started.secondsElapsed { return result }
            do {
                try await configuration.sleep(delay)
            } catch {
                return .failure(.cancelled(sending: request))
            }
            if Task.isCancelled { return .failure(.cancelled(sending: request)) }
        }
    }

    /// One attempt, and the generation of the credential it carried, if any.
    private func send(
        _ built: URLRequest,
        for endpoint: EndPoint,
        attempt: Int,
        _ authentication: AuthenticationCoordinator?
    ) async -> (Result<Response, NetworkError>, generation: Int?) {
        let plugins = configuration.allPlugins
        let context = PluginContext(endpoint: endpoint, attempt: attempt)
        var request = built
        var credentialHeaders: Set<String> = []
        do {
            for plugin in plugins {
                let before = request
                request = try await plugin.prepare(request, context: context)
                if plugin.setsCredentials {
                    credentialHeaders.formUnion(CredentialHeaders.changed(from: before, to: request))
                }
            }
        } catch {
            return (.failure(error), nil)
        }
        var generation: Int?
        if let authentication {
            guard let authenticated = await authentication.authenticate(request) else {
                return (.failure(.cancelled(sending: request)), nil)
            }
            credentialHeaders.formUnion(CredentialHeaders.changed(from: request, to: authenticated.request))
            (request, generation) = authenticated
        }
        credentialHeaders.formUnion(CredentialHeaders.secret(in: request, by: configuration.redactors))
        for plugin in plugins {
            await plugin.willSend(request, context: context)
        }
        let result: Result<Response, NetworkError>
        do {
            try Task.checkCancellation()
            let (head, data) = try await transport(request, endpoint, credentialHeaders)
            result = .success(Response(request: request, head: head, data: data))
        } catch {
            result = .failure(NetworkError(error, sending: request))
        }
        for plugin in plugins {
            await plugin.didReceive(result, for: request, context: context)
        }
        var processed = result
        for plugin in plugins {
            processed = await plugin.process(processed, for: request, context: context)
        }
        return (processed, generation)
    }
}
