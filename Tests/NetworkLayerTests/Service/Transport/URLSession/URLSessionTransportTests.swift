import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

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
        var timeout: TimeInterval?
    }

    private func manager() -> NetworkManager<Stubbed> {
        NetworkManager(router: Router(transport: URLSessionTransport(configuration: StubURLProtocol.configuration())))
    }

    @Test("200 with a body decodes, and the stub sees method, URL, headers and body")
    func success() async throws {
        let seen = Locked<(String?, String?, String?, Data)?>(nil)
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
            #expect(error.kind == .notFound)
            #expect(error.statusCode == 404)
            #expect(error.response?.headers["x-trace"] == "t1")
            #expect(error.response?.data == Data(#"{"status_message":"missing"}"#.utf8))
        }
    }

    @Test("a URLError becomes the NetworkError of its kind, with its code")
    func transportError() async throws {
        let base = StubURLProtocol.register { _, _ in .failure(URLError(.notConnectedToInternet)) }
        do {
            _ = try await manager().response(for: Stubbed(baseURL: base))
            Issue.record("expected a transport error")
        } catch {
            #expect(error.kind == .notConnected)
            #expect((error.underlyingError as? URLError)?.code == .notConnectedToInternet)
        }
    }

    @Test(
        "a body over maximumResponseSize fails with responseTooLarge, by Content-Length or by bytes received",
        arguments: [true, false]
    )
    func responseTooLarge(announcesLength: Bool) async throws {
        let body = Data(repeating: 7, count: 4096)
        let base = StubURLProtocol.register { _, _ in
            .response(status: 200, headers: announcesLength ? ["Content-Length": "4096"] : [:], body: body)
        }
        let transport = URLSessionTransport(configuration: StubURLProtocol.configuration())
        let router = Router<Stubbed>(
            configuration: RouterConfiguration(maximumResponseSize: 1000), transport: transport)

        let error = await #expect(throws: NetworkError.self) { try await router.request(Stubbed(baseURL: base)) }

        guard let limit = (try #require(error)).sizeLimit else {
            Issue.record("expected responseTooLarge, got \(String(describing: error))")
            return
        }
        #expect(limit == 1000)
    }

    @Test(
        "a body the router keeps whole comes with its head, and the transport stops one over the limit itself",
        arguments: [true, false]
    )
    func wholeBody(announcesLength: Bool) async throws {
        let base = StubURLProtocol.register { request, _ in
            let count = request.url?.lastPathComponent == "large" ? 4096 : 100
            let headers = announcesLength ? ["Content-Length": "\(count)"] : [:]
            return .response(status: 200, headers: headers, body: Data(repeating: 7, count: count))
        }
        let transport = URLSessionTransport(configuration: StubURLProtocol.configuration())
        func send(_ path: String) async throws -> TransportResponse {
            var request = TransportRequest(head: URLRequest(url: base.appendingPathComponent(path)))
            request.keepsWholeBody = true
            request.maximumResponseSize = 1000
            return try await transport.send(request)
        }

        let small = try await send("small")
        let error = await #expect(throws: NetworkError.self) { try await send("large") }

        #expect(try await small.body.collect() == Data(repeating: 7, count: 100))
        #expect(error?.sizeLimit == 1000)
    }

    @Test("a body exactly at maximumResponseSize arrives whole")
    func responseAtLimit() async throws {
        let base = StubURLProtocol.register { _, _ in
            .response(status: 200, headers: ["Content-Length": "1000"], body: Data(repeating: 1, count: 1000))
        }
        let transport = URLSessionTransport(configuration: StubURLProtocol.configuration())
        let router = Router<Stubbed>(
            configuration: RouterConfiguration(maximumResponseSize: 1000), transport: transport)

        let response = try await router.request(Stubbed(baseURL: base))

        #expect(response.data.count == 1000)
    }

    @Test("defaults: follow redirects, 100 MB limit, 10 re-sent hops")
    func defaults() {
        let transport = URLSessionTransport()
        #expect(RouterConfiguration().maximumResponseSize == 100 * 1024 * 1024)
        #expect(transport.maximumResentRedirects == 10)
    }

    @Test("empty 204 decodes as EmptyResponse through the real session")
    func noContent() async throws {
        let base = StubURLProtocol.register { _, _ in .response(status: 204, headers: [:], body: Data()) }
        let empty: EmptyResponse = try await manager().request(Stubbed(baseURL: base, httpMethod: .delete))
        #expect(empty == EmptyResponse())
    }

    #if canImport(FoundationNetworking)
    @Test("on Linux the transport stores cookies itself: its session parses none, the caller's policy stays")
    func cookiesStoredByTheTransportOnLinux() {
        let configuration = URLSessionConfiguration.ephemeral

        let transport = URLSessionTransport(configuration: configuration)

        #expect(transport.session.configuration.httpCookieAcceptPolicy == .never)
        #expect(transport.session.configuration.httpCookieStorage === configuration.httpCookieStorage)
        #expect(configuration.httpCookieAcceptPolicy != .never)
    }

    @Test("on Linux cookies a response sets land in the configuration's storage, several in one field included")
    func responseCookiesAreStored() async throws {
        let base = StubURLProtocol.register { _, _ in
            .response(status: 200, headers: ["Set-Cookie": "a=1; Path=/, b=two:parts; Path=/"], body: Data())
        }
        let configuration = StubURLProtocol.configuration()

        _ = try await Router<Stubbed>(transport: URLSessionTransport(configuration: configuration))
            .request(Stubbed(baseURL: base))

        let stored = configuration.httpCookieStorage?.cookies(for: base) ?? []
        #expect(stored.map { "\($0.name)=\($0.value)" }.sorted() == ["a=1", "b=two:parts"])
    }

    @Test("on Linux the session has no URLCache, and the caller's configuration keeps its own")
    func noURLCacheOnLinux() {
        let configuration = URLSessionConfiguration.ephemeral
        let cache = URLCache(memoryCapacity: 4096, diskCapacity: 0, diskPath: nil)
        configuration.urlCache = cache

        let transport = URLSessionTransport(configuration: configuration)

        #expect(transport.session.configuration.urlCache == nil)
        #expect(configuration.urlCache === cache)
    }
    #endif

    @Test("requests cancelled as they start or finish end exactly once each, and never crash Foundation")
    func cancellationRacingCompletion() async {
        // Foundation on Linux traps in `TaskRegistry` on some of these when the session has a `URLCache`.
        let base = StubURLProtocol.register { _, _ in .response(status: 200, headers: [:], body: Data("ok".utf8)) }
        let router = Router<Stubbed>(transport: URLSessionTransport(configuration: StubURLProtocol.configuration()))
        let count = 3_000
        let outcomes = Locked([String: Int]())
        let cancelAfterStarting: @Sendable () async -> Void = {
            let request = Task { () throws(NetworkError) -> Response in try await router.request(Stubbed(baseURL: base))
            }
            try? await Task.sleep(nanoseconds: UInt64.random(in: 0...200_000))
            request.cancel()
            let outcome: String
            switch await request.result {
            case .success(let response): outcome = response.data == Data("ok".utf8) ? "ok" : "wrong body"
            case .failure(let error): outcome = (error as? NetworkError)?.kind.name ?? "\(error)"
            }
            outcomes.withLock { $0[outcome, default: 0] += 1 }
        }
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<count {
                if index >= 32 { await group.next() }
                group.addTask(operation: cancelAfterStarting)
            }
        }
        #expect(outcomes.current.values.reduce(0, +) == count)
        #expect(Set(outcomes.current.keys).isSubset(of: ["ok", "cancelled"]))
    }

    @Test("a transfer that never answers ends as timedOut, exactly once, soon after its timeout")
    func silentPeerTimesOut() async throws {
        let base = StubURLProtocol.register { _, _ in .silence }
        let started = Date()
        do {
            _ = try await manager().response(for: Stubbed(baseURL: base, timeout: 1))
            Issue.record("expected a timeout")
        } catch {
            #expect(error.isTimeout, "got \(error)")
        }
        #expect(Date().timeIntervalSince(started) < 60)
    }
}

extension NetworkError {
    fileprivate var isTimeout: Bool {
        if case .timedOut = self { return true }
        return false
    }
}
