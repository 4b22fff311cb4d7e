import Foundation
import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// What a download probe does: download one file to disk, or stream it, in a process of its own, then print
/// `bytes=<size of the file written, or bytes streamed> peak_rss_bytes=<VmHWM> nanoseconds=<transfer time>` and
/// exit 0, or print why it could not and exit 1.
public enum DownloadProbeRun {
    /// A file on the local server.
    public struct File: EndPointType {
        /// The folder the file is in.
        public let baseURL: URL
        /// The file's name.
        public let path: String

        /// The file at `url`.
        public init(_ url: URL) {
            (baseURL, path) = (url.deletingLastPathComponent(), url.lastPathComponent)
        }
    }

    /// Parses `CLIENT URL` from the command line, where CLIENT is one of `clients`, transfers with `download`,
    /// and prints the figures. `download` writes `destination` and returns `nil`, or streams and returns the
    /// bytes it read.
    public static func main(
        name: String, clients: [String],
        download: @Sendable (_ client: String, _ url: URL, _ destination: URL) async throws -> Int?
    ) async {
        let arguments = CommandLine.arguments.dropFirst()
        guard arguments.count == 2, let client = arguments.first, clients.contains(client),
            let url = arguments.last.flatMap(URL.init(string:)), url.host == "127.0.0.1"
        else {
            fail(name, "usage: \(name) \(clients.joined(separator: "|")) http://127.0.0.1:PORT/FILE")
        }
        let destination = FileManager.default.temporaryDirectory
            .appendingPathComponent("NetworkLayer\(name)-\(UUID().uuidString).bin")
        defer { try? FileManager.default.removeItem(at: destination) }
        do {
            let start = ContinuousClock.now
            let streamed = try await download(client, url, destination)
            let elapsed = ContinuousClock.now - start
            let size =
                try streamed ?? FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? Int ?? -1
            let nanoseconds =
                elapsed.components.seconds * 1_000_000_000 + elapsed.components.attoseconds / 1_000_000_000
            print("bytes=\(size) peak_rss_bytes=\(try peakResidentBytes()) nanoseconds=\(nanoseconds)")
        } catch {
            try? FileManager.default.removeItem(at: destination)
            fail(name, "download of \(url) failed: \(error)")
        }
    }

    /// Downloads `url` to `destination` with `router`, failing unless the status is 200.
    public static func download(_ url: URL, to destination: URL, with router: Router<File>) async throws {
        let download = try await router.download(File(url), to: destination)
        guard download.statusCode == 200 else { throw URLError(.badServerResponse) }
    }

    /// Streams `url` with `router` and returns the bytes read; after each chunk the consumer sleeps `pause`.
    public static func stream(_ url: URL, with router: Router<File>, pausing pause: Duration?) async throws -> Int {
        let streamed = try await router.stream(File(url))
        guard streamed.response.statusCode == 200 else { throw URLError(.badServerResponse) }
        var count = 0
        for try await chunk in streamed.body {
            count += chunk.count
            if let pause { try await Task.sleep(for: pause) }
        }
        return count
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

    static func fail(_ name: String, _ message: String) -> Never {
        FileHandle.standardError.write(Data("\(name): \(message)\n".utf8))
        exit(1)
    }
}
