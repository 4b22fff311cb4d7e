import Foundation
import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A ``ViewClientProtocol`` that caches decoded screens and shares requests in flight.
///
/// - A screen is served from the cache while it is fresh: at most `cacheCapacity` screens
///   (least recently used go first), each for `timeToLive` seconds. Failures are never cached.
/// - Past that, the screen is asked of the network client again, whose `HTTPCache` (by default
///   an in-memory one) answers by the response's HTTP headers: at once while they say it is fresh,
///   else after revalidating it with the server (`If-None-Match`; a `304` reuses the stored body).
/// - A ``prefetch(url:additionalData:)`` and any number of ``fetch(url:additionalData:completion:)``
///   calls for the same screen (URL and additional data) share one request.
/// - Every completion runs exactly once, also after cancelling. A screen served from the cache
///   completes at once, before ``fetch(url:additionalData:completion:)`` returns, as with Beagle's
///   own view client (no loading state flashes by); every other completion runs on
///   `completionQueue`. Cancelling one fetch cancels the request only when nobody else wants it.
///
/// All of it is safe to use from any thread.
public final class CachingViewClient: ViewClientProtocol, Sendable {
    /// What the completions receive.
    public typealias Completion = (Result<any ServerDrivenComponent, Request.Error>) -> Void

    /// What sends the requests; it is shared by every thread the view client is used from.
    public let networkClient: any NetworkClient & Sendable
    /// What decodes response bodies into screens.
    public let coder: any BeagleCoding
    /// What turns the URLs given to ``fetch(url:additionalData:completion:)`` into full URLs.
    public let urlBuilder: any UrlBuilderProtocol
    /// Where completions run.
    public let completionQueue: DispatchQueue
    private let now: @Sendable () -> Date
    private let state: Locked<ViewClientState>

    /// Creates a view client.
    ///
    /// - Parameters:
    ///   - networkClient: What sends the requests. Defaults to a ``RouterNetworkClient`` with an
    ///     in-memory `HTTPCache`, which keeps the bytes of screens by their HTTP headers; pass one with
    ///     `HTTPCache(directory:)` to keep them across launches.
    ///   - coder: What decodes screens.
    ///   - urlBuilder: What builds full URLs from relative ones.
    ///   - cacheCapacity: The most screens cached; `0` turns the cache off (requests are still shared).
    ///   - timeToLive: How long a cached screen is served, in seconds.
    ///   - completionQueue: Where completions of screens that are not cached run. Defaults to the main
    ///     queue, where Beagle runs its completions.
    ///   - now: The clock that dates cache entries; inject one in tests.
    public init(
        networkClient: any NetworkClient & Sendable = RouterNetworkClient(cache: HTTPCache()),
        coder: any BeagleCoding,
        urlBuilder: any UrlBuilderProtocol = UrlBuilder(),
        cacheCapacity: Int = 32,
        timeToLive: TimeInterval = 300,
        completionQueue: DispatchQueue = .main,
        now: @escaping @Sendable () -> Date = { Date() }
    ) {
        self.networkClient = networkClient
        self.coder = coder
        self.urlBuilder = urlBuilder
        self.completionQueue = completionQueue
        self.now = now
        let cache = ComponentCache<ViewClientState.Key>(capacity: cacheCapacity, timeToLive: timeToLive)
        self.state = Locked(ViewClientState(cache: cache))
    }

    /// Fetches the screen at `url`, from the cache when it is fresh, and calls `completion` once.
    ///
    /// A cached screen completes on the calling thread before this returns; anything else completes
    /// on ``completionQueue``.
    ///
    /// - Returns: A token that cancels this fetch, or `nil` when it was served without a request.
    @discardableResult
    public func fetch(
        url: String,
        additionalData: HttpAdditionalData?,
        completion: @escaping Completion
    ) -> (any RequestToken)? {
        let waiter = Self.sendable(completion)
        guard let fullURL = urlBuilder.build(path: url) else {
            deliver(.failure(.urlBuilderError), to: waiter)
            return nil
        }
        let key = ViewClientState.Key(url: fullURL, additionalData: additionalData)
        let waiterID = UUID()
        let plan = state.withLock { $0.plan(key, waiter: (waiterID, waiter), now: now()) }
        switch plan {
        case .cached(let component):
            // Outside the lock, on the caller's thread: the completion may fetch again.
            completion(.success(component))
            return nil
        case .joined:
            break
        case .start(let flightID):
            start(key, flightID: flightID)
        }
        return CancelAction { [self] in cancel(key, waiter: waiterID) }
    }

    /// Loads the screen at `url` into the cache, unless it is cached or already on its way.
    public func prefetch(url: String, additionalData: HttpAdditionalData?) {
        guard let fullURL = urlBuilder.build(path: url) else { return }
        let key = ViewClientState.Key(url: fullURL, additionalData: additionalData)
        if case .start(let flightID) = state.withLock({ $0.plan(key, waiter: nil, now: now()) }) {
            start(key, flightID: flightID)
        }
    }

    /// Empties the cache; requests in flight are not affected.
    public func removeAllCachedScreens() {
        state.withLock { $0.cache.removeAll() }
    }

    private func start(_ key: ViewClientState.Key, flightID: UUID) {
        let request = Request(url: key.url, type: .fetchComponent, additionalData: key.additionalData)
        // Called outside the lock: a client may complete synchronously, and the completion takes the lock.
        let token = networkClient.executeRequest(request) { [self] result in
            finish(key, flightID: flightID, result: result.mapError(Request.Error.networkError).flatMap(decode))
        }
        if state.withLock({ $0.attach(token, to: key, flightID: flightID) }) {
            token?.cancel()
        }
    }

    private func finish(
        _ key: ViewClientState.Key,
        flightID: UUID,
        result: Result<any ServerDrivenComponent, Request.Error>
    ) {
        let waiters = state.withLock { $0.finish(key, flightID: flightID, result: result, now: now()) }
        for completion in waiters { deliver(result, to: completion) }
    }

    private func cancel(_ key: ViewClientState.Key, waiter: UUID) {
        let (completion, token) = state.withLock { $0.cancel(key, waiter: waiter) }
        token?.cancel()
        guard let completion else { return }
        let cancellation = NetworkError(error: URLError(.cancelled), request: URLRequest(url: key.url))
        deliver(.failure(.networkError(cancellation)), to: completion)
    }

    /// Decodes a screen by NetworkLayer's decoding rule (``Response/decode(_:atKeyPath:using:)``), so an empty body
    /// is no screen; a body the coder rejects fails with the coder's own error.
    private func decode(_ response: NetworkResponse) -> Result<any ServerDrivenComponent, Request.Error> {
        var coderError: (any Error)?
        let decodeScreen = { [coder] (data: Data) throws -> any ServerDrivenComponent in
            do {
                return try coder.decode(from: data)
            } catch {
                coderError = error
                throw error
            }
        }
        do {
            guard let head = response.response as? HTTPURLResponse, let url = head.url else {
                return .success(try decodeScreen(response.data))
            }
            let received = Response(request: URLRequest(url: url), httpResponse: head, data: response.data)
            return .success(try received.decodeBody(as: (any ServerDrivenComponent).self, with: decodeScreen))
        } catch {
            return .failure(.decoding(coderError ?? error))
        }
    }

    /// `completion`, which Beagle's protocol does not make `Sendable`, as the closure the view client's state
    /// keeps: held in `Locked` and taken out by the one call that runs it, on ``completionQueue``.
    private static func sendable(_ completion: @escaping Completion) -> ViewClientState.Completion {
        let held = Locked<Completion?>(completion)
        return { result in
            let completion = held.withLock { held in
                defer { held = nil }
                return held
            }
            completion?(result)
        }
    }

    private func deliver(
        _ result: Result<any ServerDrivenComponent, Request.Error>,
        to completion: @escaping ViewClientState.Completion
    ) {
        completionQueue.async { completion(result) }
    }
}

/// A ``RequestToken`` that runs a closure.
struct CancelAction: RequestToken {
    let action: @Sendable () -> Void

    init(_ action: @escaping @Sendable () -> Void) {
        self.action = action
    }

    func cancel() {
        action()
    }
}
