import Benchmark
import Foundation
@_spi(Transport) import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Decoding a recorded 20-movie TMDB page: through `Response.decode(_:atKeyPath:using:)`, as `NetworkManager`
/// decodes, and with a bare `JSONDecoder`.
enum DecodeBenchmarks {
    static func register() {
        let fixture = Settings.tmdbFixture
        guard let data = FileManager.default.contents(atPath: fixture.path) else {
            print("Skipping the TMDB decode benchmarks: no fixture at \(fixture.path)")
            return
        }
        guard
            let head = ResponseHead(
                statusCode: 200,
                headers: ["Content-Type": "application/json;charset=utf-8"],
                url: fixture
            )
        else { return }
        let response = Response(request: URLRequest(url: fixture), head: head, data: data)
        let decoder = JSONDecoder()

        Benchmark("TMDB page decode: Response.decode", configuration: Settings.cpuBound) {
            (benchmark: Benchmark) throws in
            try ThreadCPUTime.measure(benchmark) {
                blackHole(try response.decode(MoviePage.self, using: decoder))
            }
        } setup: {
            try expect(try response.decode(MoviePage.self, using: decoder).results.count == 20, "movie count")
        }

        Benchmark("TMDB page decode: baseline JSONDecoder", configuration: Settings.cpuBound) {
            (benchmark: Benchmark) throws in
            try ThreadCPUTime.measure(benchmark) { blackHole(try decoder.decode(MoviePage.self, from: data)) }
        }

        PairedCPUTime.register("TMDB page decode: paired NetworkManager vs JSONDecoder") {
            blackHole(try response.decode(MoviePage.self, using: decoder))
        } baseline: {
            blackHole(try decoder.decode(MoviePage.self, from: data))
        }
    }
}
