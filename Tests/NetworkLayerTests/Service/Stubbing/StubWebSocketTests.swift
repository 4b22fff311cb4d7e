import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("StubTransport WebSockets")
struct StubWebSocketTests {
    enum Chat: EndPointType, Equatable {
        case room(Int)
        case lobby

        var baseURL: URL { URL(string: "wss://chat.example.com")! }
        var path: String {
            switch self {
            case .room(let id): "rooms/\(id)"
            case .lobby: "lobby"
            }
        }
    }

    @Test("Each endpoint plays its own scripts; what the router sends is recorded per endpoint")
    func perEndpoint() async throws {
        let stub = StubTransport<Chat>().webSockets { endpoint in
            switch endpoint {
            case .room(let id): [.accept([.message(.text("room \(id)")), .echo])]
            case .lobby: [.accept([.awaitMessage, .message(.text("lobby"))], subprotocol: "chat.v2")]
            }
        }
        let router = Router(stub: stub)
        let room = try await router.webSocket(.room(7))
        let lobby = try await router.webSocket(.lobby)
        try await room.send(.text("hi"))
        try await lobby.send(.binary(Data([9])))
        var rooms = room.messages.makeAsyncIterator()
        var lobbies = lobby.messages.makeAsyncIterator()
        #expect(try await rooms.next() == .text("room 7"))
        #expect(try await rooms.next() == .text("hi"))
        #expect(try await lobbies.next() == .text("lobby"))
        #expect(lobby.subprotocol == "chat.v2")
        #expect(stub.sentMessages(to: .room(7)) == [.text("hi")])
        #expect(stub.sentMessages(to: .lobby) == [.binary(Data([9]))])
        #expect(stub.sentMessages(to: .room(8)).isEmpty)
        await room.close()
        await lobby.close()
    }

    @Test("Scripts are served in order per URL, the last one repeating")
    func order() async throws {
        let stub = StubTransport<Chat>().webSockets { _ in
            [.refuse(.http(503)), .accept([.message(.text("second"))])]
        }
        let router = Router(stub: stub)
        await #expect(throws: NetworkError.self) { try await router.webSocket(.lobby) }
        for _ in 0..<2 {
            let socket = try await router.webSocket(.lobby)
            var messages = socket.messages.makeAsyncIterator()
            #expect(try await messages.next() == .text("second"))
            await socket.close()
        }
    }

    @Test("A stub that sends endpoints to the network opens their sockets there")
    func network() async throws {
        let stub = StubTransport<Chat>(network: ClosureTransport { _ in throw URLError(.badURL) }) { _ in .network }
        let error = await #expect(throws: NetworkError.self) { try await Router(stub: stub).webSocket(.lobby) }
        #expect(error?.kind == .notSupportedByTransport)
    }
}
