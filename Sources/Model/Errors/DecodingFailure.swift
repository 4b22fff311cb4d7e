/// Why a response body could not be decoded, with the response it came from.
public struct DecodingFailure: Error, Sendable {
    /// A description of the underlying `DecodingError` (which is not `Sendable` itself), including
    /// the coding path when there is one.
    public let reason: String
    /// The name of the type that was being decoded.
    public let typeName: String
    /// The response whose body failed to decode.
    public let response: Response

    /// Creates a failure from the error a decoder threw.
    public init(error: any Error, response: Response, typeName: String = "") {
        self.reason = Self.describe(error)
        self.typeName = typeName
        self.response = response
    }

    private static func describe(_ error: any Error) -> String {
        guard let decodingError = error as? DecodingError else { return String(describing: error) }
        switch decodingError {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
        @unknown default:
            return String(describing: decodingError)
        }
    }
}
