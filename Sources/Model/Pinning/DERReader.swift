/// Reads DER elements (ITU-T X.690) one after another: tag, definite length, contents.
///
/// Enough for the outline of a certificate (``DERCertificate``): single-byte tags, lengths of up to four bytes.
struct DERReader {
    /// The tag of a SEQUENCE.
    static let sequence: UInt8 = 0x30
    /// The tag of an INTEGER.
    static let integer: UInt8 = 0x02

    /// One element: its tag, its contents, and the whole element with its tag and length.
    struct Element {
        let tag: UInt8
        let contents: ArraySlice<UInt8>
        let element: ArraySlice<UInt8>
    }

    private var remaining: ArraySlice<UInt8>

    init(_ bytes: ArraySlice<UInt8>) { remaining = bytes }

    /// Whether every element has been read.
    var isAtEnd: Bool { remaining.isEmpty }

    /// The next element, or `nil` at the end or when the bytes are not DER.
    mutating func next() -> Element? {
        let start = remaining.startIndex
        guard remaining.count >= 2 else { return nil }
        let tag = remaining[start]
        let first = Int(remaining[start + 1])
        var offset = start + 2
        var length = first
        if first & 0x80 != 0 {
            // Long form; 0x80 alone is BER's indefinite length, which DER forbids.
            let count = first & 0x7F
            guard (1...4).contains(count), remaining.endIndex - offset >= count else { return nil }
            length = remaining[offset..<offset + count].reduce(0) { $0 << 8 | Int($1) }
            offset += count
        }
        guard length <= remaining.endIndex - offset else { return nil }
        let end = offset + length
        let element = Element(tag: tag, contents: remaining[offset..<end], element: remaining[start..<end])
        remaining = remaining[end...]
        return element
    }
}
