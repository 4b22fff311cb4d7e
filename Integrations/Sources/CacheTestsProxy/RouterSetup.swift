import NetworkLayer
import NetworkLayerAsyncHTTPClient

/// The router the proxy forwards through: **the place where its configuration is made**, the cache with it.
enum RouterSetup {
    /// The router's settings, with a shared ``HTTPCache``, as a proxy's is.
    static func configuration() -> RouterConfiguration {
        var configuration = RouterConfiguration()
        configuration.timeout = 60
        // The suite's bodies are small; a larger one fails rather than filling memory.
        configuration.maximumResponseSize = 16 * 1024 * 1024
        configuration.cache = HTTPCache(shared: true)
        return configuration
    }

    /// A router with ``configuration()`` over a transport that passes a response on as it came:
    /// `RedirectPolicy.refuse`, since a proxy hands a `3xx` to its client rather than following it, and no
    /// decoding of compressed bodies, whose `Content-Encoding` goes back with them.
    ///
    /// `AsyncHTTPClientTransport` rather than `URLSessionTransport`: on Linux, Foundation drops the body of a
    /// `3xx` without `Location`, and fails a body whose `Content-Encoding` it cannot decode.
    static func makeRouter() -> Router<ForwardedRequest> {
        let transport = AsyncHTTPClientTransport(redirectPolicy: .refuse, decompresses: false)
        return Router(configuration: configuration(), transport: transport)
    }
}
