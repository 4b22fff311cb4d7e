import Foundation
import OpenAPIKit
import OpenAPIKit30
import OpenAPIKitCompat
import Yams

/// Reads a YAML or JSON document of OpenAPI 3.0 or 3.1 into OpenAPIKit's 3.1 model.
enum DocumentLoader {
    /// The document in `data`; 3.0 documents are converted to 3.1.
    static func load(_ data: Data) throws(GeneratorError) -> OpenAPIKit.OpenAPI.Document {
        let version = try detectVersion(data)
        do {
            if version.hasPrefix("3.0") {
                let document = try decode(OpenAPIKit30.OpenAPI.Document.self, from: data)
                return document.convert(to: .v3_1_1)
            }
            guard version.hasPrefix("3.1") || version.hasPrefix("3.2") else {
                throw GeneratorError.unsupportedVersion(version)
            }
            return try decode(OpenAPIKit.OpenAPI.Document.self, from: data)
        } catch let error as GeneratorError {
            throw error
        } catch {
            throw describe(error)
        }
    }

    /// The `openapi` field, read before the whole document so that the right model decodes it.
    private static func detectVersion(_ data: Data) throws(GeneratorError) -> String {
        struct Header: Decodable { let openapi: String }
        do {
            return try decode(Header.self, from: data).openapi
        } catch let DecodingError.keyNotFound(key, _) where key.stringValue == "openapi" {
            throw .invalidDocument(path: "openapi", message: "missing; this reads OpenAPI 3.0 and 3.1 documents")
        } catch {
            throw describe(error)
        }
    }

    /// JSON when the text starts with `{`, YAML otherwise.
    private static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        let firstByte = data.first { !Set([0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF]).contains($0) }
        if firstByte == UInt8(ascii: "{") { return try JSONDecoder().decode(type, from: data) }
        guard let text = String(data: data, encoding: .utf8) else {
            throw GeneratorError.invalidDocument(path: "", message: "not UTF-8 text")
        }
        return try YAMLDecoder().decode(type, from: text)
    }

    /// One error naming the JSON path, from whatever the parsers threw.
    private static func describe(_ error: any Error) -> GeneratorError {
        if let yamlError = error as? YamlError {
            return .invalidDocument(path: "", message: "not valid YAML: \(oneLine(String(describing: yamlError)))")
        }
        let openAPIError = OpenAPIKit.OpenAPI.Error(from: error)
        var message = oneLine(openAPIError.localizedDescription)
        while message.hasSuffix("..") { message.removeLast() }
        if openAPIError.codingPath.isEmpty, let decodingError = error as? DecodingError,
            case .dataCorrupted(let context) = decodingError, context.codingPath.isEmpty,
            !(context.underlyingError is OpenAPIError)
        {
            let reason = context.underlyingError.map { String(describing: $0) } ?? context.debugDescription
            message = "not valid \(context.underlyingError is YamlError ? "YAML" : "JSON"): \(oneLine(reason))"
        }
        return .invalidDocument(path: jsonPath(openAPIError.codingPath), message: message)
    }

    /// `paths./pets.get.parameters[0]`.
    static func jsonPath(_ codingPath: [any CodingKey]) -> String {
        var path = ""
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += (path.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return path
    }

    /// The text with its line breaks folded, so that an error is one line.
    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }
}
