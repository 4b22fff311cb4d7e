import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Router: sending")
struct RouterTests {
    @Test(
        "async request sends the built request and returns the response whatever its status",
        arguments: [200, 404, 500])
    func asyncRequest(status: Int) async throws {
        let seen = Locked<URLRequest?>(nil)
        let router = Router<TestEndpoint> { request in
            seen.withLock { $0 = request }
            return (Data("{\"ok\":true}".utf8), .stub(status, url: request.url, headers: ["X-Rate": "9"]))
        }
        let endpoint = TestEndpoint(
            task: .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["p": 1]))
        let response = try await router.request(endpoint)
        #expect(response.statusCode == status)
        #expect(response.data == Data("{\"ok\":true}".utf8))
        #expect(response.headers["x-rate"] == "9")
        #expect(response.request.url?.absoluteString == "https://api.example.com/3/movie/popular?p=1")
        #expect(seen.current?.url == response.request.url)
    }

    @Test(
        "async request maps transport errors",
        arguments: [
            (URLError(.notConnectedToInternet) as any Error & Sendable, "notConnected"),
            (URLError(.timedOut), "timedOut"),
            (URLError(.cancelled), "cancelled"),
            (CancellationError(), "cancelled"),
            (CocoaError(.fileNoSuchFile), "transportFailure"),
        ] as [(any Error & Sendable, String)])
    func asyncTransportError(error: any Error & Sendable, expected: String) async {
        let router = Router<TestEndpoint>(transport: ClosureTransport.failing(error))
        do {
            _ = try await router.request(TestEndpoint())
            Issue.record("expected an error")
        } catch {
            #expect(error.kind.name == expected)
        }
    }

    @Test("Result completion runs exactly once with the response")
    func resultCompletion() async {
        let router = Router<TestEndpoint>(transport: ClosureTransport.status(201, body: "created"))
        let calls = Locked<[Result<Response, NetworkError>]>([])
        router.request(TestEndpoint()) { result in calls.withLock { $0.append(result) } }
        #expect(await eventually { calls.current.count == 1 })
        await settle()
        #expect(calls.current.count == 1)
        #expect((try? calls.current.first?.get())?.statusCode == 201)
    }

    @Test("article-shaped completion gets data and response, or an error")
    func articleCompletion() async throws {
        let success = Locked<(Data?, Int?, Bool)?>(nil)
        Router<TestEndpoint>(transport: ClosureTransport.status(404, body: "nope")).request(TestEndpoint()) {
            (data: Data?, response: URLResponse?, error: (any Error)?) in
            success.withLock { $0 = (data, (response as? HTTPURLResponse)?.statusCode, error == nil) }
        }
        #expect(await eventually { success.current != nil })
        #expect(success.current?.0 == Data("nope".utf8))
        #expect(success.current?.1 == 404)
        #expect(success.current?.2 == true)

        let failure = Locked<(Data?, URLResponse?, String?)?>(nil)
        Router<TestEndpoint>(transport: ClosureTransport.failing(URLError(.cannotConnectToHost))).request(
            TestEndpoint()
        ) {
            (data: Data?, response: URLResponse?, error: (any Error)?) in
            failure.withLock { $0 = (data, response, (error as? NetworkError)?.kind.name) }
        }
        #expect(await eventually { failure.current != nil })
        #expect(failure.current?.0 == nil)
        #expect(failure.current?.1 == nil)
        #expect(failure.current?.2 == "cannotConnect")
    }

    @Test("a transport error completes exactly once")
    func transportErrorOnce() async {
        let router = Router<TestEndpoint>(transport: ClosureTransport.failing(URLError(.networkConnectionLost)))
        let calls = Locked(0)
        router.request(TestEndpoint()) { (_: Result<Response, NetworkError>) in calls.increment() }
        router.request(TestEndpoint()) { (_: Data?, _: URLResponse?, _: (any Error)?) in calls.increment() }
        #expect(await eventually { calls.current == 2 })
        await settle()
        #expect(calls.current == 2)
    }

    @Test("a build error completes exactly once and never reaches the transport")
    func buildErrorOnce() async {
        let sent = Locked(0)
        let router = Router<TestEndpoint> { request in
            sent.increment()
            return (Data(), .stub(200, url: request.url))
        }
        let results = Locked<[String]>([])
        let token = router.request(TestEndpoint(headers: ["X-A": "\r\n"])) { (result: Result<Response, NetworkError>) in
            if case .failure(let error) = result { results.withLock { $0.append(error.kind.name) } }
        }
        #expect(await eventually { results.current.count == 1 })
        token.cancel()
        await settle()
        #expect(results.current == ["invalidRequest"])
        #expect(sent.current == 0)
    }

    @Test("completions run on the configured queue")
    func completionQueue() async {
        let queue = DispatchQueue(label: "completion-test")
        let key = DispatchSpecificKey<Bool>()
        queue.setSpecific(key: key, value: true)
        let router = Router<TestEndpoint>(
            configuration: RouterConfiguration(completionQueue: queue), transport: ClosureTransport.status(200))
        let onQueue = Locked<Bool?>(nil)
        router.request(TestEndpoint()) { (_: Result<Response, NetworkError>) in
            onQueue.withLock { $0 = DispatchQueue.getSpecific(key: key) ?? false }
        }
        #expect(await eventually { onQueue.current != nil })
        #expect(onQueue.current == true)
    }

    @Test("100 concurrent requests each complete exactly once")
    func concurrent() async {
        let router = Router<TestEndpoint> { request in
            try await Task.sleep(nanoseconds: UInt64.random(in: 0...2_000_000))
            return (Data((request.url?.query ?? "").utf8), .stub(200, url: request.url))
        }
        let counts = Locked([Int: Int]())
        for index in 0..<100 {
            let endpoint = TestEndpoint(
                task: .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["i": index]))
            router.request(endpoint) { (result: Result<Response, NetworkError>) in
                let body = (try? result.get()).map { String(decoding: $0.data, as: UTF8.self) }
                counts.withLock { $0[index, default: 0] += body == "i=\(index)" ? 1 : 100 }
            }
        }
        #expect(await eventually { counts.current.count == 100 })
        await settle()
        #expect(counts.current.values.allSatisfy { $0 == 1 })
        #expect(counts.current.count == 100)
    }
}
