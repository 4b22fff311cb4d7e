import Foundation

/// Where ``NetworkLogger`` writes its entries.
///
/// A sink takes the text of each entry, or the whole ``LogEntry`` with its fields. Bridge it to any
/// logging system without a dependency, for example swift-log:
/// `LogSink { logger.debug("\($0)") }`; the `NetworkLayerLogging` product of the package in `Integrations/`
/// does it with levels and metadata.
public struct LogSink: Sendable {
    private let writeEntry: @Sendable (LogEntry) -> Void

    /// Creates a sink that hands the text of every entry to `write`.
    public init(_ write: @escaping @Sendable (String) -> Void) {
        self.writeEntry = { write($0.text) }
    }

    private init(entries write: @escaping @Sendable (LogEntry) -> Void) {
        self.writeEntry = write
    }

    /// A sink that hands every entry, with its fields, to `write`.
    public static func entries(_ write: @escaping @Sendable (LogEntry) -> Void) -> LogSink {
        LogSink(entries: write)
    }

    /// Writes one entry.
    public func write(_ entry: LogEntry) {
        writeEntry(entry)
    }

    /// Writes the text of each entry to standard error, followed by a newline.
    public static let standardError = LogSink { text in
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
