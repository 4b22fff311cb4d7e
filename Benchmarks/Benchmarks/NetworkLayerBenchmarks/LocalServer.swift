import Foundation
import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A file on the local nginx that `scripts/run.sh` starts on 127.0.0.1.
struct LocalFile: EndPointType {
    let baseURL: URL
    let path: String

    /// The static JSON file every end-to-end request fetches.
    static let json = "tmdb.json"
    /// The file the Router's in-memory data request fetches.
    static let smallBlob = "blob-20m.bin"
    static let smallBlobSize = 20 * 1024 * 1024
    /// The file `URLSession`'s download task writes to disk.
    static let largeBlob = "blob-200m.bin"
    static let largeBlobSize = 200 * 1024 * 1024
    /// The file the stream benchmarks read.
    static let streamBlob = "blob-1g.bin"
    static let streamBlobSize = 1024 * 1024 * 1024
}

/// Runs `count` operations with at most `concurrency` in flight at once.
func runConcurrently(
    _ count: Int,
    concurrency: Int,
    _ operation: @escaping @Sendable () async throws -> Void
) async throws {
    try await withThrowingTaskGroup(of: Void.self) { group in
        var started = 0
        while started < min(concurrency, count) {
            group.addTask(operation: operation)
            started += 1
        }
        while try await group.next() != nil {
            if started < count {
                group.addTask(operation: operation)
                started += 1
            }
        }
    }
}

/// Throws unless `response` is a 200 with `expectedLength` bytes.
func expectOK(_ response: URLResponse, length: Int, expectedLength: Int?) throws {
    guard let status = (response as? HTTPURLResponse)?.statusCode, status == 200 else {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        throw BenchmarkFailure("status \(status) for \(String(describing: response.url))")
    }
    if let expectedLength, length != expectedLength {
        throw BenchmarkFailure("\(length) bytes instead of \(expectedLength) from \(String(describing: response.url))")
    }
}
