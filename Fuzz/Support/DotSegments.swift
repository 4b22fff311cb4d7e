import Foundation

/// Whether the most generous server could read `path` (a path as given to the library) as leaving the
/// directory it is sent to: percent-decoded until nothing changes, compatibility-mapped (NFKC), it is not
/// UTF-8 text, holds a control character, or has a segment, split at each `/` or `\` scalar, that is `.` or
/// `..` once everything from its first `;` is removed.
///
/// Decoding the path as given reaches the same text as decoding what the library sends: the library only
/// escapes bytes, and keeps the `%XX` escapes already there.
func leavesBase(_ path: String) -> Bool {
    var bytes = Array(path.utf8)
    while true {
        let decoded = percentDecodedLeniently(bytes)
        if decoded == bytes { break }
        bytes = decoded
    }
    guard let text = String(validating: bytes, as: UTF8.self) else { return true }
    let mapped = text.precomposedStringWithCompatibilityMapping.unicodeScalars
    if mapped.contains(where: { $0.properties.generalCategory == .control }) { return true }
    var segments: [[Unicode.Scalar]] = [[]]
    for scalar in mapped {
        if scalar == "/" || scalar == "\\" {
            segments.append([])
        } else {
            segments[segments.count - 1].append(scalar)
        }
    }
    return segments.contains { segment in
        let name = segment.firstIndex(of: ";").map { Array(segment[..<$0]) } ?? segment
        return name == ["."] || name == [".", "."]
    }
}
