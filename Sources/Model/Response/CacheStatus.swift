/// Where a ``Response`` came from when a router has an ``HTTPCache`` (``RouterConfiguration/cache``).
public enum CacheStatus: Sendable, Hashable {
    /// From the network: the cache had no response it could use, or there is no cache.
    case network
    /// From the cache, without asking the network; also the `504` the cache answers on its own when a
    /// request may only be answered from the cache and it holds nothing usable.
    case cached
    /// From the cache, after the server confirmed with `304 Not Modified` that the stored response is still
    /// current: its body comes from the cache, its header fields updated by the `304`.
    case revalidated
}
