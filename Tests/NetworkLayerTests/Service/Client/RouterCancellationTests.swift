import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

@Suite("Router: cancellation")
struct RouterCancellationTests {
    @Test("cancelling the calling Task surfaces NetworkError.cancelled")
    func taskCancellation() async {
        let entered = Locked(0)
        let router = Router<TestEndpoint>(transport: ClosureTransport.suspending(entered: entered))
        let results = Locked<[String]>([])
        let task = send(through: router, recordingIn: results)
        #expect(await eventually { entered.current == 1 })
        task.cancel()
        #expect(await eventually { results.current.count == 1 })
        #expect(results.current == ["cancelled"])
    }

    @Test("a Task cancelled before sending never reaches the transport")
    func cancelledBeforeSending() async {
        let entered = Locked(0)
        let router = Router<TestEndpoint>(transport: ClosureTransport.suspending(entered: entered))
        let results = Locked<[String]>([])
        send(through: router, recordingIn: results, cancelledUpFront: true)
        #expect(await eventually { results.current.count == 1 })
        #expect(results.current == ["cancelled"])
        #expect(entered.current == 0)
    }

    @Test("CancellationToken.cancel completes with .cancelled exactly once")
    func tokenCancel() async {
        let entered = Locked(0)
        let router = Router<TestEndpoint>(transport: ClosureTransport.suspending(entered: entered))
        let results = Locked<[String]>([])
        let token = router.request(TestEndpoint()) { (result: Result<Response, NetworkError>) in
            results.withLock { $0.append(result.errorKind) }
        }
        #expect(await eventually { entered.current == 1 })
        token.cancel()
        token.cancel()
        #expect(token.isCancelled)
        #expect(await eventually { results.current.count == 1 })
        await settle()
        #expect(results.current == ["cancelled"])
    }

    @Test("cancel() cancels every request in flight, not only the last", arguments: [1, 3, 10])
    func cancelAll(count: Int) async {
        let entered = Locked(0)
        let router = Router<TestEndpoint>(transport: ClosureTransport.suspending(entered: entered))
        let results = Locked<[String]>([])
        for _ in 0..<count {
            router.request(TestEndpoint()) { (result: Result<Response, NetworkError>) in
                results.withLock { $0.append(result.errorKind) }
            }
        }
        #expect(await eventually { entered.current == count })
        router.cancel()
        #expect(await eventually { results.current.count == count })
        await settle()
        #expect(results.current == Array(repeating: "cancelled", count: count))
    }

    @Test("cancel() also reaches every async request")
    func cancelAllAsync() async {
        let entered = Locked(0)
        let router = Router<TestEndpoint>(transport: ClosureTransport.suspending(entered: entered))
        let results = Locked<[String]>([])
        for _ in 0..<3 { send(through: router, recordingIn: results) }
        #expect(await eventually { entered.current == 3 })
        router.cancel()
        #expect(await eventually { results.current.count == 3 })
        #expect(results.current == ["cancelled", "cancelled", "cancelled"])
    }

    @Test("cancelling a token after completion changes nothing")
    func cancelAfterCompletion() async {
        let router = Router<TestEndpoint>(transport: ClosureTransport.status(200))
        let results = Locked<[String]>([])
        let token = router.request(TestEndpoint()) { (result: Result<Response, NetworkError>) in
            results.withLock { $0.append(result.errorKind) }
        }
        #expect(await eventually { results.current.count == 1 })
        token.cancel()
        router.cancel()
        await settle()
        #expect(results.current == ["success"])
    }
}

/// Sends `endpoint` through `router` in a new `Task` and appends `"success"` or the error's case
/// name to `results`. Tests wait on `results` rather than on the task, so a request that is never
/// cancelled fails the test instead of hanging it.
@discardableResult
func send(
    _ endpoint: TestEndpoint = TestEndpoint(),
    through router: Router<TestEndpoint>,
    recordingIn results: Locked<[String]>,
    cancelledUpFront: Bool = false
) -> Task<Void, Never> {
    Task {
        if cancelledUpFront { withUnsafeCurrentTask { $0?.cancel() } }
        let kind: String
        do throws(NetworkError) {
            _ = try await router.request(endpoint)
            kind = "success"
        } catch {
            kind = error.kind.name
        }
        results.withLock { $0.append(kind) }
    }
}

extension Result where Success == Response, Failure == NetworkError {
    /// `"success"` or the error's case name.
    var errorKind: String {
        switch self {
        case .success: "success"
        case .failure(let error): error.kind.name
        }
    }
}
