import Foundation
@_spi(Transport) import NetworkLayer
@_spi(Transport) import NetworkLayerAsyncHTTPClient
import Testing

/// 10,000 messages of 64 KiB (625 MiB) read slowly, the reader pausing so that the server is faster: the reads
/// stop while a message waits, so the process grows by far less than the data. Runs only in a process of its
/// own (``WebSocketMemoryTests`` starts it), where no other test's memory is counted.
@Suite(
    "WebSocket memory probe (run alone by the WebSocket memory suite)",
    .serialized,
    .enabled(if: ProcessInfo.processInfo.environment["WEBSOCKET_MEMORY_PROBE"] == "1", "runs in a process of its own")
)
struct WebSocketMemoryProbe {
    @Test("the transport's socket")
    func transport() async throws {
        try await measure("transport") { transport in
            let socket = try await WebSocketPeer.open(
                transport, server: WebSocketPeer.echoServer, "/stream?count=10000&size=65536")
            return { try await socket.receive() }
        }
    }

    @Test("router.webSocket, with its inbox of 16 messages")
    func router() async throws {
        try await measure("router") { transport in
            let socket = try await Router<SocketRoute>(transport: transport).webSocket(
                .stream(count: 10_000, size: 65_536))
            var messages = socket.messages.makeAsyncIterator()
            return { try await messages.next() }
        }
    }

    /// Reads every message of the socket `open` opens, pausing 5 ms every 20, and prints the growth of the
    /// resident memory as `WEBSOCKET_MEMORY_GROWTH NAME BYTES`.
    private func measure(
        _ name: String,
        _ open: (AsyncHTTPClientTransport) async throws -> () async throws -> WebSocketMessage?
    ) async throws {
        let (count, growth) = try await WebSocketPeer.withTransport { transport in
            let next = try await open(transport)
            let baseline = ResidentMemory.current()
            var (peak, count) = (baseline, 0)
            while let message = try await next() {
                #expect(message.byteCount == 65_536)
                count += 1
                if count % 20 == 0 {
                    peak = max(peak, ResidentMemory.current())
                    try await Task.sleep(for: .milliseconds(5))
                }
            }
            return (count, peak - baseline)
        }
        #expect(count == 10_000)
        print("WEBSOCKET_MEMORY_GROWTH \(name) \(growth)")
        #expect(growth < 32 << 20, "grew by \(growth) bytes")
    }
}

/// The process's resident memory now, from /proc/self/statm.
enum ResidentMemory {
    static func current() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return pages * Int(getpagesize())
    }
}
