import Benchmark
import Foundation
import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Peak resident memory of the whole process while a large file comes from the local nginx.
///
/// NetworkLayer has no download API yet, so its side is a data request of a smaller file, held in memory.
enum DownloadBenchmarks {
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

        Benchmark("Download 20 MB in memory: NetworkLayer Router data request", configuration: Settings.download) {
            (benchmark: Benchmark) async throws in
            let router = Router<LocalFile>()
            let response = try await router.request(LocalFile(baseURL: server, path: LocalFile.smallBlob))
            try expectOK(response.httpResponse, length: response.data.count, expectedLength: LocalFile.smallBlobSize)
        }
    }
}
