import Foundation

extension ResponseBody {
    /// The body as lines of UTF-8 text, read as they arrive.
    ///
    /// ```swift
    /// for try await line in streamed.body.lines {
    ///     print(line)
    /// }
    /// ```
    public var lines: ResponseLines { ResponseLines(body: self) }
}

/// The lines of a ``ResponseBody``: split at LF or CRLF, without the line ends, also where a line end
/// falls between two chunks. A last line without a line end is a line too; bytes that are not UTF-8
/// become U+FFFD.
///
/// A line longer than ``maximumLineLength`` throws ``NetworkError/Kind/responseTooLarge`` as soon as its
/// bytes pass the limit, so a body that never ends a line holds at most that much memory.
public struct ResponseLines: AsyncSequence, Sendable {
    let body: ResponseBody
    /// The longest line, in bytes without its line end. Defaults to 1 MiB.
    public var maximumLineLength = ServerSentEventParser.defaultMaximumLineLength

    /// Creates the iterator of the one loop that reads the lines.
    public func makeAsyncIterator() -> Iterator {
        Iterator(chunks: body.makeAsyncIterator(), maximumLineLength: maximumLineLength)
    }

    /// Reads ``ResponseLines`` line by line.
    public struct Iterator: AsyncIteratorProtocol {
        private var chunks: ResponseBody.Iterator
        /// Bytes received and not yet returned, from `start` on.
        private var pending: [UInt8] = []
        private var start = 0
        /// Where to look for the next LF: the bytes before it hold none.
        private var searched = 0
        private var ended = false
        private let maximumLineLength: Int

        init(chunks: ResponseBody.Iterator, maximumLineLength: Int) {
            self.chunks = chunks
            self.maximumLineLength = maximumLineLength
        }

        /// The next line, or `nil` once the body has ended.
        public mutating func next() async throws -> String? {
            while true {
                if let newline = pending[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                    let end = newline > start && pending[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
                    try checkLength(end - start)
                    let line = String(decoding: pending[start..<end], as: UTF8.self)
                    (start, searched) = (newline + 1, newline + 1)
                    return line
                }
                searched = pending.count
                // The line is not over: a CR at its end may still be followed by its LF.
                try checkLength(pending.count - start - (!ended && pending.last == UInt8(ascii: "\r") ? 1 : 0))
                if ended {
                    guard start < pending.count else { return nil }
                    defer { (pending, start, searched) = ([], 0, 0) }
                    return String(decoding: pending[start...], as: UTF8.self)
                }
                guard let chunk = try await chunks.next() else {
                    ended = true
                    continue
                }
                pending.removeFirst(start)
                (searched, start) = (searched - start, 0)
                pending.append(contentsOf: chunk)
            }
        }

        /// Throws when a line of `length` bytes, or one that is not over yet, passes the limit.
        private mutating func checkLength(_ length: Int) throws {
            guard length > maximumLineLength else { return }
            (pending, start, searched, ended) = ([], 0, 0, true)
            throw NetworkError(.responseTooLarge, detail: "line longer than \(maximumLineLength) bytes")
        }
    }
}
