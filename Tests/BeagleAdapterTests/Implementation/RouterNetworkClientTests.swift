import BeagleAdapter
import Foundation
import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("RouterNetworkClient")
struct RouterNetworkClientTests {
    static let url = URL(string: "https://beagle.test/screen")

    func screenRequest() throws -> Request {
        Request(url: try #require(Self.url), type: .fetchComponent, additionalData: nil)
    }

    @Test("A 2xx response succeeds with its body and head")
    func success() async throws {
        let client = RouterNetworkClient(transport: HTTPFixtures.transport(status: 200, body: "{\"a\":1}"), logger: nil)
        let response = try await client.result(for: screenRequest()).get()
        #expect(response.data == Data("{\"a\":1}".utf8))
        #expect((response.response as? HTTPURLResponse)?.statusCode == 200)
    }

    @Test("An empty 2xx body is a success, as with URLSession")
    func emptyBody() async throws {
        let client = RouterNetworkClient(transport: HTTPFixtures.transport(status: 204, body: ""), logger: nil)
        let response = try await client.result(for: screenRequest()).get()
        #expect(response.data.isEmpty)
    }

    @Test(
        "Statuses outside the accepted ones fail with data, request and response",
        arguments: [
            (404, Set(200...299)), (500, Set(200...299)), (201, Set([200])), (302, Set(200...299)),
        ] as [(Int, Set<Int>)])
    func statusOutsideRange(status: Int, accepted: Set<Int>) async throws {
        let client = RouterNetworkClient(
            transport: HTTPFixtures.transport(status: status, body: "problem"),
            acceptedStatusCodes: accepted,
            logger: nil
        )
        let result = await client.result(for: try screenRequest())
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect(failure.data == Data("problem".utf8))
        #expect(failure.statusCode == status)
        #expect(failure.request.url == Self.url)
        #expect(failure.request.value(forHTTPHeaderField: "beagle-platform") == "IOS")
        #expect((failure.error as? NetworkLayer.NetworkError)?.statusCode == status)
    }

    @Test("A custom accepted set lets a non-2xx status succeed")
    func customAcceptedStatus() async throws {
        let client = RouterNetworkClient(
            transport: HTTPFixtures.transport(status: 304, body: ""),
            acceptedStatusCodes: Set(200...399),
            logger: nil
        )
        let response = try await client.result(for: screenRequest()).get()
        #expect((response.response as? HTTPURLResponse)?.statusCode == 304)
    }

    @Test("A transport error fails with the URLError and the request")
    func transportError() async throws {
        let transport = ClosureTransport { _ in throw URLError(.cannotConnectToHost) }
        let client = RouterNetworkClient(transport: transport, logger: nil)
        let result = await client.result(for: try screenRequest())
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure, got \(result)")
            return
        }
        #expect((failure.error as? URLError)?.code == .cannotConnectToHost)
        #expect(failure.request.url == Self.url)
        #expect(failure.response == nil)
        #expect(failure.data == nil)
    }

    @Test("A request that cannot be built fails once, at once, without a token")
    func buildFailure() throws {
        struct NotJSON: Sendable {}
        let client = RouterNetworkClient(transport: HTTPFixtures.transport(), logger: nil)
        let calls = Locked<[NetworkClient.NetworkResult]>([])
        let raw = Request.RequestData(method: "POST", body: NotJSON())
        let request = Request(url: try #require(Self.url), type: .rawRequest(raw), additionalData: nil)
        let token = client.executeRequest(request) { result in calls.withLock { $0.append(result) } }
        #expect(token == nil)
        let results = calls.current
        #expect(results.count == 1)
        if case .failure(let failure) = results.first {
            #expect(failure.error is NetworkLayer.NetworkError)
            #expect(failure.request.url == Self.url)
        } else {
            Issue.record("expected one failure, got \(results)")
        }
    }

    @Test("Cancelling stops the HTTP request and completes once with a cancellation error")
    func cancel() async throws {
        let started = Locked(false)
        let transport = ClosureTransport { request in
            started.withLock { $0 = true }
            try await Task.sleep(nanoseconds: 10_000_000_000)
            return (Data(), try HTTPFixtures.response(for: try #require(request.url), status: 200))
        }
        let client = RouterNetworkClient(transport: transport, logger: nil)
        let calls = Locked<[NetworkClient.NetworkResult]>([])
        let token = client.executeRequest(try screenRequest()) { result in calls.withLock { $0.append(result) } }
        #expect(await eventually { started.current })
        token?.cancel()
        token?.cancel()
        #expect(await eventually { calls.current.count == 1 })
        try await Task.sleep(nanoseconds: 100_000_000)
        let results = calls.current
        #expect(results.count == 1)
        if case .failure(let failure) = results.first {
            #expect(failure.isCancellation)
            #expect((failure.error as? URLError)?.code == .cancelled)
        } else {
            Issue.record("expected a cancellation, got \(results)")
        }
    }

    @Test("Cancelling after the completion ran changes nothing")
    func cancelAfterCompletion() async throws {
        let client = RouterNetworkClient(transport: HTTPFixtures.transport(), logger: nil)
        let calls = Locked(0)
        let token = client.executeRequest(try screenRequest()) { _ in calls.withLock { $0 += 1 } }
        #expect(await eventually { calls.current == 1 })
        token?.cancel()
        try await Task.sleep(nanoseconds: 50_000_000)
        #expect(calls.current == 1)
    }

    @Test("Requests and responses are logged with secrets redacted")
    func logging() async throws {
        let lines = Locked<[String]>([])
        let logger = NetworkLogger(sink: LogSink { line in lines.withLock { $0.append(line) } })
        let client = RouterNetworkClient(
            transport: HTTPFixtures.transport(),
            additionalHeaders: ["Authorization": "Bearer secret-token"],
            logger: logger
        )
        _ = await client.result(for: try screenRequest())
        let log = lines.current.joined(separator: "\n")
        #expect(log.contains("GET https://beagle.test/screen"))
        #expect(log.contains("← 200"))
        #expect(log.contains("REDACTED"))
        #expect(!log.contains("secret-token"))
    }

    @Test("The router and manager underneath send NetworkLayer calls too")
    func routerUnderneath() async throws {
        let client = RouterNetworkClient(transport: HTTPFixtures.transport(body: "ok"), logger: nil)
        let endpoint = try client.endpoint(for: screenRequest())
        let response = try await client.manager.response(for: endpoint)
        #expect(response.data == Data("ok".utf8))
        #expect(client.router === client.manager.router)
    }
}
