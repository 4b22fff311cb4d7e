import Foundation

/// Where ``NetworkLogger`` writes its lines.
///
/// Bridge it to any logging system without a dependency, for example swift-log:
/// `LogSink { logger.debug("\($0)") }`.
public struct LogSink: Sendable {
    private let writeLine: @Sendable (String) -> Void

    /// Creates a sink that hands every log entry to `write`.
    public init(_ write: @escaping @Sendable (String) -> Void) {
        self.writeLine = write
    }

    /// Writes one log entry.
    public func write(_ entry: String) {
        writeLine(entry)
    }

    /// Writes each entry to standard error, followed by a newline.
    public static let standardError = LogSink { entry in
        FileHandle.standardError.write(Data((entry + "\n").utf8))
    }
}
