#if OpenAPIRuntime  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import Foundation
import OpenAPIRuntime

/// Reads an `HTTPBody` one chunk per call, for a stream that asks for the next chunk only when it needs one.
///
/// `@unchecked Sendable` because `HTTPBody`'s iterator is not `Sendable`: the only caller is the `unfolding`
/// closure of one `AsyncThrowingStream`, which never runs twice at once, so the iterator is never shared.
final class ChunkReader: @unchecked Sendable {
    private var iterator: HTTPBody.AsyncIterator

    /// Starts one iteration of `body`; a body that can be read only once fails the second such reader.
    init(_ body: HTTPBody) {
        iterator = body.makeAsyncIterator()
    }

    /// The next chunk, or `nil` at the end.
    func next() async throws -> Data? {
        try await iterator.next().map { Data($0) }
    }
}
#endif
