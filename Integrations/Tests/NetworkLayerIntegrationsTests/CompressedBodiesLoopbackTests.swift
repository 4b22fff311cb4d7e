#if os(Linux)  // where the transport decodes br and zstd (Package.swift)
import Foundation
@testable import NetworkLayer
import NetworkLayerAsyncHTTPClient
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The routes of `scripts/compression_server.py`, whose bodies PyPI's `brotli` and `zstandard` compress.
enum CompressedRoute: EndPointType {
    /// A JSON-like text of `size` bytes in `coding`, streamed in chunks or whole with a `Content-Length`.
    case compressed(coding: String, size: Int, chunked: Bool)
    /// The head of ``compressed(coding:size:chunked:)``, to `HEAD`.
    case head(coding: String)
    /// 1 GiB of zeros in `coding`: a few KB on the wire.
    case bomb(coding: String)
    /// The first half of a compressed body.
    case truncated(coding: String)
    /// The request's `Accept-Encoding`, as text.
    case acceptEncoding

    static var server: URL? {
        ProcessInfo.processInfo.environment["COMPRESSION_SERVER_URL"].flatMap(URL.init(string:))
    }

    /// Whether the run promised that the loopback suites run (`scripts/test.sh` sets it): then a missing
    /// server fails the suite instead of skipping it.
    static var isRequired: Bool { ProcessInfo.processInfo.environment["NETWORKLAYER_REQUIRE_INTEGRATION"] == "1" }

    var baseURL: URL { Self.server ?? URL(fileURLWithPath: "/COMPRESSION_SERVER_URL-not-set") }

    var path: String {
        switch self {
        case .compressed, .head: "compressed"
        case .bomb: "bomb"
        case .truncated: "truncated"
        case .acceptEncoding: "accept-encoding"
        }
    }

    var httpMethod: HTTPMethod {
        if case .head = self { return .head }
        return .get
    }

    var task: HTTPTask {
        let query: Parameters? =
            switch self {
            case .compressed(let coding, let size, let chunked):
                ["coding": coding, "size": size, "framing": chunked ? "chunked" : "length"]
            case .head(let coding), .bomb(let coding): ["coding": coding]
            case .truncated(let coding): ["coding": coding, "size": 200_000]
            case .acceptEncoding: nil
            }
        guard let query else { return .request }
        return .requestParameters(bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: query)
    }

    var headers: HTTPHeaders? { nil }
}

/// `br` and `zstd` bodies over AsyncHTTPClientTransport, from the loopback server `scripts/test.sh` starts
/// (`COMPRESSION_SERVER_URL`): they decode to the server's bytes, streamed, and a bomb stops at the limit.
@Suite(
    "Integration: br and zstd over AsyncHTTPClientTransport",
    .enabled(
        if: CompressedRoute.server != nil || CompressedRoute.isRequired,
        "COMPRESSION_SERVER_URL is not set (scripts/test.sh starts scripts/compression_server.py)")
)
struct CompressedBodiesLoopbackTests {
    static let codings = ["br", "zstd"]

    /// The lowercase hex SHA-256 of `data`.
    static func sha256(_ data: some Collection<UInt8>) -> String {
        SHA256.hash(data).map { String(format: "%02x", $0) }.joined()
    }

    /// The most memory the process has held so far, in bytes.
    static func peakMemory() -> Int {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024
    }

    init() throws {
        try #require(CompressedRoute.server != nil, "COMPRESSION_SERVER_URL must name scripts/compression_server.py")
    }

    @Test("Accept-Encoding asks for br and zstd besides gzip and deflate")
    func advertised() async throws {
        let text = try await Carrier.asyncHTTPClient.withRouter(CompressedRoute.self) { router in
            try await router.request(.acceptEncoding).data
        }
        #expect(String(decoding: text, as: UTF8.self) == "br, zstd, gzip, deflate")
    }

    @Test("a body decodes to the server's bytes", arguments: codings, [true, false])
    func roundTrip(coding: String, chunked: Bool) async throws {
        let response = try await Carrier.asyncHTTPClient.withRouter(CompressedRoute.self) { router in
            try await router.request(.compressed(coding: coding, size: 1 << 20, chunked: chunked))
        }
        #expect(response.data.count == 1 << 20)
        #expect(Self.sha256(response.data) == response.headers.values(for: "X-Original-SHA256").first)
        #expect(response.headers.values(for: "Content-Encoding") == [coding])
    }

    @Test("a streamed body arrives in chunks of at most 64 KiB as it decodes", arguments: codings)
    func streamed(coding: String) async throws {
        let (chunks, largest, data, expected) = try await Carrier.asyncHTTPClient.withRouter(CompressedRoute.self) {
            router in
            let streamed = try await router.stream(.compressed(coding: coding, size: 4 << 20, chunked: true))
            var (chunks, largest, data) = (0, 0, Data())
            for try await chunk in streamed.body {
                chunks += 1
                largest = max(largest, chunk.count)
                data.append(chunk)
            }
            return (chunks, largest, data, streamed.response.headers.values(for: "X-Original-SHA256").first)
        }
        #expect(chunks >= (4 << 20) / (64 * 1024))
        #expect(largest <= 64 * 1024)
        #expect(Self.sha256(data) == expected)
    }

    @Test("1 GiB of zeros stops at the response-size limit, decoded no further", arguments: codings)
    func bomb(coding: String) async throws {
        let limit = 8 << 20
        let before = Self.peakMemory()
        try await Carrier.asyncHTTPClient.withRouter(
            CompressedRoute.self, configuration: RouterConfiguration(maximumResponseSize: limit)
        ) { router in
            let error = await #expect(throws: NetworkError.self) { try await router.request(.bomb(coding: coding)) }
            #expect(error?.kind == .responseTooLarge)
            #expect(error?.detail?.contains("limit \(limit) bytes") == true)
        }
        // Decoded whole, the body would have taken 1 GiB at its peak.
        #expect(Self.peakMemory() - before < 256 << 20)
    }

    @Test("a body cut short fails as a bad response", arguments: codings)
    func truncated(coding: String) async throws {
        try await Carrier.asyncHTTPClient.withRouter(CompressedRoute.self) { router in
            let error = await #expect(throws: NetworkError.self) {
                try await router.request(.truncated(coding: coding))
            }
            #expect(error?.kind == .badResponse)
        }
    }

    @Test("the answer to HEAD, which names a coding and has no body, ends cleanly", arguments: codings)
    func head(coding: String) async throws {
        let response = try await Carrier.asyncHTTPClient.withRouter(CompressedRoute.self) { router in
            try await router.request(.head(coding: coding))
        }
        #expect(response.statusCode == 200)
        #expect(response.data.isEmpty)
    }
}
#endif
