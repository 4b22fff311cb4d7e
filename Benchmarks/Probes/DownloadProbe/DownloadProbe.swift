import Foundation
import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

#if canImport(NetworkLayerAsyncHTTPClient)
import NetworkLayerAsyncHTTPClient
#endif

/// Downloads one file to disk in a process of its own and reports the process's peak resident memory.
///
///     DownloadProbe router|urlsession|asynchttpclient URL
///
/// `asynchttpclient` (the router over `AsyncHTTPClientTransport`) exists in builds with the transport benchmarks.
///
/// Prints `bytes=<size of the file written> peak_rss_bytes=<VmHWM> nanoseconds=<download time>` and exits 0,
/// or prints why it could not and exits 1. The download benchmarks run it, so that the figure is the
/// download's alone, without the benchmark harness's own memory.
@main
enum DownloadProbe {
    enum Client: String {
        case router
        case urlsession
        case asynchttpclient
    }

    struct File: EndPointType {
        let baseURL: URL
        let path: String
    }

    static func main() async {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 2, let client = arguments.first.flatMap(Client.init(rawValue:)),
            let url = arguments.last.flatMap(URL.init(string:)), url.host == "127.0.0.1"
        else {
            fail("usage: DownloadProbe router|urlsession|asynchttpclient http://127.0.0.1:PORT/FILE")
        }
        let destination = FileManager.default.temporaryDirectory
            .appendingPathComponent("NetworkLayerDownloadProbe-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: destination) }
        do {
            let start = ContinuousClock.now
            try await download(url, to: destination, through: client)
            let elapsed = ContinuousClock.now - start
            let size = try FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? Int ?? -1
            let nanoseconds =
                elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
            print("bytes=\(size) peak_rss_bytes=\(try peakResidentBytes()) nanoseconds=\(nanoseconds)")
        } catch {
            try? FileManager.default.removeItem(at: destination)
            fail("download of \(url) failed: \(error)")
        }
    }

    static func download(_ url: URL, to destination: URL, through client: Client) async throws {
        switch client {
        case .router:
            try await download(url, to: destination, with: Router<File>())
        case .asynchttpclient:
            #if canImport(NetworkLayerAsyncHTTPClient)
            let transport = AsyncHTTPClientTransport()
            try await download(url, to: destination, with: Router<File>(transport: transport))
            try await transport.shutdown()
            #else
            fail("this build has no AsyncHTTPClientTransport (NETWORKLAYER_BENCH_TRANSPORTS=0)")
            #endif
        case .urlsession:
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let (file, response) = try await session.download(for: URLRequest(url: url))
            guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
            try FileManager.default.moveItem(at: file, to: destination)
        }
    }

    static func download(_ url: URL, to destination: URL, with router: Router<File>) async throws {
        let endpoint = File(baseURL: url.deletingLastPathComponent(), path: url.lastPathComponent)
        let download = try await router.download(endpoint, to: destination)
        guard download.statusCode == 200 else { throw URLError(.badServerResponse) }
    }

    /// The kernel's high-water mark of this process's resident memory (`VmHWM`), in bytes.
    static func peakResidentBytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            if let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) {
                return kilobytes * 1024
            }
        }
        throw CocoaError(.fileReadCorruptFile, userInfo: [NSFilePathErrorKey: "/proc/self/status"])
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("DownloadProbe: \(message)\n".utf8))
        exit(1)
    }
}
