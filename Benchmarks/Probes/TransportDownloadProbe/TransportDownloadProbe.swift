import NetworkLayer
import NetworkLayerAsyncHTTPClient
import ProbeSupport

/// `DownloadProbe` for the router over `AsyncHTTPClientTransport`, in a process that links AsyncHTTPClient.
///
///     TransportDownloadProbe asynchttpclient URL
@main
enum TransportDownloadProbe {
    static func main() async {
        await DownloadProbeRun.main(name: "TransportDownloadProbe", clients: ["asynchttpclient"]) { _, url, file in
            let transport = AsyncHTTPClientTransport()
            try await DownloadProbeRun.download(url, to: file, with: Router(transport: transport))
            try await transport.shutdown()
            return nil
        }
    }
}
