import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Router: identical requests in flight shared")
struct SharedRequestsTests {
    private func router(_ transport: GatedTransport, sharing: Bool = true) -> Router<TestEndpoint> {
        Router(configuration: RouterConfiguration(deduplicatesRequests: sharing), transport: transport)
    }

    /// Sends `endpoint` in a task of its own; the task's value is the body, or the error's case name.
    private func call(_ router: Router<TestEndpoint>, _ endpoint: TestEndpoint = TestEndpoint()) -> Task<String, Never>
    {
        Task {
            do throws(NetworkError) {
                return String(decoding: try await router.request(endpoint).data, as: UTF8.self)
            } catch {
                return error.kind.name
            }
        }
    }

    private func values(of tasks: [Task<String, Never>]) async -> [String] {
        var values: [String] = []
        for task in tasks { values.append(await task.value) }
        return values
    }

    @Test(
        "identical GETs in flight at once make one request, and every caller gets its response",
        arguments: [2, 10, 100])
    func identicalShareOneSend(callers: Int) async {
        let transport = GatedTransport()
        let router = router(transport)
        let tasks = (0..<callers).map { _ in call(router) }
        #expect(await eventually { router.sharedCallerCount == callers })
        transport.open()
        #expect(await values(of: tasks) == Array(repeating: "response 1", count: callers))
        #expect(transport.sends.current == 1)
        #expect(await eventually { router.inFlightCount == 0 && router.sharedCallerCount == 0 })
    }

    /// Two endpoints that build different requests, named in the test's output by `difference`.
    struct Pair: Sendable, CustomTestStringConvertible {
        let difference: String
        let first: TestEndpoint
        let second: TestEndpoint
        var testDescription: String { difference }
    }

    static let distinct: [Pair] = [
        Pair(difference: "path", first: TestEndpoint(path: "a"), second: TestEndpoint(path: "b")),
        Pair(
            difference: "query",
            first: TestEndpoint(
                task: .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["p": 1])),
            second: TestEndpoint(
                task: .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["p": 2]))
        ),
        Pair(
            difference: "header value",
            first: TestEndpoint(headers: ["Accept": "text/plain"]),
            second: TestEndpoint(headers: ["Accept": "text/html"])),
        Pair(difference: "extra header", first: TestEndpoint(), second: TestEndpoint(headers: ["X-Trace": "1"])),
        Pair(difference: "method", first: TestEndpoint(httpMethod: .get), second: TestEndpoint(httpMethod: .head)),
    ]

    @Test("requests that differ in URL, headers or method are sent separately", arguments: distinct)
    func distinctRequests(pair: Pair) async {
        let transport = GatedTransport()
        let router = router(transport)
        let tasks = [call(router, pair.first), call(router, pair.second)]
        #expect(await eventually { transport.sends.current == 2 })
        transport.open()
        #expect(Set(await values(of: tasks)).count == 2)
        #expect(transport.sends.current == 2)
    }

    /// An endpoint whose requests are never shared, named in the test's output by `kind`.
    struct Unshared: Sendable, CustomTestStringConvertible {
        let kind: String
        let endpoint: TestEndpoint
        var testDescription: String { kind }
    }

    static let unshared: [Unshared] = [
        Unshared(kind: "POST", endpoint: TestEndpoint(httpMethod: .post)),
        Unshared(kind: "PUT", endpoint: TestEndpoint(httpMethod: .put, task: .requestData(Data("x".utf8)))),
        Unshared(kind: "DELETE", endpoint: TestEndpoint(httpMethod: .delete)),
        Unshared(
            kind: "GET with a body", endpoint: TestEndpoint(task: .requestData(Data("x".utf8)), allowsBodyInGET: true)),
    ]

    @Test("requests other than bodiless GET and HEAD are never shared", arguments: unshared)
    func neverShared(unshared: Unshared) async {
        let transport = GatedTransport()
        let router = router(transport)
        let tasks = (0..<3).map { _ in call(router, unshared.endpoint) }
        #expect(await eventually { transport.sends.current == 3 })
        transport.open()
        #expect(Set(await values(of: tasks)) == ["response 1", "response 2", "response 3"])
    }

    @Test("calls that report progress or write to a file are not shared")
    func transfersNotShared() async throws {
        let transport = GatedTransport()
        let router = router(transport)
        let destination = FileManager.default.temporaryDirectory.appendingPathComponent("shared-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: destination) }
        let plain = call(router)
        let withProgress = Task { try await router.request(TestEndpoint()) { _ in } }
        let download = Task { try await router.download(TestEndpoint(), to: destination) }
        #expect(await eventually { transport.sends.current == 3 })
        transport.open()
        _ = await plain.value
        _ = try await withProgress.value
        _ = try await download.value
        #expect(router.sharedCallerCount == 0)
    }

    @Test("with the setting off, every call sends its own request")
    func settingOff() async {
        let transport = GatedTransport()
        let router = router(transport, sharing: false)
        let tasks = (0..<5).map { _ in call(router) }
        #expect(await eventually { transport.sends.current == 5 })
        transport.open()
        #expect(Set(await values(of: tasks)).count == 5)
        #expect(router.sharedCallerCount == 0)
    }

    @Test("a cancelled caller leaves at once; the others still get the response and the request goes on")
    func cancelOneCaller() async {
        let transport = GatedTransport()
        let router = router(transport)
        let tasks = (0..<3).map { _ in call(router) }
        #expect(await eventually { router.sharedCallerCount == 3 && transport.sends.current == 1 })
        tasks[1].cancel()
        #expect(await tasks[1].value == "cancelled")
        #expect(router.sharedCallerCount == 2)
        transport.open()
        #expect(await tasks[0].value == "response 1")
        #expect(await tasks[2].value == "response 1")
        #expect(transport.sends.current == 1)
        #expect(transport.cancelled.current == 0)
    }

    @Test("when every caller is cancelled the request is cancelled, and the next call sends a new one")
    func cancelEveryCaller() async {
        let transport = GatedTransport()
        let router = router(transport)
        let tasks = (0..<3).map { _ in call(router) }
        #expect(await eventually { router.sharedCallerCount == 3 && transport.sends.current == 1 })
        for task in tasks { task.cancel() }
        #expect(await values(of: tasks) == ["cancelled", "cancelled", "cancelled"])
        #expect(await eventually { transport.cancelled.current == 1 })
        #expect(await eventually { router.inFlightCount == 0 })

        transport.open()
        #expect(await call(router).value == "response 2")
    }

    @Test("once the shared request finished, an identical call sends a new one")
    func finishedRequestNotReused() async {
        let transport = GatedTransport(open: true)
        let router = router(transport)
        #expect(await call(router).value == "response 1")
        #expect(await call(router).value == "response 2")
        #expect(transport.sends.current == 2)
    }

    @Test("completion-handler callers share too; a token cancels only its caller, and each completes once")
    func completionCallers() async {
        let transport = GatedTransport()
        let router = router(transport)
        let results = Locked<[Int: [String]]>([:])
        let tokens = (0..<3).map { index in
            router.request(TestEndpoint()) { (result: Result<Response, NetworkError>) in
                let value = result.map { String(decoding: $0.data, as: UTF8.self) }.errorKindOrValue
                results.withLock { $0[index, default: []].append(value) }
            }
        }
        let awaiting = call(router)
        #expect(await eventually { router.sharedCallerCount == 4 && transport.sends.current == 1 })
        tokens[0].cancel()
        #expect(await eventually { results.current[0] != nil })
        transport.open()
        #expect(await awaiting.value == "response 1")
        #expect(await eventually { results.current.count == 3 })
        await settle()
        #expect(results.current == [0: ["cancelled"], 1: ["response 1"], 2: ["response 1"]])
        #expect(transport.sends.current == 1)
        #expect(transport.cancelled.current == 0)
    }

    @Test("Router.cancel() cancels the shared request and every caller, each once")
    func routerCancel() async {
        let transport = GatedTransport()
        let router = router(transport)
        let completions = Locked<[String]>([])
        router.request(TestEndpoint()) { (result: Result<Response, NetworkError>) in
            completions.withLock { $0.append(result.errorKind) }
        }
        let tasks = (0..<2).map { _ in call(router) }
        #expect(await eventually { router.sharedCallerCount == 3 && transport.sends.current == 1 })
        router.cancel()
        #expect(await values(of: tasks) == ["cancelled", "cancelled"])
        #expect(await eventually { completions.current.count == 1 })
        #expect(await eventually { transport.cancelled.current == 1 && router.inFlightCount == 0 })
        await settle()
        #expect(completions.current == ["cancelled"])
    }
}

extension Result where Success == String, Failure == NetworkError {
    /// The value, or the error's case name.
    fileprivate var errorKindOrValue: String {
        switch self {
        case .success(let value): value
        case .failure(let error): error.kind.name
        }
    }
}
