import Foundation

/// The rule that keeps an endpoint's path below its base URL, however a server reads it.
///
/// Servers disagree on what a path means: nginx and most frameworks percent-decode it before resolving
/// `.` and `..`, so `..%2F` is `../`; a proxy and the application behind it may each decode once, so
/// `%252e` is `.`; Tomcat and Jetty drop `;parameters` from a segment, so `..;` is `..`; IIS and WHATWG
/// URL parsers take `\` for `/`; some frameworks apply Unicode compatibility mapping, so `．．` (full-width)
/// is `..`. A path is therefore read the most generous way, and refused when any segment could be a dot
/// segment under any of those readings.
enum PathTraversal {
    /// Whether `escaped`, a path as it goes on the wire, could leave the directory it is sent to: after
    /// percent-decoding until nothing is left to decode, and Unicode compatibility mapping, it is not UTF-8
    /// text, holds a control character, or has a segment (split at `/` and `\`) that is `.` or `..` once
    /// its `;parameters` are removed.
    static func leavesBase(_ escaped: some Collection<UInt8>) -> Bool {
        // Only a `.` or an escape can spell a dot; everything else is already escaped, non-ASCII included.
        guard escaped.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "%") }) else { return false }
        var bytes = Array(escaped)
        while let decoded = decodedOnce(bytes) { bytes = decoded }
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.utf8.elementsEqual(bytes) else { return true }
        let scalars = text.unicodeScalars
        let readable =
            scalars.allSatisfy(\.isASCII) ? scalars : text.precomposedStringWithCompatibilityMapping.unicodeScalars
        if readable.contains(where: { $0.properties.generalCategory == .control }) { return true }
        return readable.split(omittingEmptySubsequences: false, whereSeparator: isSeparator).contains(
            where: isDotSegment)
    }

    private static func isSeparator(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "/" || scalar == "\\"
    }

    /// Whether `segment`, without the `;parameters` some servers remove, is `.` or `..`.
    private static func isDotSegment(_ segment: String.UnicodeScalarView.SubSequence) -> Bool {
        let name = segment.prefix { $0 != ";" }
        return (1...2).contains(name.count) && name.allSatisfy { $0 == "." }
    }

    /// `bytes` with each `%XX` escape decoded, or `nil` when it has none.
    private static func decodedOnce(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.contains(UInt8(ascii: "%")) else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        var decodedAny = false
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            {
                output.append(high << 4 | low)
                index += 3
                decodedAny = true
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return decodedAny ? output : nil
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
