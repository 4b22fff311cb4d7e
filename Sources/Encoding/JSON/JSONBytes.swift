/// The bytes of a JSON text being written, with the appends the JSON writers need.
///
/// This is the one type of the encoding layer that reads memory through a pointer: `appendString`
/// scans a string's UTF-8 storage in place and copies the runs that need no escaping in one append
/// each, which is what makes string-heavy bodies cheap. Everything else is plain `[UInt8]` work.
struct JSONBytes {
    private(set) var storage: [UInt8] = []

    init(capacity: Int = 0) {
        storage.reserveCapacity(capacity)
    }

    var count: Int { storage.count }

    mutating func append(_ byte: UInt8) {
        storage.append(byte)
    }

    mutating func append(_ bytes: some Sequence<UInt8>) {
        storage.append(contentsOf: bytes)
    }

    /// Appends the decimal digits of `value`, with a leading `-` when it is negative.
    mutating func appendInteger<T: BinaryInteger>(_ value: T) {
        if let small = Int64(exactly: value) {
            appendDecimal(small.magnitude, negative: small < 0)
        } else {
            storage.append(contentsOf: String(value).utf8)
        }
    }

    private mutating func appendDecimal(_ magnitude: UInt64, negative: Bool) {
        if negative { storage.append(UInt8(ascii: "-")) }
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        storage.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: digits))
        var index = storage.count
        rest = magnitude
        repeat {
            index -= 1
            storage[index] += UInt8(rest % 10)
            rest /= 10
        } while rest > 0
    }

    /// What ``appendString(_:escapingSlashes:)`` met in a string.
    struct StringTraits {
        var hasNonASCII = false
        var escapedSomething = false
    }

    /// Appends `string` as a quoted JSON string, escaped as Foundation's `JSONEncoder` escapes it:
    /// `\"`, `\\`, `\b`, `\f`, `\n`, `\r`, `\t`, other control characters as `\u00xx`, and `/` as
    /// `\/` only when `escapingSlashes`. Everything else, non-ASCII included, is copied as UTF-8.
    ///
    @discardableResult
    mutating func appendString(_ string: String, escapingSlashes: Bool = false) -> StringTraits {
        storage.append(UInt8(ascii: "\""))
        var string = string
        var traits = StringTraits()
        string.withUTF8 { utf8 in
            var runStart = 0
            var allBits: UInt8 = 0
            for index in utf8.indices {
                let byte = utf8[index]
                allBits |= byte
                guard Self.mayNeedEscape(byte), let escape = Self.escape(byte, escapingSlashes: escapingSlashes)
                else { continue }
                storage.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                storage.append(contentsOf: escape)
                traits.escapedSomething = true
                runStart = index + 1
            }
            storage.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
            traits.hasNonASCII = allBits >= 0x80
        }
        storage.append(UInt8(ascii: "\""))
        return traits
    }

    /// Whether the bytes in `left` come before those in `right`, compared lexicographically.
    func precedes(_ left: Range<Int>, _ right: Range<Int>) -> Bool {
        storage.withUnsafeBufferPointer { buffer in
            UnsafeBufferPointer(rebasing: buffer[left]).lexicographicallyPrecedes(
                UnsafeBufferPointer(rebasing: buffer[right]))
        }
    }

    /// Rewrites `region` as the byte ranges of `pieces`, in that order, joined by `separator`.
    ///
    /// `pieces` lie inside `region` and, with one separator between each two, fill it exactly, so
    /// the region keeps its length. Its old bytes are kept meanwhile past the end of the text.
    mutating func rearrange(_ region: Range<Int>, into pieces: some Sequence<Range<Int>>, separator: UInt8) {
        let copy = storage.count
        storage.append(contentsOf: repeatElement(0, count: region.count))
        storage.withUnsafeMutableBufferPointer { buffer in
            _ = UnsafeMutableBufferPointer(rebasing: buffer[copy...])
                .update(fromContentsOf: UnsafeBufferPointer(rebasing: buffer[region]))
            var cursor = region.lowerBound
            for piece in pieces {
                if cursor > region.lowerBound {
                    buffer[cursor] = separator
                    cursor += 1
                }
                let source = buffer[
                    copy + piece.lowerBound - region.lowerBound..<copy + piece.upperBound - region.lowerBound]
                _ = UnsafeMutableBufferPointer(rebasing: buffer[cursor..<cursor + piece.count])
                    .update(fromContentsOf: UnsafeBufferPointer(rebasing: source))
                cursor += piece.count
            }
        }
        storage.removeLast(region.count)
    }

    private static func escape(_ byte: UInt8, escapingSlashes: Bool) -> [UInt8]? {
        switch byte {
        case UInt8(ascii: "\""): Array(#"\""#.utf8)
        case UInt8(ascii: "\\"): Array(#"\\"#.utf8)
        case UInt8(ascii: "/"): escapingSlashes ? Array(#"\/"#.utf8) : nil
        case 0x08: Array(#"\b"#.utf8)
        case 0x09: Array(#"\t"#.utf8)
        case 0x0A: Array(#"\n"#.utf8)
        case 0x0C: Array(#"\f"#.utf8)
        case 0x0D: Array(#"\r"#.utf8)
        case 0x00..<0x20: Array(#"\u00"#.utf8) + [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
        default: nil
        }
    }

    /// Whether ``escape(_:escapingSlashes:)`` may change `byte`: a control character, `"`, `\\` or `/`.
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "/")
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
