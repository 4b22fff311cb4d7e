import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

@Suite("Integration: uploads", .needsHTTPBin, .serialized)
struct UploadIntegrationTests {
    /// Collects progress reports and checks that they only grow and end complete.
    struct ProgressLog: Sendable {
        let reports = Locked<[TransferProgress]>([])
        var handler: TransferProgressHandler { { progress in reports.withLock { $0.append(progress) } } }

        func expectMonotonicAndComplete(total: Int64, sourceLocation: SourceLocation = #_sourceLocation) {
            let reports = reports.current
            #expect(!reports.isEmpty, sourceLocation: sourceLocation)
            let completed = reports.map(\.completedBytes)
            #expect(completed == completed.sorted(), sourceLocation: sourceLocation)
            #expect(
                reports.last == TransferProgress(completedBytes: total, totalBytes: total),
                sourceLocation: sourceLocation)
        }
    }

    private static func textFile(bytes: Int) throws -> (URL, String) {
        let text = String(String(repeating: "The quick brown fox. ", count: bytes / 21 + 1).prefix(bytes))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: url)
        return (url, text)
    }

    @Test("Data uploads with a Content-Length and reports progress to the end", .timeLimit(.minutes(1)))
    func uploadData() async throws {
        let router = try HTTPBinPeer.makeTransferRouter()
        let body = String(repeating: "data upload ", count: 50_000)
        let progress = ProgressLog()

        let response = try await router.upload(.upload(Data(body.utf8)), progress: progress.handler)

        let echo = try response.decode(TransferEcho.self)
        #expect(echo.method == "POST")
        #expect(echo.data == body)
        #expect(echo.headers?["Content-Length"] == String(body.utf8.count))
        #expect(echo.headers?["Transfer-Encoding"] == nil)
        progress.expectMonotonicAndComplete(total: Int64(body.utf8.count))
    }

    @Test("A file uploads from disk with a Content-Length and reports progress", .timeLimit(.minutes(1)))
    func uploadFile() async throws {
        let router = try HTTPBinPeer.makeTransferRouter()
        let (file, text) = try Self.textFile(bytes: 1_000_000)
        defer { try? FileManager.default.removeItem(at: file) }
        let progress = ProgressLog()

        let response = try await router.upload(.uploadFile(file), progress: progress.handler)

        let echo = try response.decode(TransferEcho.self)
        #expect(echo.data == text)
        #expect(echo.headers?["Content-Type"] == "text/plain")
        #expect(echo.headers?["Content-Length"] == "1000000")
        progress.expectMonotonicAndComplete(total: 1_000_000)
    }

    @Test("A multipart form with fields and a file part arrives as form and files", .timeLimit(.minutes(1)))
    func multipart() async throws {
        let router = try HTTPBinPeer.makeTransferRouter()
        let (file, text) = try Self.textFile(bytes: 300_000)
        defer { try? FileManager.default.removeItem(at: file) }
        var form = MultipartFormData(boundary: "upload-test-boundary")
        form.append("Dune", name: "title")
        form.append("café & co", name: "studio")
        form.appendFile(at: file, name: "script")
        let before = temporaryFiles(endingIn: [".multipart"])
        let progress = ProgressLog()

        let response = try await router.upload(.multipart(form), progress: progress.handler)

        let echo = try response.decode(TransferEcho.self)
        #expect(echo.form == ["title": "Dune", "studio": "café & co"])
        #expect(echo.files == ["script": text])
        #expect(echo.headers?["Content-Type"] == "multipart/form-data; boundary=upload-test-boundary")
        #expect(temporaryFiles(endingIn: [".multipart"]).subtracting(before).isEmpty)
        let total = try #require(progress.reports.current.last?.totalBytes)
        #expect(total > 300_000)
        progress.expectMonotonicAndComplete(total: total)
    }

    @Test(
        "Cancelling an upload mid-flight throws cancelled once, at once, and removes the form's temp file",
        .timeLimit(.minutes(1)))
    func cancelUpload() async throws {
        let router = try HTTPBinPeer.makeTransferRouter()
        var form = MultipartFormData()
        form.append(Data(repeating: 65, count: 200_000), name: "blob", fileName: "blob.bin")
        let before = temporaryFiles(endingIn: [".multipart"])
        let recorder = CompletionRecorder<Result<Response, NetworkError>>()
        let start = ContinuousClock.now

        let upload = Task {
            do throws(NetworkError) {
                recorder.record(
                    .success(try await router.request(.slowUpload(seconds: 10, task: .uploadMultipart(form)))))
            } catch {
                recorder.record(.failure(error))
            }
        }
        try await Task.sleep(for: .milliseconds(300))
        upload.cancel()
        let deliveries = await recorder.collect(expected: 1, within: .seconds(10), settle: .milliseconds(500))

        try #require(deliveries.count == 1)
        #expect(deliveries[0].value.failure?.kind == .cancelled)
        #expect(start.duration(to: deliveries[0].arrival) < .seconds(8))
        #expect(temporaryFiles(endingIn: [".multipart"]).subtracting(before).isEmpty)
    }

    @Test("Router.cancel() reaches uploads in flight", .timeLimit(.minutes(1)))
    func routerCancelsUpload() async throws {
        let router = try HTTPBinPeer.makeTransferRouter()
        let recorder = CompletionRecorder<Result<Response, NetworkError>>()

        Task {
            do throws(NetworkError) {
                recorder.record(
                    .success(try await router.request(.slowUpload(seconds: 10, task: .requestData(Data("x".utf8))))))
            } catch {
                recorder.record(.failure(error))
            }
        }
        try await Task.sleep(for: .milliseconds(300))
        router.cancel()
        let deliveries = await recorder.collect(expected: 1, within: .seconds(10), settle: .milliseconds(500))

        try #require(deliveries.count == 1)
        #expect(deliveries[0].value.failure?.kind == .cancelled)
    }

    @Test("request(_:) of an uploadMultipart endpoint streams the form too", .timeLimit(.minutes(1)))
    func multipartTask() async throws {
        let router = try HTTPBinPeer.makeTransferRouter()
        var form = MultipartFormData()
        form.append("1", name: "a")
        form.append(Data("bytes".utf8), name: "b", fileName: "b.txt", mimeType: "text/plain")

        let echo = try await router.request(.multipart(form)).decode(TransferEcho.self)

        #expect(echo.form == ["a": "1"])
        #expect(echo.files == ["b": "bytes"])
    }
}
