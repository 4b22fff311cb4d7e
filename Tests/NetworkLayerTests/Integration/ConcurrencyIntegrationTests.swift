import Foundation
@_spi(Transport) import NetworkLayer
import Testing

@Suite("Integration: concurrency", .needsHTTPBin)
struct ConcurrencyIntegrationTests {
    @Test("100 concurrent requests through one router each complete exactly once", .timeLimit(.minutes(1)))
    func hundredConcurrentCompletions() async throws {
        let router = try HTTPBinPeer.makeRouter()
        let recorder = CompletionRecorder<(index: Int, echo: Result<HTTPBinJSON?, NetworkError>)>()

        for index in 0..<100 {
            router.request(.get(query: ["i": index])) { (result: Result<Response, NetworkError>) in
                recorder.record(
                    (
                        index,
                        result.flatMap { response in
                            Result { () throws(NetworkError) in try response.decode(HTTPBinEcho.self).args?["i"] }
                        }
                    ))
            }
        }
        let deliveries = await recorder.collect(expected: 100, within: .seconds(30))

        #expect(deliveries.count == 100)
        #expect(Set(deliveries.map(\.value.index)) == Set(0..<100))
        for delivery in deliveries {
            #expect(try delivery.value.echo.get() == .string(String(delivery.value.index)))
        }
    }

    @Test("100 concurrent async requests through one router all succeed", .timeLimit(.minutes(1)))
    func hundredConcurrentAsyncRequests() async throws {
        let router = try HTTPBinPeer.makeRouter()

        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<100 {
                group.addTask { try await router.request(.get(query: ["i": index])).statusCode }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }

        #expect(statuses == Array(repeating: 200, count: 100))
    }

    @Test("Cancelling the router cancels every request in flight", .timeLimit(.minutes(1)))
    func routerCancelsAll() async throws {
        let router = try HTTPBinPeer.makeRouter()
        let recorder = CompletionRecorder<Result<Response, NetworkError>>()
        let start = ContinuousClock.now

        for _ in 0..<4 {
            router.request(.delay(seconds: 10)) { (result: Result<Response, NetworkError>) in recorder.record(result) }
        }
        // The requests are registered as they start; the wait lets them reach the server first.
        try await Task.sleep(for: .milliseconds(300))
        router.cancel()
        let deliveries = await recorder.collect(expected: 4, within: .seconds(30))

        // httpbin answers after 10 s: a request that was not cancelled would succeed, and arrive after that.
        #expect(deliveries.count == 4)
        #expect(deliveries.allSatisfy { $0.value.failure?.kind == .cancelled })
        #expect(deliveries.allSatisfy { start.duration(to: $0.arrival) < .seconds(10) })
    }
}
