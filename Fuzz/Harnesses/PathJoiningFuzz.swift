import Foundation

@testable import NetworkLayer

// Base URL + path: URLJoining.url(base:path:) with fuzzed paths and a few bases.
//
// Invariants: a valid base never makes joining throw, except `invalidPath`, exactly for a path that the
// most generous server could read as leaving the base (`leavesBase`: percent-decoded until nothing changes,
// NFKC-mapped, split at `/` and `\`, `;parameters` removed, a `.` or `..` segment, or no text, or a control
// character), so no accepted path ever resolves above the base; the result is the base (before its query and
// fragment), one `/`, the escaped path, then the base's query and fragment, so scheme, host, port and
// base path are kept; the path part holds no raw `?` or `#`, only path characters and `%XX` escapes,
// and percent-decodes back to the path given wherever the path had no escapes of its own.

private let bases = [
    "http://127.0.0.1", "http://127.0.0.1:8080/", "http://127.0.0.1/api/v3", "http://127.0.0.1/api/v3/",
    "https://localhost/a%20b?key=1#frag", "http://127.0.0.1/p?", "http://user:pw@127.0.0.1:1/x#",
]

/// What a path segment may hold besides `%XX`: unreserved characters, sub-delimiters, `:`, `@` and `/`.
private let pathBytes = Set(
    Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~!$&'()*+,;=:@/".utf8)
)

/// libFuzzer's entry point: runs one input; returning means it passed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let base = bases[Int(input.byte()) % bases.count]
    let path = input.rest()
    guard let baseURL = URL(string: base) else { fuzzFail("bad base \(base)") }

    let joined: URL
    do {
        joined = try URLJoining.url(base: baseURL, path: path)
    } catch {
        guard case .invalidPath(path) = error, leavesBase(path) else {
            fuzzFail("joining \(path.debugDescription) to \(base) threw \(error)")
        }
        return 0
    }
    fuzzCheck(!leavesBase(path), "\(path.debugDescription) could leave the base and was joined")
    let result = joined.absoluteString
    let trimmed = path.drop { $0 == "/" }
    guard !trimmed.isEmpty else {
        fuzzCheck(result == baseURL.absoluteString, "an empty path changed \(base) to \(result)")
        return 0
    }

    let suffixStart = base.firstIndex { $0 == "?" || $0 == "#" } ?? base.endIndex
    let head = base[..<suffixStart]
    let tail = base[suffixStart...]
    let prefix = head.hasSuffix("/") ? String(head) : head + "/"
    fuzzCheck(result.hasPrefix(prefix), "\(result) lost the base prefix \(prefix)")
    fuzzCheck(result.hasSuffix(tail), "\(result) lost the base query and fragment \(tail)")
    fuzzCheck(result.utf8.count >= prefix.utf8.count + tail.utf8.count, "\(result) is too short")

    let escaped = Array(result.utf8.dropFirst(prefix.utf8.count).dropLast(tail.utf8.count))
    fuzzCheck(!escaped.contains(UInt8(ascii: "?")), "raw '?' in the joined path of \(result)")
    fuzzCheck(!escaped.contains(UInt8(ascii: "#")), "raw '#' in the joined path of \(result)")
    fuzzCheck(
        escaped.allSatisfy { pathBytes.contains($0) || $0 == UInt8(ascii: "%") },
        "disallowed byte in the joined path of \(result)"
    )
    if !trimmed.contains("%") {
        fuzzCheck(
            percentDecoded(escaped[...], rejectingPlus: false) == String(trimmed),
            "\(result) does not decode to the path")
    }
    fuzzCheck(joined.scheme == baseURL.scheme, "scheme changed in \(result)")
    fuzzCheck(joined.host == baseURL.host, "host changed in \(result)")
    fuzzCheck(joined.port == baseURL.port, "port changed in \(result)")
    fuzzCheck(joined.query == baseURL.query, "query changed in \(result)")
    fuzzCheck(joined.fragment == baseURL.fragment, "fragment changed in \(result)")
    return 0
}
