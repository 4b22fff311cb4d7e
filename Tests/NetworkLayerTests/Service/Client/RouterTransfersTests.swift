import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Transfers through transports that only know ``HTTPTransport/send(_:)``: the router falls back
/// to in-memory bodies and writes downloads itself.
@Suite("Router: transfers over a plain transport")
struct RouterTransfersTests {
    /// A router that records the body and Content-Type of what it sends and echoes the body back.
    private func echoRouter(status: Int = 200, seen: Locked<[(String?, Data?)]>) -> Router<TestEndpoint> {
        Router(handler: { request in
            seen.withLock { $0.append((request.value(forHTTPHeaderField: "Content-Type"), request.httpBody)) }
            return (request.httpBody ?? Data("downloaded".utf8), .stub(status, url: request.url))
        })
    }

    private func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rt-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    @Test("upload(_:progress:) of a requestData endpoint sends its bytes and reports the whole body as sent")
    func uploadData() async throws {
        let seen = Locked<[(String?, Data?)]>([])
        let reports = Locked<[TransferProgress]>([])
        let endpoint = TestEndpoint(httpMethod: .post, task: .requestData(Data("new".utf8)))

        let response = try await echoRouter(seen: seen).upload(endpoint) { progress in
            reports.withLock { $0.append(progress) }
        }

        #expect(response.data == Data("new".utf8))
        #expect(seen.current.first?.1 == Data("new".utf8))
        #expect(reports.current == [TransferProgress(completedBytes: 3, totalBytes: 3)])
    }

    @Test("request(_:) of an uploadFile endpoint sends the file's contents")
    func uploadFileTask() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("a.json")
        try Data(#"{"a":1}"#.utf8).write(to: file)
        let seen = Locked<[(String?, Data?)]>([])

        _ = try await echoRouter(seen: seen).request(
            TestEndpoint(httpMethod: .put, task: .uploadFile(file, contentType: "application/json")))

        #expect(seen.current.first?.0 == "application/json")
        #expect(seen.current.first?.1 == Data(#"{"a":1}"#.utf8))
    }

    @Test("upload(_:progress:) of an uploadMultipart endpoint sends the form under the form's Content-Type")
    func uploadMultipart() async throws {
        var form = MultipartFormData(boundary: "BOUNDARY")
        form.append("1", name: "a")
        let seen = Locked<[(String?, Data?)]>([])

        _ = try await echoRouter(seen: seen).upload(TestEndpoint(httpMethod: .post, task: .uploadMultipart(form))) {
            _ in
        }

        #expect(seen.current.first?.0 == "multipart/form-data; boundary=BOUNDARY")
        #expect(seen.current.first?.1 == (try form.encoded()))
    }

    @Test("a file that cannot be read fails as an invalid request before anything is sent")
    func unreadableFile() async {
        let seen = Locked<[(String?, Data?)]>([])
        let missing = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString)")
        await #expect {
            _ = try await echoRouter(seen: seen).upload(TestEndpoint(httpMethod: .post, task: .uploadFile(missing))) {
                _ in
            }
        } throws: { error in
            if case .encodingFailed = (error as? NetworkError)?.buildError { return true }
            return false
        }
        #expect(seen.current.isEmpty)
    }

    @Test("download writes a 2xx body to the destination, replacing what was there")
    func download() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("out.bin")
        try Data("stale".utf8).write(to: destination)
        let reports = Locked<[TransferProgress]>([])

        let download = try await echoRouter(seen: Locked([])).download(TestEndpoint(), to: destination) {
            progress in reports.withLock { $0.append(progress) }
        }

        #expect(download.statusCode == 200)
        #expect(download.data.isEmpty)
        #expect(try Data(contentsOf: destination) == Data("downloaded".utf8))
        #expect(reports.current.last == TransferProgress(completedBytes: 10, totalBytes: 10))
    }

    @Test("download of a non-2xx response keeps the body in memory and leaves the destination alone")
    func downloadFailureStatus() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("out.bin")

        let download = try await echoRouter(status: 404, seen: Locked([])).download(TestEndpoint(), to: destination)

        #expect(download.statusCode == 404)
        #expect(download.data == Data("downloaded".utf8))
        #expect(!FileManager.default.fileExists(atPath: destination.path))
    }

    @Test("a stubbed router downloads the sample data")
    func stubbedDownload() async throws {
        struct Sample: EndPointType {
            var baseURL: URL { URL(string: "https://api.example.com")! }
            var path: String { "poster" }
            var sampleData: Data { Data("poster".utf8) }
        }
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let destination = directory.appendingPathComponent("poster.jpg")

        let download = try await Router<Sample>(stub: StubTransport()).download(Sample(), to: destination)

        #expect(download.statusCode == 200)
        #expect(try Data(contentsOf: destination) == Data("poster".utf8))
    }
}
