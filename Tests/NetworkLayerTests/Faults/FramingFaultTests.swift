import Foundation
@_spi(Transport) import NetworkLayer
import Testing

/// Response framing by one rule, over whichever transport the suite runs on: a `Content-Length` that is not
/// one plain decimal number is refused, an impossible one fails at once, and no response arrives with a body
/// its head contradicts.
@Suite("Faults: Content-Length framing", .needsFaultServer)
struct FramingFaultTests {
    /// Header lines whose `Content-Length` is not one plain decimal number, each over a 9-byte body.
    static let notPlain: [[String]] = [
        ["Content-Length: 5 9"], ["Content-Length: +9"], ["Content-Length: 0x5"], ["Content-Length: 9.0"],
        ["Content-Length: 5", "Content-Length: 9"], ["Content-Length: 9,"], ["Content-Length: 1e1"],
        ["Content-Length: 9;x"],
    ]

    @Test("A Content-Length that is not one plain decimal number fails as a bad response", arguments: notPlain)
    func notPlainLength(fields: [String]) async throws {
        let router = try FaultServerPeer.peer.makeRouter(for: FramingRoute.self)

        let error = await #expect(throws: NetworkError.self) { try await router.request(.lengthFields(fields)) }

        guard let failure = (try #require(error)).ifKind(.badResponse) else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(failure.kind == .badResponse)
    }

    @Test("A streamed response whose Content-Length is not plain fails before its body is handed out")
    func notPlainStream() async throws {
        let router = try FaultServerPeer.peer.makeRouter(for: FramingRoute.self)

        let error = await #expect(throws: NetworkError.self) {
            _ = try await router.stream(.lengthFields(["Content-Length: +9"]))
        }

        guard let failure = (try #require(error)).ifKind(.badResponse) else {
            Issue.record("expected a transport error, got \(String(describing: error))")
            return
        }
        #expect(failure.kind == .badResponse)
    }

    /// curl refuses these before Foundation hands over the head; AsyncHTTPClient's parser refuses them too.
    @Test(
        "A Content-Length without a number fails as a transport error",
        arguments: [["Content-Length:"], ["Content-Length: -1"]])
    func noNumber(fields: [String]) async throws {
        let router = try FaultServerPeer.peer.makeRouter(for: FramingRoute.self)

        let error = await #expect(throws: NetworkError.self) { try await router.request(.lengthFields(fields)) }

        // curl's refusal reaches Foundation as an unknown URLError; AsyncHTTPClient's as a bad response.
        let kinds: Set<NetworkError.Kind> = [.badResponse, .transportFailure]
        #expect(try kinds.contains(#require(error).kind), "got \(String(describing: error))")
        #expect(error?.response == nil)
    }

    /// Two fields whose names differ only in case: Foundation on Linux keeps one of them, chosen by the order
    /// of a dictionary, and curl frames the body by the last; AsyncHTTPClient refuses the head.
    @Test(
        "Length fields that differ in case never give a body its head contradicts",
        arguments: [["Content-Length: 5", "content-length: 9"], ["Content-Length: 9", "content-length: 5"]])
    func caseVariantFields(fields: [String]) async throws {
        let router = try FaultServerPeer.peer.makeRouter(for: FramingRoute.self)

        for _ in 0..<4 {
            do {
                let response = try await router.request(.lengthFields(fields))
                #if NETWORKLAYER_ASYNC_HTTP_CLIENT
                Issue.record("AsyncHTTPClient accepted \(fields)")
                #endif
                #expect(response.head.expectedContentLength == Int64(response.data.count))
            } catch .badResponse {
                // Refusing the head is the other right answer.
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    /// (fields, the size limit, whether the failure is for size rather than framing: a length past `Int64.max`
    /// is no length, whatever the limit). The server keeps the connection open after the head, so a transport
    /// that waited for the body would run into the time limit.
    static let impossible: [([String], Int?, Bool)] = [
        (["Content-Length: 10000000000000000000"], 100 * 1024 * 1024, false),
        (["Content-Length: 10000000000000000000"], nil, false),
        (["Content-Length: 99999999999999999999999999"], nil, false),
        (["Content-Length: 2000"], 1000, true),
    ]

    @Test("An impossible Content-Length fails at once", .timeLimit(.minutes(1)), arguments: impossible)
    func impossibleLength(fields: [String], limit: Int?, tooLarge: Bool) async throws {
        let router = try FaultServerPeer.peer.makeRouter(
            for: FramingRoute.self, configuration: RouterConfiguration(maximumResponseSize: limit))

        let error = await #expect(throws: NetworkError.self) {
            try await router.request(.lengthFields(fields, body: 5, stall: 300))
        }

        switch try #require(error) {
        case .responseTooLarge: #expect(tooLarge)
        case .badResponse: #expect(!tooLarge)
        default: Issue.record("unexpected \(String(describing: error))")
        }
    }

    /// A list of one repeated value (`9, 9`) the library accepts as well, but AsyncHTTPClient's parser refuses it.
    @Test("A plain Content-Length with the body it announces arrives whole", arguments: ["9", "009", " 9 "])
    func plainLength(value: String) async throws {
        let router = try FaultServerPeer.peer.makeRouter(for: FramingRoute.self)

        let response = try await router.request(.lengthFields(["Content-Length: \(value)"]))

        #expect(response.data == Data(repeating: UInt8(ascii: "x"), count: 9))
    }
}
