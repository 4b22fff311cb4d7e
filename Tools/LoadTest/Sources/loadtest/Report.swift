import Foundation

/// Prints the figures of a run.
enum Report {
    /// One line per phase, then the errors by kind and the ids that were lost or duplicated, if any.
    static func print(_ outcomes: [Phase.Outcome]) {
        Swift.print(
            row("phase", "requests", "completed", "lost", "duplicated", "errors", "seconds", "req/s", "RSS after"))
        for outcome in outcomes {
            let summary = outcome.summary
            Swift.print(
                row(
                    outcome.name, "\(summary.requests)", "\(summary.completed)", "\(summary.lost.count)",
                    "\(summary.duplicated.count)", "\(summary.errorCount)", String(format: "%.2f", outcome.seconds),
                    String(format: "%.0f", outcome.requestsPerSecond), ResidentMemory.describe(outcome.residentKiB)))
        }
        for outcome in outcomes {
            let summary = outcome.summary
            if summary.cancelled > 0 {
                Swift.print("  \(outcome.name): \(summary.cancelled) of \(summary.requests) cancelled")
            }
            for (kind, count) in summary.errors.sorted(by: { $0.key < $1.key }) {
                Swift.print("  \(outcome.name): \(count) × \(kind)")
            }
            if !summary.lost.isEmpty {
                let ids = summary.lost.prefix(20).map(String.init).joined(separator: ", ")
                Swift.print("  \(outcome.name): \(summary.lost.count) lost, among them ids \(ids)")
            }
            for (id, count) in summary.duplicated.sorted(by: { $0.key < $1.key }).prefix(20) {
                Swift.print("  \(outcome.name): id \(id) completed \(count) times")
            }
        }
    }

    /// Prints resident memory at the three points, and returns a problem when it grew past the bound
    /// after the warm-up.
    static func memory(before: Int?, warm: Int?, after: Int?, boundMB: Int) -> String? {
        let describe = ResidentMemory.describe
        guard let warm, let after else {
            Swift.print("RSS: not available on this system")
            return nil
        }
        let growth = Double(after - warm) / 1024
        Swift.print(
            "RSS: before \(describe(before)), after warm-up \(describe(warm)), after run \(describe(after)); "
                + String(format: "growth since warm-up %+.1f MB (bound %d MB)", growth, boundMB))
        guard growth <= Double(boundMB) else {
            return String(format: "RSS grew %.1f MB after the warm-up, more than %d MB", growth, boundMB)
        }
        return nil
    }

    /// For each phase with RSS readings: the readings, and the growth per `every` requests that a least
    /// squares line through them gives (`rss-growth` lines, which `scripts/memory.sh` reads).
    static func printGrowth(_ outcomes: [Phase.Outcome], every: Int) {
        for outcome in outcomes where outcome.residentSamples.count >= 2 {
            let readings = outcome.residentSamples.map { String(format: "%.1f", Double($0.kibibytes) / 1024) }
            Swift.print("  \(outcome.name): RSS every \(every) requests (MB): \(readings.joined(separator: " "))")
            let slope = leastSquaresSlope(outcome.residentSamples.map { (Double($0.completed), Double($0.kibibytes)) })
            let growth = String(format: "%+.3f", slope * Double(every) / 1024)
            Swift.print("rss-growth \(outcome.name): \(growth) MB per \(every) requests")
        }
    }

    /// The slope of the least squares line through `points`.
    static func leastSquaresSlope(_ points: [(x: Double, y: Double)]) -> Double {
        let count = Double(points.count)
        let meanX = points.map(\.x).reduce(0, +) / count
        let meanY = points.map(\.y).reduce(0, +) / count
        let covariance = points.map { ($0.x - meanX) * ($0.y - meanY) }.reduce(0, +)
        let variance = points.map { ($0.x - meanX) * ($0.x - meanX) }.reduce(0, +)
        return variance > 0 ? covariance / variance : 0
    }

    private static func row(_ columns: String...) -> String {
        let widths = [10, 9, 10, 5, 11, 7, 8, 7, 10]
        return zip(columns, widths).enumerated().map { index, pair in
            let (text, width) = pair
            let padding = String(repeating: " ", count: max(0, width - text.count))
            return index == 0 ? text + padding : padding + text
        }.joined(separator: " ")
    }
}
