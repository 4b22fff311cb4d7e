import Foundation
import NetworkLayer
import Testing

@testable import TMDB

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("MovieManager with a cache on disk")
struct MovieManagerCacheTests {
    /// A fresh folder for one test's cache, removed at the end of `body`.
    func withCacheFolder(_ body: (URL) async throws -> Void) async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("moviedb-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try await body(folder)
    }

    @Test(
        "Offline: a recorded answer is cached on disk and a later run reads it back",
        arguments: [
            MovieAPI.popular(page: 1), .details(id: 550), .genres(),
        ])
    func sampleAnswersSurviveARestart(_ api: MovieAPI) async throws {
        try await withCacheFolder { folder in
            let first = try await MovieManager.sampleData(cache: HTTPCache(directory: folder)).response(for: api)
            let later = try await MovieManager.sampleData(cache: HTTPCache(directory: folder)).response(for: api)
            #expect(first.cacheStatus == .network)
            #expect(later.cacheStatus == .cached)
            #expect(later.data == first.data)
            #expect(later.headers["ETag"] == first.headers["ETag"])
        }
    }

    @Test("An error without caching headers is asked again, not answered from the cache")
    func errorsAreAskedAgain() async throws {
        try await withCacheFolder { folder in
            let recorder = Recorder()
            let notFound = #"{"status_code": 34, "status_message": "The resource you requested could not be found."}"#
            let transport = recordingTransport(recorder) { _, _ in
                (404, ["Content-Type": "application/json;charset=utf-8"], notFound)
            }
            let manager = MovieManager(
                credentials: .apiKey("k"), transport: transport, cache: HTTPCache(directory: folder))
            for _ in 1...2 {
                await #expect(throws: TMDBError.self) { _ = try await manager.response(for: .details(id: 1)) }
            }
            #expect(await recorder.requests.count == 2)
        }
    }

    @Test("A fresh answer is reused without a request; a stale one is revalidated with its ETag")
    func freshThenRevalidated() async throws {
        try await withCacheFolder { folder in
            let recorder = Recorder()
            let page = #"{"page": 1, "results": [], "total_pages": 1, "total_results": 0}"#
            let transport = recordingTransport(recorder) { number, request in
                let tag = "\"v1\""
                if request.value(forHTTPHeaderField: "If-None-Match") == tag {
                    return (304, ["ETag": tag, "Cache-Control": "no-cache"], "")
                }
                let control = number == 1 ? "public, max-age=600" : "no-cache"
                return (200, ["ETag": tag, "Cache-Control": control, "Content-Type": "application/json"], page)
            }
            let manager = MovieManager(
                credentials: .apiKey("k"), transport: transport, cache: HTTPCache(directory: folder))

            let first = try await manager.response(for: .popular(page: 1))
            let reused = try await manager.response(for: .popular(page: 1))
            #expect([first.cacheStatus, reused.cacheStatus] == [.network, .cached])
            #expect(await recorder.requests.count == 1)

            let stored = try await manager.response(for: .topRated(page: 1))
            let revalidated = try await manager.response(for: .topRated(page: 1))
            #expect([stored.cacheStatus, revalidated.cacheStatus] == [.network, .revalidated])
            #expect(revalidated.data == Data(page.utf8))
            let requests = await recorder.requests
            #expect(requests.count == 3)
            #expect(requests.last?.value(forHTTPHeaderField: "If-None-Match") == "\"v1\"")
        }
    }

    @Test(
        "Sample answers and each server's are cached in folders of their own",
        arguments: [
            (nil, "sample-data"),
            ("https://api.themoviedb.org/3", "api.themoviedb.org"),
            ("http://127.0.0.1:8080/3", "127.0.0.1-8080"),
            ("http://[::1]:8080/3", "__1-8080"),
        ])
    func folderNames(server: String?, expected: String) throws {
        let source = try server.map { AnswerSource.server(try #require(URL(string: $0))) } ?? .sampleData
        #expect(source.folderName == expected)
    }
}
