import Foundation

/// How a test suite uses its HAR files: replay them, record them again, or record the ones still missing.
///
/// ```swift
/// let mode: HARMode = ProcessInfo.processInfo.environment["RECORD"] == "1" ? .record : .recordOnce
/// let router = Router<MovieAPI>(transport: try mode.transport(file: movies, wrapping: URLSessionTransport()))
/// ```
public enum HARMode: Sendable, Hashable {
    /// Always answer from the file, never from the network: for CI, where a missing file is an error.
    case replay
    /// Send every request to the network and write the file anew.
    case record
    /// Answer from the file when it exists; record it when it does not.
    case recordOnce

    /// The transport for `file` in this mode: a ``HARReplayTransport`` with its defaults, or a
    /// ``HARRecordingTransport`` over `network`, both hiding what `redactor` hides.
    ///
    /// - Throws: ``HARReplayError/Kind/unreadableFile`` when the mode replays a file that is missing or not HAR.
    public func transport(
        file: URL, wrapping network: any HTTPTransport, redactor: Redactor = Redactor()
    ) throws(HARReplayError) -> any HTTPTransport {
        switch self {
        case .record:
            return HARRecordingTransport(wrapping: network, file: file, redactor: redactor)
        case .recordOnce where !FileManager.default.fileExists(atPath: file.path):
            return HARRecordingTransport(wrapping: network, file: file, redactor: redactor)
        case .replay, .recordOnce:
            return try HARReplayTransport(file: file, redactor: redactor)
        }
    }
}
