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
public struct ResponseLines: AsyncSequence, Sendable {
    /// A line, without its line end.
    public typealias Element = String

    let body: ResponseBody

    /// Creates the iterator of the one loop that reads the lines.
    public func makeAsyncIterator() -> Iterator {
        Iterator(chunks: body.makeAsyncIterator())
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

        init(chunks: ResponseBody.Iterator) {
            self.chunks = chunks
        }

        /// The next line, or `nil` once the body has ended.
        public mutating func next() async throws -> String? {
            while true {
                if let newline = pending[searched...].firstIndex(of: UInt8(ascii: "\n")) {
                    let end = newline > start && pending[newline - 1] == UInt8(ascii: "\r") ? newline - 1 : newline
                    let line = String(decoding: pending[start..<end], as: UTF8.self)
                    (start, searched) = (newline + 1, newline + 1)
                    return line
                }
                searched = pending.count
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
    }
}
