/// Why a document could not be turned into Swift source.
public enum GeneratorError: Error, Equatable, CustomStringConvertible {
    /// The document is not valid YAML or JSON, or not a valid OpenAPI document; `path` is the JSON path of
    /// the offending value (`paths./pets.get.parameters[0]`), empty when the whole document is at fault.
    case invalidDocument(path: String, message: String)
    /// The document names an `openapi` version this generator does not read.
    case unsupportedVersion(String)
    /// A `$ref` that points nowhere, or outside the document.
    case unresolvedReference(path: String, reference: String)
    /// The `--server` choice names no server of the document.
    case unknownServer(String)
    /// The filters left no operation.
    case noOperations

    /// One line saying what is wrong and where.
    public var description: String {
        switch self {
        case .invalidDocument(let path, let message):
            path.isEmpty ? "invalid document: \(message)" : "\(path): \(message)"
        case .unsupportedVersion(let version):
            "openapi: version \(version) is not supported (3.0.x and 3.1.x are)"
        case .unresolvedReference(let path, let reference):
            "\(path): cannot resolve reference \(reference)"
        case .unknownServer(let choice):
            "servers: no server \(choice)"
        case .noOperations:
            "paths: no operation is left after filtering"
        }
    }
}
