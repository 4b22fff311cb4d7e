import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// HAR files other tools write: read, with the fields this model does not name skipped.
@Suite("HARArchive")
struct HARArchiveTests {
    /// A browser-style export, written for this test in the shape Chromium's DevTools gives: pages, `pageref`,
    /// `_initiator`, `_resourceType`, `_priority`, a `cache` with contents, HTTP/2 pseudo-header fields,
    /// fractional timings with `-1` for parts that did not apply, and a base64 image.
    static let browserExport = #"""
        {
          "log": {
            "version": "1.2",
            "creator": { "name": "WebInspector", "version": "537.36" },
            "pages": [
              { "startedDateTime": "2026-11-20T10:00:00.000Z", "id": "page_1", "title": "https://movies.example/",
                "pageTimings": { "onContentLoad": 210.5, "onLoad": 402.1 } }
            ],
            "entries": [
              {
                "_initiator": { "type": "script", "stack": { "callFrames": [] } },
                "_priority": "High",
                "_resourceType": "fetch",
                "cache": { "beforeRequest": null },
                "connection": "443",
                "pageref": "page_1",
                "request": {
                  "method": "GET",
                  "url": "https://api.movies.example/3/movie/603?language=en-US&append_to_response=videos",
                  "httpVersion": "http/2.0",
                  "headers": [
                    { "name": ":authority", "value": "api.movies.example" },
                    { "name": ":method", "value": "GET" },
                    { "name": "accept", "value": "application/json" }
                  ],
                  "queryString": [
                    { "name": "language", "value": "en-US" },
                    { "name": "append_to_response", "value": "videos" }
                  ],
                  "cookies": [],
                  "headersSize": -1,
                  "bodySize": 0
                },
                "response": {
                  "status": 200,
                  "statusText": "",
                  "httpVersion": "http/2.0",
                  "headers": [
                    { "name": "content-type", "value": "application/json;charset=utf-8" },
                    { "name": "content-encoding", "value": "br" },
                    { "name": "cache-control", "value": "public, max-age=300" }
                  ],
                  "cookies": [],
                  "content": { "size": 31, "mimeType": "application/json", "compression": 9,
                               "text": "{\"id\":603,\"title\":\"The Matrix\"}" },
                  "redirectURL": "",
                  "headersSize": -1,
                  "bodySize": 22,
                  "_transferSize": 180,
                  "_error": null
                },
                "serverIPAddress": "192.0.2.10",
                "startedDateTime": "2026-11-20T10:00:00.120Z",
                "time": 85.33,
                "timings": { "blocked": 1.2, "dns": -1, "ssl": -1, "connect": -1, "send": 0.15, "wait": 80.1,
                             "receive": 3.88, "_blocked_queueing": 0.9 }
              },
              {
                "_initiator": { "type": "parser", "url": "https://movies.example/", "lineNumber": 12 },
                "_resourceType": "image",
                "cache": {},
                "pageref": "page_1",
                "request": { "method": "GET", "url": "https://img.movies.example/p/603.png", "httpVersion": "http/2.0",
                             "headers": [], "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0 },
                "response": { "status": 200, "statusText": "", "httpVersion": "http/2.0",
                              "headers": [ { "name": "content-type", "value": "image/png" } ], "cookies": [],
                              "content": { "size": 4, "mimeType": "image/png", "text": "iVBORw==", "encoding": "base64" },
                              "redirectURL": "", "headersSize": -1, "bodySize": 4 },
                "startedDateTime": "2026-11-20T10:00:00.300Z",
                "time": 12,
                "timings": { "send": 0, "wait": 10, "receive": 2 }
              }
            ]
          }
        }
        """#

    @Test("a browser's export parses, its own fields skipped")
    func browserExportParses() throws {
        let log = try HARArchive.read(Data(Self.browserExport.utf8)).log
        #expect(log.creator.name == "WebInspector")
        #expect(log.entries.count == 2)
        #expect(log.entries[0].request.queryString.count == 2)
        #expect(log.entries[0].timings.wait == 80.1)
        #expect(log.entries[1].response.content.bytes == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test("a browser's export replays through a router: JSON as text, the image as its bytes")
    func browserExportReplays() async throws {
        struct Movie: Decodable, Equatable {
            let id: Int
            let title: String
        }
        let replay = try HARReplayTransport(data: Data(Self.browserExport.utf8))
        let router = Router<TestEndpoint>(transport: replay)
        var movie = TestEndpoint.at("movie/603")
        movie.baseURL = try #require(URL(string: "https://api.movies.example/3"))
        movie.task = .requestParameters(
            bodyParameters: nil, bodyEncoding: .urlEncoding,
            urlParameters: ["append_to_response": "videos", "language": "en-US"])
        let response = try await router.request(movie)
        #expect(try response.decode(Movie.self) == Movie(id: 603, title: "The Matrix"))
        #expect(response.headers["Cache-Control"] == "public, max-age=300")
        #expect(response.headers[":status"] == nil)
        #expect(response.head.httpVersion == HTTPVersion(major: 2, minor: 0))

        var image = TestEndpoint.at("p/603.png")
        image.baseURL = try #require(URL(string: "https://img.movies.example"))
        #expect(try await router.request(image).data == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test(
        "HTTP versions as HAR files spell them",
        arguments: [
            ("HTTP/1.1", HTTPVersion(major: 1, minor: 1)), ("http/2.0", HTTPVersion(major: 2, minor: 0)),
            ("h2", HTTPVersion(major: 2, minor: 0)), ("HTTP/1.0", HTTPVersion(major: 1, minor: 0)),
            ("h3", HTTPVersion(major: 3, minor: 0)), ("", HTTPVersion(major: 1, minor: 1)),
        ])
    func versions(text: String, version: HTTPVersion) {
        #expect(HARReplayTransport.version(text) == version)
    }

    @Test("a file without entries, or not JSON, says why it is not HAR")
    func notHAR() {
        let error = #expect(throws: HARReplayError.self) { try HARArchive.read(Data(#"{"log": {}}"#.utf8)) }
        #expect(error?.description == "not a HAR file: no log.entries")
        #expect(throws: HARReplayError.self) { try HARArchive.read(Data("<html>".utf8)) }
    }
}
