import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

@Suite("Integration: downloads", .needsHTTPBin, .serialized)
struct DownloadIntegrationTests {
    /// Temporary-file names this library's downloads use. Not `.multipart`: the upload suite runs
    /// alongside this one and its forms' temporary files would show up here.
    static let leftoverSuffixes = [".download"]

    private static func makeDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("downloads-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test(
        "A download lands byte-exact at the destination, with complete progress and no temp files left",
        .timeLimit(.minutes(1)))
    func download() async throws {
        let router = try HTTPBinPeer.makeTransferRouter()
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("bytes.bin")
        let before = temporaryFiles(endingIn: Self.leftoverSuffixes)
        // A Foundation download task would leave `<UUID>.tmp` holding exactly the body.
        let foundationTempsBefore = temporaryFiles(endingIn: [".tmp"], size: 102_400)
        let progress = UploadIntegrationTests.ProgressLog()

        let download = try await router.download(.range(count: 102_400), to: destination, progress: progress.handler)

        #expect(download.statusCode == 200)
        #expect(download.data.isEmpty)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        let expected = Data((0..<102_400).map { alphabet[$0 % alphabet.count] })
        #expect(try Data(contentsOf: destination) == expected)
        #expect(try await router.request(.range(count: 102_400)).data == expected)
        progress.expectMonotonicAndComplete(total: 102_400)
        #expect(progress.reports.current.count > 1)
        #expect(temporaryFiles(endingIn: Self.leftoverSuffixes).subtracting(before).isEmpty)
        #expect(temporaryFiles(endingIn: [".tmp"], size: 102_400).subtracting(foundationTempsBefore).isEmpty)
    }

    @Test("A multi-megabyte body (httpbin's echo of 5 MB) downloads to disk intact", .timeLimit(.minutes(1)))
    func largeDownload() async throws {
        let router = try HTTPBinPeer.makeTransferRouter(maximumResponseSize: 1024)
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("echo.json")
        let body = String(repeating: "0123456789abcdef", count: 5 * 1024 * 1024 / 16)
        let progress = UploadIntegrationTests.ProgressLog()

        // The size limit is for bodies kept in memory: a download to disk is not held to it.
        let download = try await router.download(.anything(body: body), to: destination, progress: progress.handler)

        let written = try Data(contentsOf: destination)
        #expect(written.count > 5 * 1024 * 1024)
        #expect(try JSONDecoder().decode(TransferEcho.self, from: written).data == body)
        #expect(download.data.isEmpty)
        progress.expectMonotonicAndComplete(total: Int64(written.count))
    }

    @Test("A non-2xx download leaves the destination untouched and returns the body in memory")
    func failureStatus() async throws {
        let router = try HTTPBinPeer.makeTransferRouter()
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("missing.bin")

        let download = try await router.download(.status(418), to: destination)

        #expect(download.statusCode == 418)
        #expect(!download.data.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }

    @Test("Cancelling mid-download throws cancelled once and leaves no file anywhere", .timeLimit(.minutes(1)))
    func cancelMidDownload() async throws {
        let router = try HTTPBinPeer.makeTransferRouter()
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("slow.bin")
        let before = temporaryFiles(endingIn: Self.leftoverSuffixes)
        let received = Locked<Int64>(0)
        let recorder = CompletionRecorder<Result<Response, NetworkError>>()
        let start = ContinuousClock.now

        let download = Task {
            do throws(NetworkError) {
                let response = try await router.download(.drip(bytes: 4_000, duration: 20), to: destination) {
                    progress in
                    received.withLock { $0 = progress.completedBytes }
                }
                recorder.record(.success(response))
            } catch {
                recorder.record(.failure(error))
            }
        }
        #expect(await eventually { received.current > 0 })
        download.cancel()
        let deliveries = await recorder.collect(expected: 1, within: .seconds(10), settle: .milliseconds(500))

        try #require(deliveries.count == 1)
        #expect(deliveries[0].value.failure?.kind == .cancelled)
        #expect(start.duration(to: deliveries[0].arrival) < .seconds(15))
        #expect(!FileManager.default.fileExists(atPath: destination.path))
        #expect(temporaryFiles(endingIn: Self.leftoverSuffixes).subtracting(before).isEmpty)
    }

    @Test(
        "Cancelling from inside the progress handler, on the session's own thread, ends the download at once",
        .timeLimit(.minutes(1)))
    func cancelFromProgressHandler() async throws {
        let router = try HTTPBinPeer.makeTransferRouter()
        let directory = try Self.makeDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("cancelled.bin")
        let start = ContinuousClock.now

        let outcome: Result<Response, NetworkError>
        do {
            outcome = .success(
                try await router.download(.drip(bytes: 4_000, duration: 20), to: destination) { _ in router.cancel() })
        } catch {
            outcome = .failure(error)
        }

        #expect(outcome.failure?.kind == .cancelled)
        #expect(start.duration(to: .now) < .seconds(15))
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }
}
