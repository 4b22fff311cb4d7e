import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that sends each request through another and writes every exchange to a HAR 1.2 file, with
/// secrets hidden before anything is written.
///
/// ```swift
/// let file = fixtures.appendingPathComponent("movies.har")
/// let router = Router<MovieAPI>(transport: HARRecordingTransport(wrapping: URLSessionTransport(), file: file))
/// ```
///
/// The response body still reaches the caller as it arrives; a copy of at most `bodyLimit` bytes is kept
/// for the file, and a larger body is written as omitted, with a comment. An exchange is written once its
/// body has been read to its end (or stopped, or failed: the entry then says so); a body never read, and a
/// request that fails before a response arrives, are not written; a response that has no body (204, 304, an
/// answer to `HEAD`) is written as it arrives. The file is rewritten whole, at once, after each exchange, so it
/// is a valid HAR file whenever it is read; a recording starts a new file. ``Redactor`` hides what the
/// ``NetworkLogger`` hides: give the redactor the router's logger uses. ``HARReplayTransport`` answers from
/// the file.
public struct HARRecordingTransport: HTTPTransport {
    private let wrapped: any HTTPTransport
    private let writer: HARFileWriter
    private let redactor: Redactor
    private let bodyLimit: Int

    /// Creates a recorder.
    ///
    /// - Parameters:
    ///   - transport: Sends the requests.
    ///   - file: The HAR file to write, replaced by the first exchange.
    ///   - redactor: What is hidden in the file. Defaults to the ``Redactor`` rule with nothing added.
    ///   - bodyLimit: The most bytes of a response body written to the file. Defaults to 10 MB.
    public init(
        wrapping transport: any HTTPTransport, file: URL, redactor: Redactor = Redactor(),
        bodyLimit: Int = 10 * 1024 * 1024
    ) {
        self.wrapped = transport
        self.writer = HARFileWriter(file: file)
        self.redactor = redactor
        self.bodyLimit = max(0, bodyLimit)
    }

    /// The codings the wrapped transport decodes: the recorder passes bodies on as they come.
    @_spi(Transport) public var decodedContentCodings: [String] { wrapped.decodedContentCodings }

    /// Opens the socket through the wrapped transport; HAR has no place for its messages, so nothing is written.
    @_spi(Transport) public func openWebSocket(
        _ request: TransportRequest, options: WebSocketOptions
    ) async throws -> WebSocketUpgrade {
        try await wrapped.openWebSocket(request, options: options)
    }

    /// The wrapped transport's: it makes the connections.
    @_spi(Transport) public func pinningLimitation(for pins: [CertificatePin]) -> String? {
        wrapped.pinningLimitation(for: pins)
    }

    /// Sends `request` through the wrapped transport and tees the response body into the file's entry.
    @_spi(Transport) public func send(_ request: TransportRequest) async throws -> TransportResponse {
        let started = Date()
        let start = ProcessInfo.processInfo.systemUptime
        let sentBody = Self.body(of: request)
        let redaction = HARRedaction(redactor: redactor, request: request.head, body: sentBody)
        let harRequest = redaction.request(
            request.head, body: sentBody, bodyUnread: sentBody == nil && request.body != nil)
        let response = try await wrapped.send(request)
        let waited = ProcessInfo.processInfo.systemUptime - start
        let (head, writer, limit) = (response.head, writer, bodyLimit)
        let record: @Sendable (BodyTee.Outcome) async -> Void = { outcome in
            let received = ProcessInfo.processInfo.systemUptime - start - waited
            var harResponse = HARResponse(
                status: head.statusCode, httpVersion: head.httpVersion?.description ?? "",
                headers: redaction.fields(head.headers.map { ($0.name, $0.value) }),
                content: redaction.content(outcome, head: head, limit: limit))
            harResponse.redirectURL = head.headers["Location"].map(redaction.url(text:)) ?? ""
            if let url = head.url, url != request.head.url { harResponse.finalURL = redaction.url(url) }
            let timings = HARTimings(wait: waited * 1000, receive: received * 1000)
            await writer.append(
                HAREntry(startedDateTime: started, request: harRequest, response: harResponse, timings: timings))
        }
        // A response without a body (204, 304, an answer to HEAD) is written at once: its consumer may stop
        // the empty body unread, as the event streams do on 204.
        guard head.mayHaveBody(after: request.head) else {
            await record(.whole(Data()))
            return response
        }
        return await BodyTee.tee(response, answering: request.head, limit: limit, end: record)
    }

    /// The request body, when it is in memory.
    private static func body(of request: TransportRequest) -> Data? {
        switch request.body {
        case .data(let data)?: data
        case nil: request.head.httpBody ?? (request.head.httpBodyStream == nil ? Data() : nil)
        case .file?, .stream?: nil
        }
    }
}
