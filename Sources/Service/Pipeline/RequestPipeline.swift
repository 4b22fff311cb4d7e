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
    typealias Send = @Sendable (URLRequest, EndPoint) async throws -> (ResponseHead, Data)

    let configuration: RouterConfiguration
    let transport: Send

    /// The final outcome of sending `request`, which was built from `endpoint`.
    func run(_ request: URLRequest, for endpoint: EndPoint) async -> Result<Response, NetworkError> {
        guard let deadline = endpoint.deadline ?? configuration.deadline else {
            return await attempts(request, for: endpoint)
        }
        return await Deadline.run(within: deadline, for: request) { [self] in await attempts(request, for: endpoint) }
    }

    private func attempts(_ request: URLRequest, for endpoint: EndPoint) async -> Result<Response, NetworkError> {
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
            do {
                try await configuration.sleep(policy.delay(beforeRetry: retries, after: result))
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
        do {
            for plugin in plugins {
                request = try await plugin.prepare(request, context: context)
            }
        } catch {
            return (.failure(error), nil)
        }
        var generation: Int?
        if let authentication {
            guard let authenticated = await authentication.authenticate(request) else {
                return (.failure(.cancelled(sending: request)), nil)
            }
            (request, generation) = authenticated
        }
        for plugin in plugins {
            await plugin.willSend(request, context: context)
        }
        let result: Result<Response, NetworkError>
        do {
            try Task.checkCancellation()
            let (head, data) = try await transport(request, endpoint)
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
