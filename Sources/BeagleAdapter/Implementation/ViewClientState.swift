import Foundation

/// The view client's shared state: the cache and the requests in flight, changed only under its lock.
struct ViewClientState: Sendable {
    typealias Completion = @Sendable (Result<any ServerDrivenComponent, Request.Error>) -> Void

    /// What identifies a screen: its URL and the additional data it is requested with.
    struct Key: Hashable, Sendable {
        let url: URL
        let additionalData: HttpAdditionalData?
    }

    /// One request in flight and everyone waiting for it.
    private struct Flight: Sendable {
        let id = UUID()
        var waiters: [UUID: Completion] = [:]
        /// A prefetch wants the result cached, so the request goes on without waiters.
        var prefetching = false
        var token: (any RequestToken)?
    }

    /// What a fetch or prefetch must do next.
    enum Plan {
        /// The screen is cached.
        case cached(any ServerDrivenComponent)
        /// A request for the screen is already in flight; the caller waits for it.
        case joined
        /// The caller must start the request for this flight.
        case start(flightID: UUID)
    }

    var cache: ComponentCache<Key>
    private var flights: [Key: Flight] = [:]
    /// Flights given up before their token arrived; the token is cancelled when it does.
    private var abandoned: Set<UUID> = []

    init(cache: ComponentCache<Key>) {
        self.cache = cache
    }

    /// Serves `key` from the cache, or makes `waiter` wait for a request; `waiter == nil` is a prefetch.
    mutating func plan(_ key: Key, waiter: (id: UUID, completion: Completion)?, now: Date) -> Plan {
        if let component = cache.component(for: key, now: now) { return .cached(component) }
        var flight = flights[key] ?? Flight()
        let isNew = flights[key] == nil
        if let waiter {
            flight.waiters[waiter.id] = waiter.completion
        } else {
            flight.prefetching = true
        }
        flights[key] = flight
        return isNew ? .start(flightID: flight.id) : .joined
    }

    /// Records the token of a started flight; returns `true` when the flight was given up meanwhile
    /// and the token must be cancelled.
    mutating func attach(_ token: (any RequestToken)?, to key: Key, flightID: UUID) -> Bool {
        if flights[key]?.id == flightID {
            flights[key]?.token = token
            return false
        }
        return abandoned.remove(flightID) != nil
    }

    /// Ends a flight: caches a success and returns the waiters to complete.
    mutating func finish(
        _ key: Key,
        flightID: UUID,
        result: Result<any ServerDrivenComponent, Request.Error>,
        now: Date
    ) -> [Completion] {
        guard let flight = flights[key], flight.id == flightID else { return [] }
        flights[key] = nil
        if case .success(let component) = result { cache.insert(component, for: key, now: now) }
        return Array(flight.waiters.values)
    }

    /// Withdraws one waiter; returns its completion (if it had not completed yet) and the token to
    /// cancel when nobody else wants the result.
    mutating func cancel(_ key: Key, waiter: UUID) -> (completion: Completion?, token: (any RequestToken)?) {
        guard var flight = flights[key], let completion = flight.waiters.removeValue(forKey: waiter) else {
            return (nil, nil)
        }
        guard flight.waiters.isEmpty, !flight.prefetching else {
            flights[key] = flight
            return (completion, nil)
        }
        flights[key] = nil
        if flight.token == nil { abandoned.insert(flight.id) }
        return (completion, flight.token)
    }
}
