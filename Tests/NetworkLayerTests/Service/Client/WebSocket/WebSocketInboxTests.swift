import Foundation
import TestSupport
import Testing

@testable import NetworkLayer

@Suite("WebSocket inbox")
struct WebSocketInboxTests {
    @Test("Messages come out in order; the end follows the messages before it")
    func order() async throws {
        let inbox = WebSocketInbox(capacity: 4)
        try await inbox.put(.text("a"))
        try await inbox.put(.text("b"))
        inbox.finish(NetworkError(.connectionLost))
        #expect(try await inbox.take() == .text("a"))
        #expect(try await inbox.take() == .text("b"))
        await #expect(throws: NetworkError.self) { try await inbox.take() }
    }

    @Test("A writer waits while the inbox is full and goes on once a message is taken")
    func full() async throws {
        let inbox = WebSocketInbox(capacity: 2)
        let written = Locked(0)
        let writer = Task {
            for index in 0..<5 {
                try await inbox.put(.text("\(index)"))
                written.increment()
            }
        }
        #expect(await eventually { written.current == 2 })
        await settle()
        #expect(written.current == 2)
        #expect(try await inbox.take() == .text("0"))
        #expect(await eventually { written.current == 3 })
        for index in 1..<5 { #expect(try await inbox.take() == .text("\(index)")) }
        try await writer.value
    }

    @Test("A waiting reader gets the next message, or nil at a normal end")
    func waitingReader() async throws {
        let inbox = WebSocketInbox(capacity: 1)
        let reader = Task { try await inbox.take() }
        try await inbox.put(.binary(Data([1])))
        #expect(try await reader.value == .binary(Data([1])))
        let second = Task { try await inbox.take() }
        inbox.finish()
        #expect(try await second.value == nil)
    }

    @Test("finish stops a waiting writer; cancelling a reader ends its wait with cancelled")
    func cancellation() async throws {
        let inbox = WebSocketInbox(capacity: 1)
        try await inbox.put(.text("kept"))
        let writer = Task { try await inbox.put(.text("dropped")) }
        let reader = Task {
            let empty = WebSocketInbox(capacity: 1)
            return try await empty.take()
        }
        reader.cancel()
        await #expect(throws: NetworkError.self) { try await reader.value }
        inbox.finish()
        await #expect(throws: CancellationError.self) { try await writer.value }
        #expect(try await inbox.take() == .text("kept"))
        #expect(try await inbox.take() == nil)
    }
}
