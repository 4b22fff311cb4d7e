import Foundation
import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The real `URLSession` path, answered in-process by ``StubURLProtocol``.
@Suite("URLSessionTransport with a URLProtocol stub")
struct URLSessionTransportTests {
    struct Stubbed: EndPointType {
        let baseURL: URL
        var path = "movie/1"
        var httpMethod: HTTPMethod = .get
        var task: HTTPTask = .request
    }

    private func manager() -> NetworkManager<Stubbed> {
        NetworkManager(router: Router(transport: URLSessionTransport(configuration: StubURLProtocol.configuration())))
    }

    @Test("200 with a body decodes, and the stub sees method, URL, headers and body")
    func success() async throws {
        let seen = LockedBox<(String?, String?, String?, Data)?>(nil)
        let base = StubURLProtocol.register { request, body in
            seen.withLock {
                $0 = (request.httpMethod, request.url?.query, request.value(forHTTPHeaderField: "Content-Type"), body)
            }
            return .response(status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"id":1}"#.utf8))
        }
        let endpoint = Stubbed(
            baseURL: base, httpMethod: .post,
            task: .requestParameters(
                bodyParameters: ["title": "x"], bodyEncoding: .jsonEncoding, urlParameters: ["a": "b c"])
        )
        let movie: [String: Int] = try await manager().request(endpoint)
        #expect(movie == ["id": 1])
        #expect(seen.current?.0 == "POST")
        #expect(seen.current?.1 == "a=b%20c")
        #expect(seen.current?.2 == "application/json")
        #expect(seen.current?.3 == Data(#"{"title":"x"}"#.utf8))
    }

    @Test("404 arrives as a response and maps to notFound with its body")
    func notFound() async throws {
        let base = StubURLProtocol.register { _, _ in
            .response(status: 404, headers: ["X-Trace": "t1"], body: Data(#"{"status_message":"missing"}"#.utf8))
        }
        do {
            let _: [String: String] = try await manager().request(Stubbed(baseURL: base))
            Issue.record("expected notFound")
        } catch {
            #expect(error.kind == "notFound")
            #expect(error.statusCode == 404)
            #expect(error.response?.headers["x-trace"] == "t1")
            #expect(error.response?.data == Data(#"{"status_message":"missing"}"#.utf8))
        }
    }

    @Test("a transport error passes through as NetworkError.transport with its code")
    func transportError() async throws {
        let base = StubURLProtocol.register { _, _ in .failure(URLError(.notConnectedToInternet)) }
        do {
            _ = try await manager().response(for: Stubbed(baseURL: base))
            Issue.record("expected a transport error")
        } catch {
            guard case .transport(let urlError) = error else {
                Issue.record("expected transport, got \(error)")
                return
            }
            #expect(urlError.code == .notConnectedToInternet)
        }
    }

    @Test("empty 204 decodes as EmptyResponse through the real session")
    func noContent() async throws {
        let base = StubURLProtocol.register { _, _ in .response(status: 204, headers: [:], body: Data()) }
        let empty: EmptyResponse = try await manager().request(Stubbed(baseURL: base, httpMethod: .delete))
        #expect(empty == EmptyResponse())
    }
}
