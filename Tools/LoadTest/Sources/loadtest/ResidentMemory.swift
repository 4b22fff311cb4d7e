import Foundation

/// The process's resident set size, from `/proc/self/status` (Linux only).
enum ResidentMemory {
    /// `VmRSS` in kibibytes, or nil where there is no `/proc`.
    static func kibibytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return line.split(whereSeparator: \.isWhitespace).dropFirst().first.flatMap { Int($0) }
        }
        return nil
    }

    /// `kibibytes` as megabytes with one decimal, or "n/a".
    static func describe(_ kibibytes: Int?) -> String {
        guard let kibibytes else { return "n/a" }
        return String(format: "%.1f MB", Double(kibibytes) / 1024)
    }
}
