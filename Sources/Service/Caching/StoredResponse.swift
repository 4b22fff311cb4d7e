import Foundation

/// What the cache keeps about a response besides its body, as ``CacheRecord/head``: the status and fields as
/// stored, when it was asked for and received, and what its variant was made of.
struct StoredResponse: Codable, Sendable, Equatable {
    var statusCode: Int
    var httpVersion: [Int]
    /// The stored fields in order, each `[name, value]`, repeated ones apart.
    var fields: [[String]]
    var url: URL
    /// When the request that brought the response was sent, and when the response arrived (RFC 9111 §4.2.3).
    var requestTime: Date
    var responseTime: Date
    /// The request fields the response's `Vary` named, lowercased, in its order (see ``CacheVariant``).
    var varyNames: [String]
    /// Whether the response belongs to the credentials its request carried (or to their absence), which are
    /// then part of its variant: unless it says it may answer others (see `HTTPCache.isShareable`).
    var isCredentialBound: Bool

    /// What to store of `head`, which answered a request sent at `requestTime` and arrived at `responseTime`:
    /// its fields but those a cache must not store (see ``StoredFields``).
    init(
        _ head: ResponseHead, url: URL, requestTime: Date, responseTime: Date, varyNames: [String],
        isCredentialBound: Bool, shared: Bool
    ) {
        statusCode = head.statusCode
        let version = head.httpVersion ?? .http11
        httpVersion = [version.major, version.minor]
        fields = StoredFields.storable(head.headers, shared: shared).map { [$0.name, $0.value] }
        self.url = head.url ?? url
        self.requestTime = requestTime
        self.responseTime = responseTime
        self.varyNames = varyNames
        self.isCredentialBound = isCredentialBound
    }

    /// The stored fields.
    var headers: HTTPHeaders {
        var headers = HTTPHeaders()
        for field in fields where field.count == 2 { headers.add(name: field[0], value: field[1]) }
        return headers
    }

    /// The head to answer with: the stored fields (`headers` when decoded already), with `Age` set to `age`
    /// whole seconds.
    func responseHead(age: TimeInterval, status: CacheStatus, headers: HTTPHeaders? = nil) -> ResponseHead? {
        var headers = headers ?? self.headers
        headers["Age"] = String(Int(max(0, min(age, Double(DeltaSeconds.largest)))))
        let version = HTTPVersion(major: httpVersion.first ?? 1, minor: httpVersion.dropFirst().first ?? 1)
        var head = ResponseHead(statusCode: statusCode, httpVersion: version, headers: headers, url: url)
        head?.cacheStatus = status
        return head
    }

    /// The record's head as the cache encodes it.
    /// About how many bytes the head takes, for a cache's size limit: its URL, fields and Vary names, and a
    /// fixed part for the rest.
    var byteCount: Int {
        let fieldBytes = fields.reduce(0) { total, field in field.reduce(total) { $0 + $1.utf8.count + 16 } }
        return 128 + url.absoluteString.utf8.count + fieldBytes + varyNames.reduce(0) { $0 + $1.utf8.count + 16 }
    }

    func encoded() -> Data {
        (try? Self.encoder.encode(self)) ?? Data()
    }

    /// The stored response a record's head holds, or `nil` when it is not one the cache wrote.
    init?(decoding data: Data) {
        guard let decoded = try? Self.decoder.decode(Self.self, from: data) else { return nil }
        self = decoded
    }

    private static let encoder = JSONEncoder()
    private static let decoder = JSONDecoder()
}
