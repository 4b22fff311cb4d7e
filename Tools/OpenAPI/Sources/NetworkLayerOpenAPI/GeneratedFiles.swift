/// The Swift source made from one document.
public struct GeneratedFiles: Sendable, Equatable {
    /// The enum's name, which also names the files.
    public let typeName: String
    /// The `EndPointType` enum.
    public let endpoints: String
    /// The `Codable` models of the component schemas and of inline schemas the enum uses.
    public let models: String

    /// The files to write, by name: `<Name>.swift` and `<Name>+Models.swift`.
    public var files: [(name: String, contents: String)] {
        [("\(typeName).swift", endpoints), ("\(typeName)+Models.swift", models)]
    }
}
