/// Why a ``HARReplayTransport`` could not answer: its file, or a request no recorded entry answers.
public struct HARReplayError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Sendable, Hashable {
        /// The file could not be read, or is not a HAR file.
        case unreadableFile
        /// No recorded entry matches the request; the description names the closest one and how it differs.
        case unmatched
        /// The matching entry holds no body to replay: the recorder left it out (see its comment).
        case bodyNotRecorded
    }

    /// What went wrong.
    public let kind: Kind
    /// One line saying what went wrong.
    public let description: String

    init(_ kind: Kind, _ description: String) {
        self.kind = kind
        self.description = description
    }
}
