import Foundation
@_spi(Transport) import NetworkLayer
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

    /// Counts the attempts that reach the point of sending, after plugins and credentials.
    private struct CountingPlugin: PluginType {
        let willSend = Locked(0)

        func willSend(_ request: URLRequest, context: PluginContext) async {
            willSend.increment()
        }
    }

    private struct UUIDBody: Decodable {
        let uuid: String
    }

    /// The UUIDs `callers` concurrent calls of `/uuid` get, and how many requests reached the transport.
    ///
    /// The transport holds the first request until every caller has joined it (or, without sharing, until
    /// every caller's request arrived), so all of them are in flight at once.
    private func uuids(callers: Int, sharing: Bool) async throws -> (uuids: [String], sends: Int) {
        _ = try HTTPBinPeer.requireURL()
        let transport = GatedTransport(inner: LoopbackPeer.makeTransport())
        let plugin = CountingPlugin()
        let configuration = RouterConfiguration(plugins: [plugin], deduplicatesRequests: sharing)
        let router = Router<Endpoint>(configuration: configuration, transport: transport)
        let tasks = (0..<callers).map { _ in Task { try await router.request(.uuid).decode(UUIDBody.self).uuid } }
        if sharing {
            #if NETWORKLAYER_ASYNC_HTTP_CLIENT  // built by another package there, which cannot see `package` members
            #expect(await eventually { plugin.willSend.current == callers })
            try await Task.sleep(nanoseconds: 200_000_000)  // from `willSend` to joining takes no suspension
            #else
            #expect(await eventually { router.sharedCallerCount == callers })
            #endif
        } else {
            #expect(await eventually { transport.sends.current == callers })
        }
        transport.open()
        var uuids: [String] = []
        for task in tasks { uuids.append(try await task.value) }
        return (uuids, transport.sends.current)
    }

    @Test("Concurrent identical GETs get one UUID from httpbin: one request went on the wire")
    func oneRequestOnTheWire() async throws {
        let shared = try await uuids(callers: 8, sharing: true)
        #expect(shared.uuids.count == 8)
        #expect(Set(shared.uuids).count == 1)
        #expect(shared.sends == 1)

        // Without sharing, the same calls reach httpbin eight times and get eight UUIDs.
        let separate = try await uuids(callers: 8, sharing: false)
        #expect(Set(separate.uuids).count == 8)
        #expect(separate.sends == 8)
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
            (error as? NetworkError)?.kind == .cancelled
        }
        #expect(try await callers[1].value.statusCode == 200)
        #expect(try await callers[2].value.statusCode == 200)
        #if !NETWORKLAYER_ASYNC_HTTP_CLIENT
        #expect(await eventually { router.inFlightCount == 0 })
        #endif
    }
}
