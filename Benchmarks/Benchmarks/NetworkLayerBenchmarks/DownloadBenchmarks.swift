import Benchmark
import Foundation
@_spi(Transport) import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Peak resident memory of the whole process while a large file comes from the local nginx.
///
/// `Router.download(_:to:progress:)` writes the body to disk like `URLSession`'s download task; the
/// Router's in-memory data request of a smaller file is there for comparison.
enum DownloadBenchmarks {
    /// One router for every iteration, as an app keeps one.
    static let downloadRouter = Router<LocalFile>()

    static func register() {
        guard let server = Settings.server else { return }

        Benchmark("Download 200 MB to disk: baseline URLSession downloadTask", configuration: Settings.download) {
            (benchmark: Benchmark) async throws in
            let session = URLSession(configuration: .ephemeral)
            defer { session.finishTasksAndInvalidate() }
            let request = URLRequest(url: server.appendingPathComponent(LocalFile.largeBlob))
            let (file, response) = try await session.download(for: request)
            defer { try? FileManager.default.removeItem(at: file) }
            let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int ?? -1
            try expectOK(response, length: size, expectedLength: LocalFile.largeBlobSize)
        }

        Benchmark("Download 200 MB to disk: NetworkLayer Router download", configuration: Settings.download) {
            (benchmark: Benchmark) async throws in
            // Smoke mode only checks that the download works, so it fetches the 20 MB file instead.
            let (path, expectedLength) =
                Settings.isSmoke
                ? (LocalFile.smallBlob, LocalFile.smallBlobSize) : (LocalFile.largeBlob, LocalFile.largeBlobSize)
            let destination = FileManager.default.temporaryDirectory
                .appendingPathComponent("NetworkLayerBenchmarks-\(UUID().uuidString).bin")
            defer { try? FileManager.default.removeItem(at: destination) }
            let download = try await downloadRouter.download(LocalFile(baseURL: server, path: path), to: destination)
            let size = try FileManager.default.attributesOfItem(atPath: destination.path)[.size] as? Int ?? -1
            try expectOK(download.head.httpURLResponse, length: size, expectedLength: expectedLength)
        }

        Benchmark("Download 20 MB in memory: NetworkLayer Router data request", configuration: Settings.download) {
            (benchmark: Benchmark) async throws in
            let router = Router<LocalFile>()
            let response = try await router.request(LocalFile(baseURL: server, path: LocalFile.smallBlob))
            try expectOK(
                response.head.httpURLResponse, length: response.data.count, expectedLength: LocalFile.smallBlobSize)
        }
    }
}
