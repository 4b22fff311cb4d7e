import Foundation
import NetworkLayer
import ProbeSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Downloads one file to disk in a process of its own and reports the process's peak resident memory.
///
///     DownloadProbe router|urlsession URL
///
/// The download benchmarks run it, so that the figure is the download's alone, without the benchmark harness's
/// own memory. It links the library and Foundation only, as an app that downloads would.
@main
enum DownloadProbe {
    static func main() async {
        await DownloadProbeRun.main(name: "DownloadProbe", clients: ["router", "urlsession"]) { client, url, file in
            if client == "router" {
                try await DownloadProbeRun.download(url, to: file, with: Router())
                return
            }
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let (downloaded, response) = try await session.download(for: URLRequest(url: url))
            guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw URLError(.badServerResponse) }
            try FileManager.default.moveItem(at: downloaded, to: file)
        }
    }
}
