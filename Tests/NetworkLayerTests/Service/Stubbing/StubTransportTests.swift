import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("StubTransport")
struct StubTransportTests {
    enum Catalog: EndPointType {
        case movie(id: Int)
        case missing

        var baseURL: URL { URL(string: "https://api.example.com/3")! }
        var path: String {
            switch self {
            case .movie(let id): "movie/\(id)"
            case .missing: "missing"
            }
        }
        var sampleData: Data {
            switch self {
            case .movie(let id): Data(#"{"id":\#(id)}"#.utf8)
            case .missing: Data()
            }
        }
    }

    struct Movie: Decodable, Sendable, Equatable {
        let id: Int
    }

    @Test("the default answers every endpoint with its sample data and status 200")
    func sampleData() async throws {
        let manager = NetworkManager(router: Router<Catalog>(stub: StubTransport()))
        #expect(try await manager.request(.movie(id: 550), as: Movie.self) == Movie(id: 550))
        let response = try await manager.router.request(.movie(id: 7))
        #expect(response.statusCode == 200)
        #expect(response.request.url?.absoluteString == "https://api.example.com/3/movie/7")
    }

    @Test("per-endpoint status codes and headers reach the manager's error mapping")
    func statusAndHeaders() async throws {
        let stub = StubTransport<Catalog> { endpoint in
            switch endpoint {
            case .missing: .http(404, headers: ["X-Reason": "gone"], data: Data(#"{"status_code":34}"#.utf8))
            case .movie: .sampleData(of: endpoint)
            }
        }
        let manager = NetworkManager(router: Router(stub: stub))
        do throws(NetworkError) {
            _ = try await manager.request(.missing, as: Movie.self)
            Issue.record("expected notFound")
        } catch {
            guard let response = error.response(ifKind: .notFound) else {
                Issue.record("expected notFound, got \(error)")
                return
            }
            #expect(response.headers["x-reason"] == "gone")
            #expect(String(decoding: response.data, as: UTF8.self) == #"{"status_code":34}"#)
        }
    }

    @Test("a stubbed failure surfaces as the matching transport error")
    func failure() async {
        let router = Router<Catalog>(stub: StubTransport { _ in .failure(.notConnectedToInternet) })
        do throws(NetworkError) {
            _ = try await router.request(.movie(id: 1))
            Issue.record("expected a transport error")
        } catch {
            guard let failure = error.ifKind(.notConnected) else {
                Issue.record("expected transport, got \(error)")
                return
            }
            #expect(failure.kind == .notConnected)
            #expect((failure.underlyingError as? URLError)?.code == .notConnectedToInternet)
        }
    }

    @Test("fixtures are served in order per request, and the last one repeats")
    func fixtureSequence() async throws {
        let stub = StubTransport<Catalog> { _ in
            [.http(503), .http(200, data: Data(#"{"id":1}"#.utf8)), .http(200, data: Data(#"{"id":2}"#.utf8))]
        }
        let router = Router(stub: stub)
        var statuses: [Int] = []
        var bodies: [String] = []
        for _ in 0..<5 {
            let response = try await router.request(.movie(id: 1))
            statuses.append(response.statusCode)
            bodies.append(String(decoding: response.data, as: UTF8.self))
        }
        #expect(statuses == [503, 200, 200, 200, 200])
        #expect(bodies.suffix(3) == [#"{"id":2}"#, #"{"id":2}"#, #"{"id":2}"#])
        // Another URL has its own place in the sequence.
        #expect(try await router.request(.movie(id: 2)).statusCode == 503)
    }

    @Test("a delayed stub can be cancelled and completes exactly once with .cancelled")
    func delayedCancellation() async throws {
        let router = Router<Catalog>(stub: StubTransport(behavior: .delayed(seconds: 30)))
        let completions = Locked<[Result<Response, NetworkError>]>([])
        let token = router.request(.movie(id: 1)) { (result: Result<Response, NetworkError>) in
            completions.withLock { $0.append(result) }
        }
        try await Task.sleep(nanoseconds: 50_000_000)
        token.cancel()
        #expect(await eventually { completions.withLock { !$0.isEmpty } })
        await settle()
        let results = completions.withLock { $0 }
        #expect(results.count == 1)
        if case .failure(let error) = results.first {
            #expect(error.kind == .cancelled)
        } else {
            Issue.record("expected a cancellation, got \(String(describing: results.first))")
        }
    }

    @Test("stubbed requests are still built: a bad header fails before any response")
    func stillBuilt() async {
        struct BadHeader: EndPointType {
            var baseURL: URL { URL(string: "https://api.example.com")! }
            var path: String { "x" }
            var headers: HTTPHeaders? { ["X-Evil": "a\r\nInjected: 1"] }
        }
        let router = Router<BadHeader>(stub: StubTransport())
        await #expect(throws: NetworkError.self) { try await router.request(BadHeader()) }
    }
}
