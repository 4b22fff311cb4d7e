import Foundation

/// The server's side of loopback TCP connections, read from the kernel's table (`/proc/net/tcp`).
///
/// A connection the client closes leaves the `ESTABLISHED` state at the server the moment its FIN or RST
/// arrives, before the server process itself notices: that moment is what "the server sees it closed" means
/// in the cancellation benchmarks. Linux only; elsewhere ``isAvailable`` is `false`.
enum ServerSockets {
    static var isAvailable: Bool { FileManager.default.isReadableFile(atPath: table) }

    /// The client ports of the connections that the server listening on `port` holds open.
    static func openPeers(ofPort port: Int) -> Set<Int> {
        // Read to the end: Foundation's `String(contentsOfFile:)` stops after the first page of a /proc file.
        guard let handle = FileHandle(forReadingAtPath: table), let data = try? handle.readToEnd() else { return [] }
        try? handle.close()
        let text = String(decoding: data, as: UTF8.self)
        var peers: Set<Int> = []
        for line in text.split(separator: "\n").dropFirst() {
            // sl local_address rem_address st ...; addresses are HEXIP:HEXPORT, state 01 is ESTABLISHED.
            let fields = line.split(separator: " ")
            guard fields.count > 3, fields[3] == "01",
                hexPort(of: fields[1]) == port, let peer = hexPort(of: fields[2])
            else { continue }
            peers.insert(peer)
        }
        return peers
    }

    /// How long after `start` the server still held any of `peers` open, polled every 200 µs; `limit` when it
    /// still held one then (a transfer that ran to its end leaves its connection open for the next request).
    static func closeLatency(
        of peers: Set<Int>, port: Int, since start: ContinuousClock.Instant, limit: Duration = .seconds(1)
    ) async throws -> Duration {
        while !openPeers(ofPort: port).isDisjoint(with: peers) {
            guard ContinuousClock.now - start < limit else { return limit }
            try await Task.sleep(for: .microseconds(200))
        }
        return ContinuousClock.now - start
    }

    private static let table = "/proc/net/tcp"

    private static func hexPort(of address: Substring) -> Int? {
        address.split(separator: ":").last.flatMap { Int($0, radix: 16) }
    }
}
