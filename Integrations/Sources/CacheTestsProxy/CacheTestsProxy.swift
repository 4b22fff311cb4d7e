import Foundation

/// `cache-tests-proxy --port N --origin URL`: forwards every request it receives on 127.0.0.1:N to the
/// origin through a NetworkLayer router (see `RouterSetup`), for the RFC 9111 cache test suite
/// (scripts/cache_tests.sh). Port 0 takes a free one; the address is printed once bound.
@main
enum CacheTestsProxy {
    static func main() async {
        guard #available(macOS 14, iOS 17, tvOS 17, watchOS 10, *) else {
            FileHandle.standardError.write(Data("cache-tests-proxy: needs macOS 14 or later\n".utf8))
            exit(1)
        }
        do {
            let options = try Options(arguments: Array(CommandLine.arguments.dropFirst()))
            let server = ProxyServer(port: options.port, origin: options.origin, router: RouterSetup.makeRouter())
            try await server.run()
        } catch {
            FileHandle.standardError.write(Data("cache-tests-proxy: \(error)\n".utf8))
            exit(1)
        }
    }
}
