import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A router on a ``URLSessionTransport`` sends a request that needs nothing else (no plugin, credential,
/// retry or deadline) from the calling task, without a task of its own. These tests hold that path to
/// the same contract as the other: cancellation from either side, exactly one outcome, and the pipeline
/// still in charge as soon as the configuration asks for anything.
@Suite("Router: requests sent straight to the session transport")
struct RouterDirectSendTests {
    /// A router on the real session path, every request answered in-process by `reply`.
    private static func router(
        configuration: RouterConfiguration = RouterConfiguration(),
        reply: @escaping StubURLProtocol.Handler
    ) -> (Router<TestEndpoint>, TestEndpoint) {
        let base = StubURLProtocol.register(reply)
        let transport = URLSessionTransport(configuration: StubURLProtocol.configuration())
        return (Router(configuration: configuration, transport: transport), TestEndpoint(baseURL: base))
    }

    @Test("a 200 arrives with its body, status and the request that was sent")
    func success() async throws {
        let (router, endpoint) = Self.router { _, _ in
            .response(status: 200, headers: ["X-Trace": "t"], body: Data("ok".utf8))
        }

        let response = try await router.request(endpoint)

        #expect(response.statusCode == 200)
        #expect(response.data == Data("ok".utf8))
        #expect(response.headers["x-trace"] == "t")
        #expect(response.request.url == (try router.makeRequest(for: endpoint)).url)
    }

    @Test("cancel() reaches every request in flight, each ends once as cancelled", arguments: [1, 5])
    func routerCancelReachesEveryRequest(count: Int) async {
        let entered = Locked(0)
        let (router, endpoint) = Self.router { _, _ in
            entered.increment()
            return .silence
        }
        let results = Locked<[String]>([])
        for _ in 0..<count { send(endpoint, through: router, recordingIn: results) }
        #expect(await eventually { entered.current == count })

        router.cancel()

        #expect(await eventually { results.current.count == count })
        await settle()
        #expect(results.current == Array(repeating: "cancelled", count: count))
    }

    @Test("cancelling the calling task ends its request as cancelled, and only that one")
    func callerCancellation() async {
        let entered = Locked(0)
        let (router, endpoint) = Self.router { _, _ in
            entered.increment()
            return .silence
        }
        let cancelled = Locked<[String]>([])
        let untouched = Locked<[String]>([])
        let task = send(endpoint, through: router, recordingIn: cancelled)
        send(endpoint, through: router, recordingIn: untouched)
        #expect(await eventually { entered.current == 2 })

        task.cancel()

        #expect(await eventually { cancelled.current.count == 1 })
        #expect(cancelled.current == ["cancelled"])
        await settle()
        #expect(untouched.current.isEmpty)
        router.cancel()
        #expect(await eventually { untouched.current == ["cancelled"] })
    }

    @Test("a task cancelled before it sends never reaches the session")
    func cancelledBeforeSending() async {
        let entered = Locked(0)
        let (router, endpoint) = Self.router { _, _ in
            entered.increment()
            return .response(status: 200, headers: [:], body: Data())
        }
        let results = Locked<[String]>([])
        send(endpoint, through: router, recordingIn: results, cancelledUpFront: true)

        #expect(await eventually { results.current.count == 1 })
        await settle()
        #expect(results.current == ["cancelled"])
        #expect(entered.current == 0)
    }

    @Test("a plugin in the configuration puts the request back through the pipeline")
    func pluginStillRuns() async throws {
        let events = Locked<[String]>([])
        let plugin = RecordingPlugin { event, _ in events.withLock { $0.append(event) } }
        let (router, endpoint) = Self.router(configuration: RouterConfiguration(plugins: [plugin])) { _, _ in
            .response(status: 204, headers: [:], body: Data())
        }

        let response = try await router.request(endpoint)

        #expect(response.statusCode == 204)
        #expect(events.current == ["prepare", "willSend", "didReceive", "process"])
    }

    @Test("many requests from many tasks while cancel() fires: each ends exactly once, with its own body")
    func racingCancelAll() async {
        let (router, base) = Self.router { request, _ in
            .response(status: 200, headers: [:], body: Data((request.url?.query ?? "").utf8))
        }
        let outcomes = Locked([Int: [String]]())
        let count = 200
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for _ in 0..<10 {
                    try? await Task.sleep(nanoseconds: 2_000_000)
                    router.cancel()
                }
            }
            for index in 0..<count {
                group.addTask {
                    var endpoint = base
                    endpoint.task = .requestParameters(
                        bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: ["i": index])
                    let outcome: String
                    do throws(NetworkError) {
                        let body = String(decoding: try await router.request(endpoint).data, as: UTF8.self)
                        outcome = body == "i=\(index)" ? "own body" : "wrong body \(body)"
                    } catch {
                        outcome = error.kind.name
                    }
                    outcomes.withLock { $0[index, default: []].append(outcome) }
                }
            }
        }

        let results = (0..<count).map { outcomes.current[$0] ?? [] }
        #expect(results.allSatisfy { $0.count == 1 })
        #expect(results.joined().allSatisfy { $0 == "own body" || $0 == "cancelled" })
    }
}
