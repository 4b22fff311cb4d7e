import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Decoding the value at a key path of the body, Moya's `map(_:atKeyPath:)`.
@Suite("Decoding at a key path")
struct KeyPathDecodingTests {
    struct Movie: Decodable, Equatable, Sendable {
        let id: Int
        let title: String
    }

    static let body = #"""
        {"data": {"movies": [{"id": 11, "title": "Star Wars"}, {"id": 1891, "title": "Empire"}],
                  "total": 2, "title": "Saga", "price": 0.1, "released": "1977-05-25T00:00:00Z",
                  "meta": {"page": {"number": 3}}, "list": [1, 2]},
         "dotted.key": 7}
        """#

    static func response(_ body: String = body) -> Response {
        let url = URL(string: "https://api.example.com/lists/1")!
        return Response(request: URLRequest(url: url), httpResponse: .stub(200, url: url), data: Data(body.utf8))
    }

    @Test("each key path finds its value, decoded as its type")
    func values() throws {
        let response = Self.response()
        #expect(try response.decode(Int.self, atKeyPath: "data.total") == 2)
        #expect(try response.decode(String.self, atKeyPath: "data.title") == "Saga")
        #expect(try response.decode(Double.self, atKeyPath: "data.price") == 0.1)
        #expect(try response.decode(Int.self, atKeyPath: "data.meta.page.number") == 3)
        #expect(try response.decode([Int].self, atKeyPath: "data.list") == [1, 2])
        #expect(
            try response.decode([Movie].self, atKeyPath: "data.movies")
                == [Movie(id: 11, title: "Star Wars"), Movie(id: 1891, title: "Empire")])
    }

    @Test("the decoder's own strategies apply at the key path")
    func strategies() throws {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let released = try Self.response().decode(Date.self, atKeyPath: "data.released", using: decoder)
        #expect(released == Date(timeIntervalSince1970: 233_366_400))
    }

    @Test("an empty key path decodes the whole body")
    func emptyKeyPath() throws {
        struct Document: Decodable { let data: [String: AnyDecodable] }
        struct AnyDecodable: Decodable { init(from decoder: any Decoder) throws {} }
        #expect(try Self.response().decode(Document.self, atKeyPath: "").data.count == 7)
    }

    @Test(
        "a key path that leads nowhere throws decodingFailed naming the path",
        arguments: [
            ("data.missing", "missing"),
            ("data.total.more", "data.total"),
            ("data.list.0", "data.list"),
            ("dotted.key", "dotted"),
        ])
    func missing(keyPath: String, mentions: String) {
        let error = #expect(throws: NetworkError.self) { try Self.response().decode(Int.self, atKeyPath: keyPath) }
        guard let failure = error?.ifKind(.decodingFailed) else {
            Issue.record("expected decodingFailed, got \(String(describing: error))")
            return
        }
        #expect(failure.detail?.hasPrefix("Int at \(keyPath): ") == true)
        #expect(failure.detail?.contains(mentions) == true)
        #expect(String(describing: error!).contains("Int at \(keyPath)"))
    }

    @Test("an empty body has no value at any key path")
    func emptyBody() {
        #expect(throws: NetworkError.self) { try Self.response("").decode(Int.self, atKeyPath: "data.total") }
    }

    @Test("the manager checks the status and decodes at the key path")
    func manager() async throws {
        let manager = NetworkManager<TestEndpoint>(
            router: Router(stub: StubTransport { _ in .http(200, data: Data(Self.body.utf8)) }))
        #expect(try await manager.request(TestEndpoint(), as: Int.self, atKeyPath: "data.meta.page.number") == 3)
        let refused = NetworkManager<TestEndpoint>(router: Router(stub: StubTransport { _ in .http(404) }))
        await #expect(throws: NetworkError.self) {
            try await refused.request(TestEndpoint(), as: Int.self, atKeyPath: "data.total")
        }
    }

    @Test("the manager reports progress and decodes at the key path in one call")
    func managerWithProgress() async throws {
        let manager = NetworkManager<TestEndpoint>(
            router: Router(stub: StubTransport { _ in .http(200, data: Data(Self.body.utf8)) }))
        let reports = Locked<[TransferProgress]>([])
        let number = try await manager.request(TestEndpoint(), as: Int.self, atKeyPath: "data.meta.page.number") {
            progress in reports.withLock { $0.append(progress) }
        }
        #expect(number == 3)
        #expect(reports.current.last?.completedBytes == Int64(Self.body.utf8.count))
    }
}
