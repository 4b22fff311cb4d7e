/// What to generate from a document, and how.
public struct GeneratorOptions: Sendable, Equatable {
    /// The enum's name; `nil` derives it from the document's title (`Petstore` gives `PetstoreAPI`).
    public var name: String?
    /// Which server becomes `baseURL`: an index into `servers` (`"1"`) or a URL. `nil` is the first server.
    public var server: String?
    /// Keep only operations with one of these tags (all when empty).
    public var tags: [String]
    /// Keep only operations under one of these paths, as written in the document (all when empty).
    public var paths: [String]
    /// Keep only operations with one of these ids (all when empty).
    public var operationIDs: [String]
    /// The access level of every generated declaration: `internal` (written as nothing), `public` or `package`.
    public var accessModifier: String
    /// One enum per tag, named after it (`pets` gives `PetsAPI`), instead of one for the document; operations
    /// without a tag stay in the document's enum. An operation with several tags goes to its first.
    public var enumPerTag: Bool

    /// Options with nothing filtered, the enum named from the title, the first server, internal declarations.
    public init(
        name: String? = nil,
        server: String? = nil,
        tags: [String] = [],
        paths: [String] = [],
        operationIDs: [String] = [],
        accessModifier: String = "internal",
        enumPerTag: Bool = false
    ) {
        self.name = name
        self.server = server
        self.tags = tags
        self.paths = paths
        self.operationIDs = operationIDs
        self.accessModifier = accessModifier
        self.enumPerTag = enumPerTag
    }

    /// The keyword and space to put before a declaration.
    var accessPrefix: String {
        accessModifier == "internal" || accessModifier.isEmpty ? "" : accessModifier + " "
    }
}
