import Foundation
import Yams

/// The small config a target keeps beside its document, `networklayer-openapi.yaml`:
///
/// ```yaml
/// name: PetstoreAPI
/// server: "1"
/// access: public
/// tags: [pets]
/// paths: [/pets]
/// operationIds: [listPets]
/// enumPerTag: true
/// ```
///
/// Every key is optional; command-line options win over it.
public struct GeneratorConfiguration: Decodable, Sendable, Equatable {
    /// The enum's name.
    public var name: String?
    /// The server: an index into `servers`, or a URL.
    public var server: String?
    /// `internal`, `public` or `package`.
    public var access: String?
    /// Keep only operations with one of these tags.
    public var tags: [String]?
    /// Keep only operations under one of these paths.
    public var paths: [String]?
    /// Keep only operations with one of these ids.
    public var operationIds: [String]?
    /// One enum per tag.
    public var enumPerTag: Bool?

    /// The config in `data` (YAML or JSON); an empty file is an empty config.
    public static func load(_ data: Data) throws(GeneratorError) -> GeneratorConfiguration {
        guard let text = String(data: data, encoding: .utf8) else {
            throw .invalidDocument(path: "", message: "config is not UTF-8 text")
        }
        if text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
            return GeneratorConfiguration()
        }
        do {
            return try YAMLDecoder().decode(GeneratorConfiguration.self, from: text)
        } catch {
            let path: String
            if case DecodingError.typeMismatch(_, let context) = error {
                path = DocumentLoader.jsonPath(context.codingPath)
            } else {
                path = ""
            }
            let message = "config: \(error)".split(whereSeparator: \.isNewline).joined(separator: " ")
            throw .invalidDocument(path: path, message: message)
        }
    }

    /// A config with no key set.
    public init() {}

    /// `options` with every key this config sets and `options` leaves at its default.
    public func applied(to options: GeneratorOptions) -> GeneratorOptions {
        var result = options
        result.name = options.name ?? name
        result.server = options.server ?? server
        if options.accessModifier == "internal", let access { result.accessModifier = access }
        if options.tags.isEmpty { result.tags = tags ?? [] }
        if options.paths.isEmpty { result.paths = paths ?? [] }
        if options.operationIDs.isEmpty { result.operationIDs = operationIds ?? [] }
        if !options.enumPerTag { result.enumPerTag = enumPerTag ?? false }
        return result
    }
}
