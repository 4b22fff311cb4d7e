import Foundation
import TestSupport

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A clock the tests move by hand; no cache test reads the wall clock.
final class TestClock: Sendable {
    static let start = Date(timeIntervalSince1970: 1_700_000_000)
    private let time = Locked(TestClock.start)

    var now: Date { time.current }
    var reader: @Sendable () -> Date { { [time] in time.current } }

    func advance(_ seconds: TimeInterval) {
        time.withLock { $0 += seconds }
    }

    /// `date` as an IMF-fixdate, `Tue, 14 Nov 2023 22:13:20 GMT`.
    static func httpDate(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: date)
    }

    /// The clock's time moved by `offset` seconds, as an IMF-fixdate.
    func httpDate(offset: TimeInterval = 0) -> String {
        Self.httpDate(now.addingTimeInterval(offset))
    }
}

/// What the origin answers one request with.
struct OriginReply: Sendable {
    var status = 200
    var headers: [String: String] = [:]
    var body = "body"
    /// Sends the body in these chunks, one after the other as the consumer asks, instead of whole.
    var chunks: [String]?
    /// With `chunks`, fails the transfer after them instead of ending it.
    var failsAfterChunks = false
}

/// An origin server behind a transport: counts the requests it sees, keeps their heads, and answers each
/// with `reply`, given the request and its number (from 1).
final class Origin: HTTPTransport {
    let requests = Locked<[URLRequest]>([])
    private let reply: @Sendable (URLRequest, Int) throws -> OriginReply

    init(_ reply: @escaping @Sendable (URLRequest, Int) throws -> OriginReply) {
        self.reply = reply
    }

    /// Answers every request with `reply`.
    convenience init(always reply: OriginReply) {
        self.init { _, _ in reply }
    }

    var hits: Int { requests.current.count }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let number = requests.withLock { requests in
            requests.append(request.head)
            return requests.count
        }
        let answer = try reply(request.head, number)
        guard let url = request.head.url,
            let head = ResponseHead(statusCode: answer.status, headers: HTTPHeaders(answer.headers), url: url)
        else { throw NetworkError(.badResponse, detail: "no head") }
        guard let chunks = answer.chunks else {
            return TransportResponse(head: head, body: ResponseBody(Data(answer.body.utf8)))
        }
        let (body, writer) = ResponseBody.makeStream(window: 1)
        Task {
            for chunk in chunks {
                guard writer.write(Data(chunk.utf8)) else { return }
                await writer.waitForDemand()
            }
            if answer.failsAfterChunks {
                writer.fail(NetworkError(.connectionLost, detail: "cut"))
            } else {
                writer.finish()
            }
        }
        return TransportResponse(head: head, body: body)
    }
}

/// An endpoint whose method, path, headers and cache policy each test sets.
struct CacheEndpoint: EndPointType {
    var baseURL = URL(string: "https://api.example.com")!
    var path = "resource"
    var httpMethod: HTTPMethod = .get
    var headers: HTTPHeaders?
    var cachePolicy: CachePolicy = .useProtocolRules

    static func get(_ path: String = "resource", headers: HTTPHeaders? = nil) -> CacheEndpoint {
        CacheEndpoint(path: path, headers: headers)
    }
}

/// A router over `origin` with a cache in memory that reads `clock`.
func cachingRouter(
    _ origin: Origin, clock: TestClock, shared: Bool = false, maximumEntrySize: Int = 1024 * 1024
) -> (Router<CacheEndpoint>, HTTPCache) {
    let storage = MemoryCacheStorage(maximumSize: 10 * 1024 * 1024, maximumEntrySize: maximumEntrySize)
    let cache = HTTPCache(storage: storage, shared: shared, now: clock.reader)
    return (Router(configuration: RouterConfiguration(cache: cache), transport: origin), cache)
}

extension Response {
    /// The body as UTF-8 text.
    var text: String { String(decoding: data, as: UTF8.self) }
}
