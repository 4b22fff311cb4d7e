/// The percent-encoding ``UrlBuilder`` applies to paths.
enum PathEncoding {
    /// ASCII bytes kept as they are: letters, digits and the RFC 3986 unreserved and reserved
    /// characters, so a full URL with a query and a fragment passes through unchanged.
    private static let allowed: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = true }
        for byte in "-._~:/?#[]@!$&'()*+,;=".utf8 { table[Int(byte)] = true }
        return table
    }()

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// `path` percent-encoded, unless it contains a `%` and so counts as encoded already.
    ///
    /// Beagle decides by checking whether percent-decoding changes the path; that is the case
    /// exactly when the path contains a `%`.
    static func encodeIfNeeded(_ path: String) -> String {
        guard !path.utf8.contains(UInt8(ascii: "%")) else { return path }
        var output: [UInt8] = []
        output.reserveCapacity(path.utf8.count)
        for byte in path.utf8 {
            if allowed[Int(byte)] {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
