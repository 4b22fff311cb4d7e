import Foundation
import NetworkLayer
import ProbeSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads one file to disk, or streams it, in a process of its own and reports the process's peak resident
/// memory.
///
///     DownloadProbe router|urlsession|router-stream|router-stream-slow URL
///
/// The download and stream benchmarks run it, so that the figure is the transfer's alone, without the benchmark
/// harness's own memory. It links the library and Foundation only, as an app would. `router-stream-slow`
/// sleeps 1 ms after each chunk, a consumer slower than the transfer.
@main
enum DownloadProbe {
    static func main() async {
        let clients = ["router", "urlsession", "router-stream", "router-stream-slow"]
        await DownloadProbeRun.main(name: "DownloadProbe", clients: clients) { client, url, file in
            switch client {
            case "router":
                try await DownloadProbeRun.download(url, to: file, with: Router())
                return nil
            case "router-stream", "router-stream-slow":
                let pause: Duration? = client == "router-stream-slow" ? .milliseconds(1) : nil
                return try await DownloadProbeRun.stream(url, with: Router(), pausing: pause)
            default:
                let session = URLSession(configuration: .ephemeral)
                defer { session.finishTasksAndInvalidate() }
                let (downloaded, response) = try await session.download(for: URLRequest(url: url))
                guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
                try FileManager.default.moveItem(at: downloaded, to: file)
                return nil
            }
        }
    }
}
