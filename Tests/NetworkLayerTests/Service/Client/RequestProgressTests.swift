import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Router: progress of a response kept in memory")
struct RequestProgressTests {
    private struct Chunked: EndPointType {
        var baseURL: URL { URL(string: "https://api.example.com")! }
        var path: String { "chunks" }
        var httpMethod: HTTPMethod = .get
    }

    private func router(
        _ response: StubResponse,
        maximumResponseSize: Int? = RouterConfiguration.defaultMaximumResponseSize
    ) -> Router<Chunked> {
        Router(
            configuration: RouterConfiguration(maximumResponseSize: maximumResponseSize),
            stub: StubTransport { _ in response })
    }

    private func reports(
        from router: Router<Chunked>,
        _ endpoint: Chunked = Chunked()
    ) async throws(NetworkError) -> (Response, [TransferProgress]) {
        let reports = Locked<[TransferProgress]>([])
        let response = try await router.request(endpoint) { progress in reports.withLock { $0.append(progress) } }
        return (response, reports.current)
    }

    /// A streamed body, its response fields, and the reports it must give.
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let headers: HTTPHeaders
        let expected: [TransferProgress]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "known length", headers: ["Content-Length": "10"],
            expected: [
                .init(completedBytes: 4, totalBytes: 10), .init(completedBytes: 8, totalBytes: 10),
                .init(completedBytes: 10, totalBytes: 10),
            ]),
        Case(
            name: "unknown length", headers: [:],
            expected: [
                .init(completedBytes: 4, totalBytes: nil), .init(completedBytes: 8, totalBytes: nil),
                .init(completedBytes: 10, totalBytes: nil), .init(completedBytes: 10, totalBytes: 10),
            ]),
        Case(
            name: "compressed, so the length is not the decoded one",
            headers: ["Content-Length": "7", "Content-Encoding": "gzip"],
            expected: [
                .init(completedBytes: 4, totalBytes: nil), .init(completedBytes: 8, totalBytes: nil),
                .init(completedBytes: 10, totalBytes: nil), .init(completedBytes: 10, totalBytes: 10),
            ]),
    ]

    @Test("reports follow the chunks in order and end with the whole body", arguments: cases)
    func streamedBody(example: Case) async throws {
        let router = router(.stream(headers: example.headers, chunks: ["aaaa", "bbbb", "cc"]))
        let (response, reports) = try await reports(from: router)
        #expect(response.data == Data("aaaabbbbcc".utf8))
        #expect(reports == example.expected)
    }

    @Test("a body without content reports zero of zero", arguments: [("HEAD", 200), ("GET", 204)])
    func noContent(method: String, status: Int) async throws {
        let router = router(.http(status, headers: ["Content-Length": "1000"]))
        let endpoint = Chunked(httpMethod: HTTPMethod(rawValue: method))
        let (_, reports) = try await reports(from: router, endpoint)
        #expect(reports == [TransferProgress(completedBytes: 0, totalBytes: 0)])
    }

    @Test("a body past the size limit fails as it passes it, without a report beyond the limit")
    func tooLargeAsItArrives() async {
        let reports = Locked<[TransferProgress]>([])
        let router = router(.stream(chunks: ["aaaa", "bbbb", "cc"]), maximumResponseSize: 6)
        await #expect {
            _ = try await router.request(Chunked()) { progress in reports.withLock { $0.append(progress) } }
        } throws: { error in
            guard (error as? NetworkError)?.sizeLimit == 6 else { return false }
            return true
        }
        #expect(reports.current == [TransferProgress(completedBytes: 4, totalBytes: nil)])
    }

    @Test("a Content-Length past the size limit fails before any report")
    func tooLargeByLength() async {
        let reports = Locked<[TransferProgress]>([])
        let router = router(.stream(headers: ["Content-Length": "10"], chunks: ["aaaa"]), maximumResponseSize: 6)
        await #expect {
            _ = try await router.request(Chunked()) { progress in reports.withLock { $0.append(progress) } }
        } throws: { error in
            guard (error as? NetworkError)?.sizeLimit == 6 else { return false }
            return true
        }
        #expect(reports.current.isEmpty)
    }

    @Test("a retry does not move the reports back, and the last one is the final body")
    func retried() async throws {
        let transport = ChunkedTransport { attempt in
            attempt == 1 ? (503, ["unavailable, ", "try again"]) : (200, ["ok"])
        }
        let configuration = RouterConfiguration(retryPolicy: RetryPolicy(jitter: 0)).sleeping(with: { _ in })
        let router = Router<TestEndpoint>(configuration: configuration, transport: transport)
        let reports = Locked<[TransferProgress]>([])
        let response = try await router.request(TestEndpoint()) { progress in reports.withLock { $0.append(progress) } }
        #expect(response.data == Data("ok".utf8))
        #expect(transport.attempts.current == 2)
        let completed = reports.current.map(\.completedBytes)
        #expect(completed == completed.sorted())
        #expect(reports.current.last?.isFinished == true)
        #expect(reports.current.allSatisfy { report in report.totalBytes.map { report.completedBytes <= $0 } ?? true })
    }

    @Test("NetworkManager checks, decodes and reports the same way")
    func manager() async throws {
        let router = router(.stream(headers: ["Content-Length": "7"], chunks: ["[1,", "2,3]"]))
        let reports = Locked<[TransferProgress]>([])
        let numbers = try await NetworkManager(router: router).request(Chunked(), as: [Int].self) { progress in
            reports.withLock { $0.append(progress) }
        }
        #expect(numbers == [1, 2, 3])
        #expect(reports.current.map(\.completedBytes) == [3, 7])
        #expect(reports.current.last?.isFinished == true)
    }
}
