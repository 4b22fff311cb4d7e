import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that answers from a HAR file instead of the network: what ``HARRecordingTransport`` wrote, or
/// a browser's or proxy's export.
///
/// ```swift
/// let replay = try HARReplayTransport(file: fixtures.appendingPathComponent("movies.har"))
/// let router = Router<MovieAPI>(transport: replay)
/// ```
///
/// A request is answered by a recorded entry with the same method and URL (query items in any order, less
/// the ones named in `ignoredQueryItems`) and, when asked, the same body and values of `matchedHeaders`, compared after the recorder's redaction: give
/// the redactor the recorder had. With ``Order/sequential`` each entry answers once, the first unused match in
/// recorded order answering; with ``Order/byMatch`` the first match answers every time. A request no entry
/// matches fails with a ``HARReplayError`` that names the closest entry and how it differs.
///
/// Bodies are replayed as recorded, decoded (HAR holds decoded bodies, as ``URLSessionTransport`` delivers
/// them: a recorded `Content-Encoding` stays in the head, and the body's length is not checked against
/// `Content-Length`); an event stream arrives event by event.
public struct HARReplayTransport: HTTPTransport {
    /// Which recorded entry answers a request.
    public enum Order: Sendable, Hashable {
        /// Each entry answers once: the first unused match, in recorded order.
        case sequential
        /// The first match answers, as often as it matches.
        case byMatch
    }

    /// When a replayed response arrives.
    public enum Timing: Sendable {
        /// At once, whole.
        case immediate
        /// After the entry's recorded wait for the head, and with its receive time spread over the body's
        /// chunks, paused through `sleep` (seconds), which a test replaces to not sleep at all.
        case recorded(sleep: @Sendable (TimeInterval) async throws -> Void)
    }

    private let entries: [HAREntry]
    private let matching: HARMatching
    private let order: Order
    private let timing: Timing
    private let used: Locked<Set<Int>>

    /// A replay of the HAR file at `file`.
    ///
    /// - Parameters:
    ///   - file: The HAR file.
    ///   - matchesBody: Whether a request's body must be the recorded one. Defaults to `false`.
    ///   - matchedHeaders: Header fields whose values must be the recorded ones. Defaults to none.
    ///   - ignoredQueryItems: Names of query items left out of the match, such as a language the recording
    ///     answers alike. Defaults to none.
    ///   - order: Which entry answers a request. Defaults to ``Order/sequential``.
    ///   - timing: When responses arrive. Defaults to ``Timing/immediate``.
    ///   - redactor: The redactor the recorder had. Defaults to the ``Redactor`` rule with nothing added.
    /// - Throws: ``HARReplayError/Kind/unreadableFile`` when the file cannot be read or is not HAR.
    public init(
        file: URL, matchesBody: Bool = false, matchedHeaders: Set<String> = [], ignoredQueryItems: Set<String> = [],
        order: Order = .sequential, timing: Timing = .immediate, redactor: Redactor = Redactor()
    ) throws(HARReplayError) {
        let data: Data
        do {
            data = try Data(contentsOf: file)
        } catch {
            throw HARReplayError(
                .unreadableFile, "cannot read \(file.lastPathComponent): \(error.localizedDescription)")
        }
        try self.init(
            data: data, matchesBody: matchesBody, matchedHeaders: matchedHeaders,
            ignoredQueryItems: ignoredQueryItems, order: order, timing: timing, redactor: redactor)
    }

    /// A replay of the HAR file `data` holds; the parameters are those of
    /// ``init(file:matchesBody:matchedHeaders:ignoredQueryItems:order:timing:redactor:)``.
    public init(
        data: Data, matchesBody: Bool = false, matchedHeaders: Set<String> = [], ignoredQueryItems: Set<String> = [],
        order: Order = .sequential, timing: Timing = .immediate, redactor: Redactor = Redactor()
    ) throws(HARReplayError) {
        self.entries = try HARArchive.read(data).log.entries
        self.matching = HARMatching(
            matchesBody: matchesBody, headers: Set(matchedHeaders.map { $0.lowercased() }),
            ignoredQueryItems: ignoredQueryItems, redactor: redactor)
        self.order = order
        self.timing = timing
        self.used = Locked([])
    }

    /// The codings ``URLSessionTransport`` decodes, so that requests go out as they were recorded over it.
    @_spi(Transport) public var decodedContentCodings: [String] { ["br", "gzip", "deflate"] }

    /// None: the transport connects to no server, so no certificate can fail a pin.
    @_spi(Transport) public func pinningLimitation(for pins: [CertificatePin]) -> String? { nil }

    /// The recorded response that matches `request`.
    @_spi(Transport) public func send(_ request: TransportRequest) async throws -> TransportResponse {
        try Task.checkCancellation()
        let body: Data?
        switch request.body {
        case .data(let data)?: body = data
        case nil: body = request.head.httpBody ?? Data()
        case .file?, .stream?: body = matching.matchesBody ? try await request.body?.collect() : nil
        }
        let entry = try answer(to: matching.key(for: request.head, body: body))
        return try await response(entry, to: request.head)
    }

    /// The entry that answers `key`, marked used when the order says so.
    private func answer(to key: HARMatching.Key) throws(HARReplayError) -> HAREntry {
        let keys = entries.map { matching.key(for: $0.request) }
        let matches = keys.indices.filter { matching.differences(keys[$0], from: key).isEmpty }
        let found: Int? = used.withLock { used in
            guard order == .sequential else { return matches.first }
            guard let index = matches.first(where: { !used.contains($0) }) else { return nil }
            used.insert(index)
            return index
        }
        if let found { return entries[found] }
        throw unmatched(key, keys: keys, used: matches)
    }

    /// The error for a request no unused entry matches, naming the entry that differs least.
    private func unmatched(_ key: HARMatching.Key, keys: [HARMatching.Key], used: [Int]) -> HARReplayError {
        let request = "\(key.method) \(key.url)"
        guard !keys.isEmpty else {
            return HARReplayError(.unmatched, "no recorded entry for \(request): the file has none")
        }
        if let index = used.first {
            return HARReplayError(
                .unmatched,
                "no recorded entry left for \(request): its \(used.count) match(es) were used, first \(keys[index].method) \(keys[index].url)"
            )
        }
        let distances = keys.map { matching.distance($0, from: key) }
        let closest = distances.indices.min { distances[$0] < distances[$1] } ?? 0
        return HARReplayError(
            .unmatched,
            "no recorded entry for \(request); closest: \(keys[closest].method) \(keys[closest].url) ("
                + matching.differences(keys[closest], from: key).joined(separator: "; ") + ")")
    }

    /// `entry`'s response, its head after the recorded wait when the timing says so.
    private func response(_ entry: HAREntry, to request: URLRequest) async throws -> TransportResponse {
        let recorded = entry.response
        guard let bytes = recorded.content.bytes else {
            let reason = recorded.content.comment ?? "the file holds no body for it"
            throw HARReplayError(
                .bodyNotRecorded, "\(entry.request.method) \(entry.request.url): no body to replay: \(reason)")
        }
        var headers = HTTPHeaders()
        for field in recorded.headers where !field.name.hasPrefix(":") {
            headers.add(name: field.name, value: field.value)
        }
        let url = recorded.finalURL.flatMap(URL.init(string:)) ?? request.url ?? URL(fileURLWithPath: "/")
        guard
            let head = ResponseHead(
                statusCode: recorded.status, httpVersion: Self.version(recorded.httpVersion), headers: headers, url: url
            )
        else {
            throw HARReplayError(
                .unreadableFile, "\(entry.request.method) \(entry.request.url): status \(recorded.status)")
        }
        let chunks = HARReplayBody.chunks(of: bytes, mimeType: recorded.content.mimeType)
        guard case .recorded(let sleep) = timing else {
            return TransportResponse(head: head, body: HARReplayBody.body(chunks, pause: 0, sleep: nil))
        }
        let timings = entry.timings
        if timings.send + timings.wait > 0 { try await sleep((max(0, timings.send) + max(0, timings.wait)) / 1000) }
        let pause = chunks.isEmpty ? 0 : max(0, timings.receive) / 1000 / Double(chunks.count)
        return TransportResponse(head: head, body: HARReplayBody.body(chunks, pause: pause, sleep: sleep))
    }

    /// The version a HAR file names (`HTTP/1.1`, `http/2.0`, `h2`, `h3`), HTTP/1.1 when it names none.
    static func version(_ text: String) -> HTTPVersion {
        let lowercased = text.lowercased()
        if lowercased == "h2" { return HTTPVersion(major: 2, minor: 0) }
        if lowercased == "h3" { return HTTPVersion(major: 3, minor: 0) }
        guard lowercased.hasPrefix("http/") else { return .http11 }
        let numbers = lowercased.dropFirst(5).split(separator: ".").compactMap { Int($0) }
        guard let major = numbers.first else { return .http11 }
        return HTTPVersion(major: major, minor: numbers.dropFirst().first ?? 0)
    }
}
