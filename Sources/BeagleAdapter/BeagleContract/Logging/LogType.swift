/// One log entry: where it comes from, what it says and how serious it is.
public protocol LogType {
    /// The area the entry belongs to, such as `Network`.
    var category: String { get }
    /// The text of the entry.
    var message: String { get }
    /// How serious the entry is.
    var level: LogLevel { get }
}

/// How serious a log entry is.
public enum LogLevel: Sendable {
    /// Something failed.
    case error
    /// Something happened.
    case info
}
