/// Gives a type access to Beagle's logger; Beagle's dependencies conform to it.
///
/// Mirrored so that the docs' `NetworkClientDefault`, which takes one, compiles unchanged.
public protocol DependencyLogger {
    /// Where log entries go.
    var logger: BeagleLoggerType { get }
}

/// Receives Beagle's log entries.
public protocol BeagleLoggerType {
    /// Records `log`.
    func log(_ log: LogType)
}
