import Foundation
@_spi(Transport) import NetworkLayer
@_spi(Transport) import NetworkLayerAsyncHTTPClient
import Testing

extension WebSocketEchoTests {
    /// The route `/idle` drops a connection on which no frame came for `drop_after` seconds, and says "alive"
    /// once it has seen `pings` pings: with pings 10 times as often as the limit, the socket outlives the limit
    /// several times over. The test itself waits on no clock. `WEBSOCKET_KEEPALIVE_PINGS=300` keeps it open for
    /// the 60 seconds.
    @Test("an idle connection is kept open by the transport's pings")
    func keptAlive() async throws {
        let pings = ProcessInfo.processInfo.environment["WEBSOCKET_KEEPALIVE_PINGS"].flatMap { Int($0) } ?? 15
        try await WebSocketPeer.withTransport { transport in
            let socket = try await WebSocketPeer.open(
                transport, server: Self.server, "/idle?drop_after=2&pings=\(pings)",
                options: WebSocketOptions(pingInterval: 0.2, pongTimeout: 5))
            #expect(try await socket.receive() == .text("alive after \(pings) pings"))
            await socket.close(code: .normalClosure, reason: "")
        }
    }

    @Test("without pings the same server drops the idle connection")
    func droppedWithoutPings() async throws {
        try await WebSocketPeer.withTransport { transport in
            let socket = try await WebSocketPeer.open(transport, server: Self.server, "/idle?drop_after=1&pings=1")
            let error = await #expect(throws: NetworkError.self) { try await socket.receive() }
            #expect(error?.kind == .connectionLost)
        }
    }

    /// 10,000 messages of 64 KiB (625 MiB) read slowly: the inbound buffer stays at its bound and the reads
    /// stop while it is full, so the process grows by far less than the data.
    @Test("a slow reader of 10,000 × 64 KiB adds under 32 MiB of resident memory")
    func slowReader() async throws {
        let (count, growth) = try await WebSocketPeer.withTransport { transport in
            let socket = try await WebSocketPeer.open(
                transport, server: Self.server, "/stream?count=10000&size=65536",
                options: WebSocketOptions(inboundBufferSize: 16))
            let baseline = ResidentMemory.current()
            var peak = baseline
            var count = 0
            while let message = try await socket.receive() {
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
        print("WebSocket slow reader: resident memory grew by \(growth / 1024) KiB over 10,000 × 64 KiB")
        #expect(growth < 32 << 20, "grew by \(growth) bytes")
    }
}

extension WebSocketEchoTests {
    /// The same through the router, whose inbox of `inboundBufferSize` (16) messages is the only buffer.
    @Test("a slow reader of router.webSocket adds under 32 MiB of resident memory")
    func slowReaderThroughRouter() async throws {
        let (count, growth) = try await WebSocketPeer.withTransport { transport in
            let socket = try await Router<SocketRoute>(transport: transport).webSocket(
                .stream(count: 10_000, size: 65_536))
            let baseline = ResidentMemory.current()
            var peak = baseline
            var count = 0
            for try await message in socket.messages {
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
        print("WebSocket slow reader through the router: resident memory grew by \(growth / 1024) KiB")
        #expect(growth < 32 << 20, "grew by \(growth) bytes")
    }
}

/// The process's resident memory now, from /proc/self/statm (Linux), else its peak so far.
enum ResidentMemory {
    static func current() -> Int {
        if let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = statm.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        {
            return pages * Int(getpagesize())
        }
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024
        #else
        getrusage(RUSAGE_SELF, &usage)
        return usage.ru_maxrss
        #endif
    }
}
