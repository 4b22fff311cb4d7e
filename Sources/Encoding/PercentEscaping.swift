/// Percent-escaping of query components and path segments, from byte tables.
enum PercentEscaping {
    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// Bytes a query key or value keeps as they are: ASCII letters, digits, `-._~`, `/` and `?`.
    /// Everything else, `+` included, becomes `%XX`, so form decoders read it back unchanged.
    static let queryAllowed: [Bool] = table(extra: "-._~/?")

    /// Bytes a path segment keeps: unreserved characters, sub-delimiters, `:`, `@` and `/`.
    /// `?` and `#` are escaped, so a path cannot smuggle in a query or a fragment.
    static let pathAllowed: [Bool] = table(extra: "-._~!$&'()*+,;=:@/")

    private static func table(extra: String) -> [Bool] {
        var table = [Bool](repeating: false, count: 256)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = true }
        for byte in extra.utf8 { table[Int(byte)] = true }
        return table
    }

    /// Appends `string` to `output`, escaping every byte that `allowed` does not keep.
    static func append(_ string: String, to output: inout [UInt8], allowed: [Bool]) {
        var string = string
        string.withUTF8 { bytes in
            for byte in bytes {
                if allowed[Int(byte)] {
                    output.append(byte)
                } else {
                    appendEscaped(byte, to: &output)
                }
            }
        }
    }

    /// Appends a path, escaping what a path may not hold but keeping `%XX` escapes already present.
    static func appendPath(_ path: String, to output: inout [UInt8]) {
        var path = path
        path.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if pathAllowed[Int(byte)] {
                    output.append(byte)
                } else if byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                    isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2])
                {
                    output.append(byte)
                } else {
                    appendEscaped(byte, to: &output)
                }
                index += 1
            }
        }
    }

    static func appendEscaped(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "%"))
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0x0F)])
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            true
        default:
            false
        }
    }
}
