import Foundation

/// Whether a segment of `path` (leading slashes aside) percent-decodes to `.` or `..`. Segments are split
/// at every `/` scalar, as a server reads them, even one a combining mark joins to the next character.
func hasDotSegment(_ path: String) -> Bool {
    let scalars = path.unicodeScalars.drop { $0 == "/" }
    return scalars.split(separator: "/", omittingEmptySubsequences: false).contains { segment in
        let text = String(String.UnicodeScalarView(segment))
        let decoded = text.removingPercentEncoding ?? text
        return decoded == "." || decoded == ".."
    }
}
