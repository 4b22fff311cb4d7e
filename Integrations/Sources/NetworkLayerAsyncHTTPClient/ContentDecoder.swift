#if AsyncHTTPClient  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import Foundation
import NIOCore
@_spi(Transport) import NetworkLayer

/// A streaming decoder of one content coding that AsyncHTTPClient leaves to the transport: the body's chunks go
/// in as they arrive, and the decoded bytes come out in chunks of at most ``ContentDecoders/chunkSize`` bytes, so
/// that no chunk, however well it was compressed, makes a buffer larger than that.
protocol ContentDecoder: AnyObject {
    /// The next decoded bytes, at most ``ContentDecoders/chunkSize``, read from the start of `input`, of which
    /// it consumes what it decoded; `nil` once `input` is used up and nothing more comes out without more.
    /// Call it until `nil` after each chunk of the body, even an empty one: it may still hold output.
    func decode(_ input: inout ByteBuffer) throws(NetworkError) -> Data?

    /// Fails unless the body ended where the coded stream does (or had no bytes at all, as the body of a
    /// `HEAD` response): a body cut short would otherwise decode to a shorter one without a word.
    func finish() throws(NetworkError)
}
#endif
