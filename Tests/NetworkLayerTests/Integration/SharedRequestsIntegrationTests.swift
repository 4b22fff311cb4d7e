import Foundation
import NetworkLayer
import TestSupport
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("Integration: identical requests in flight shared", .needsHTTPBin, .timeLimit(.minutes(1)))
struct SharedRequestsIntegrationTests {
    private enum Endpoint: EndPointType {
        /// `GET /uuid`: a new UUID for every request that reaches httpbin.
        case uuid
        /// `GET /delay/{seconds}`.
        case delay(seconds: Int)

        var baseURL: URL { HTTPBinPeer.baseURL }
        var path: String {
            switch self {
            case .uuid: "uuid"
            case .delay(let seconds): "delay/\(seconds)"
            }
        }
        var timeout: TimeInterval? { 20 }
    }

    /// Holds every attempt a moment before it is sent, so that all callers have joined the first one by
    /// the time it goes out, and counts the attempts.
    private struct HoldingPlugin: PluginType {
        let attempts = Locked(0)

        func prepare(_ request: URLRequest, context: PluginContext) async throws(NetworkError) -> URLRequest {
            attempts.increment()
            try? await Task.sleep(nanoseconds: 300_000_000)
            return request
        }
    }

    private struct UUIDBody: Decodable {
        let uuid: String
    }

    /// The UUIDs `callers` concurrent calls of `/uuid` get, and how many attempts the router made.
    private func uuids(callers: Int, sharing: Bool) async throws -> (uuids: [String], attempts: Int) {
        let plugin = HoldingPlugin()
        let configuration = RouterConfiguration(plugins: [plugin], deduplicatesRequests: sharing)
        let router = try HTTPBinPeer.peer.makeRouter(for: Endpoint.self, configuration: configuration)
        let uuids = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<callers {
                group.addTask { try await router.request(.uuid).decode(UUIDBody.self).uuid }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        return (uuids, plugin.attempts.current)
    }

    @Test("Concurrent identical GETs get one UUID from httpbin: one request went on the wire")
    func oneRequestOnTheWire() async throws {
        let shared = try await uuids(callers: 8, sharing: true)
        #expect(shared.uuids.count == 8)
        #expect(Set(shared.uuids).count == 1)
        #expect(shared.attempts == 1)

        // Without sharing, the same calls reach httpbin eight times and get eight UUIDs.
        let separate = try await uuids(callers: 8, sharing: false)
        #expect(Set(separate.uuids).count == 8)
        #expect(separate.attempts == 8)
    }

    @Test("Cancelling one caller of a slow request leaves the others their response")
    func cancelOneCaller() async throws {
        let configuration = RouterConfiguration(deduplicatesRequests: true)
        let router = try HTTPBinPeer.peer.makeRouter(for: Endpoint.self, configuration: configuration)
        let callers = (0..<3).map { _ in Task { try await router.request(.delay(seconds: 1)) } }
        #if NETWORKLAYER_ASYNC_HTTP_CLIENT  // built by another package there, which cannot see `package` members
        try await Task.sleep(nanoseconds: 300_000_000)  // the three join well within httpbin's one-second delay
        #else
        #expect(await eventually { router.sharedCallerCount == 3 })
        #endif
        callers[0].cancel()
        await #expect {
            _ = try await callers[0].value
        } throws: { error in
            (error as? NetworkError)?.isCancellation == true
        }
        #expect(try await callers[1].value.statusCode == 200)
        #expect(try await callers[2].value.statusCode == 200)
        #if !NETWORKLAYER_ASYNC_HTTP_CLIENT
        #expect(await eventually { router.inFlightCount == 0 })
        #endif
    }
}
