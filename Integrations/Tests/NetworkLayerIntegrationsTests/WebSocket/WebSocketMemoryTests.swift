import Foundation
import Testing

/// A slow reader of 10,000 × 64 KiB adds under 32 MiB of resident memory: measured by ``WebSocketMemoryProbe``
/// in a copy of this test process that runs nothing else, since the suites running beside it here would count.
@Suite(
    "Integration: WebSocket memory of a slow reader, in a process of its own",
    .enabled(
        if: FileManager.default.fileExists(atPath: "/proc/self/exe")
            && (WebSocketPeer.echoServer != nil || WebSocketPeer.isRequired),
        "needs Linux's /proc and WEBSOCKET_SERVER_URL (scripts/test.sh starts scripts/websocket_server.py)")
)
struct WebSocketMemoryTests {
    @Test("a slow reader adds under 32 MiB, over the transport and through the router")
    func slowReader() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("ws-memory-\(UUID()).txt")
        defer { try? FileManager.default.removeItem(at: output) }
        try #require(FileManager.default.createFile(atPath: output.path, contents: nil))
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        probe.arguments = ["--testing-library", "swift-testing", "--filter", "WebSocketMemoryProbe"]
        probe.environment = ProcessInfo.processInfo.environment.merging(["WEBSOCKET_MEMORY_PROBE": "1"]) { $1 }
        probe.standardOutput = try FileHandle(forWritingTo: output)
        probe.standardError = FileHandle.nullDevice
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            probe.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try probe.run() } catch { continuation.resume(throwing: error) }
        }
        let lines = try String(contentsOf: output, encoding: .utf8).split(separator: "\n")
        let growth = Dictionary(
            lines.compactMap { line -> (String, Int)? in
                let fields = line.split(separator: " ")
                guard fields.count == 3, fields[0] == "WEBSOCKET_MEMORY_GROWTH", let bytes = Int(fields[2]) else {
                    return nil
                }
                return (String(fields[1]), bytes)
            }, uniquingKeysWith: { $1 })
        print("WebSocket slow reader, 10,000 × 64 KiB: resident memory grew by \(growth) bytes")
        #expect(status == 0, "the probe failed:\n\(lines.suffix(20).joined(separator: "\n"))")
        #expect(Set(growth.keys) == ["transport", "router"])
        #expect(growth.values.allSatisfy { $0 < 32 << 20 })
    }
}
