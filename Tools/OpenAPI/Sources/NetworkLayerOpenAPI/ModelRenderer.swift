/// Writes the models file from the declarations.
struct ModelRenderer {
    let declarations: [String: ModelDecl]
    let access: String
    let cycles: CycleAnalysis

    init(declarations: [String: ModelDecl], access: String) {
        self.declarations = declarations
        self.access = access
        self.cycles = CycleAnalysis(declarations)
    }

    /// The whole file, declarations in name order.
    func render(header: String) -> String {
        var writer = SwiftWriter()
        writer.line(header)
        writer.line("")
        writer.line("import Foundation")
        for name in declarations.keys.sorted() {
            guard let decl = declarations[name] else { continue }
            writer.line("")
            render(decl, into: &writer)
        }
        return writer.text
    }

    private func render(_ decl: ModelDecl, into writer: inout SwiftWriter) {
        switch decl {
        case .object(let name, let doc, let properties):
            writer.doc(doc)
            if cycles.classes.contains(name) {
                renderClass(name, properties: properties, into: &writer)
            } else {
                writer.block("\(access)struct \(name): Codable, Hashable, Sendable {") { body in
                    renderMembers(properties, keyword: "var", into: &body)
                }
            }
        case .openObject(let name, let doc, let properties, let value):
            writer.doc(doc)
            renderOpenObject(name, properties: properties, value: value, into: &writer)
        case .stringEnum(let name, let doc, let cases, let rawValues):
            writer.doc(doc)
            writer.block("\(access)enum \(name): String, Codable, Hashable, Sendable, CaseIterable {") { body in
                for (choice, raw) in zip(cases, rawValues) {
                    body.line("case \(choice.name) = \(swiftLiteral(raw))")
                }
            }
        case .choice(let name, let doc, let cases, let discriminator):
            writer.doc(doc)
            renderChoice(name, cases: cases, discriminator: discriminator, into: &writer)
        case .allOf(let name, let doc, let parts):
            writer.doc(doc)
            let kind = cycles.classes.contains(name) ? "final class" : "struct"
            writer.block("\(access)\(kind) \(name): Codable, Hashable, Sendable {") { body in
                for part in parts { body.line("\(access)let \(part.name): \(part.type.swift)") }
                body.line("")
                renderInit(parts, into: &body)
                body.line("")
                body.block("\(access)init(from decoder: any Decoder) throws {") { code in
                    for part in parts { code.line("\(part.name) = try \(part.type.swift)(from: decoder)") }
                }
                body.line("")
                body.block("\(access)func encode(to encoder: any Encoder) throws {") { code in
                    for part in parts { code.line("try \(part.name).encode(to: encoder)") }
                }
                if kind == "final class" { renderEquality(name, parts, into: &body) }
            }
        case .alias(let name, let doc, let type):
            writer.doc(doc)
            writer.line("\(access)typealias \(name) = \(type.swift)")
        case .jsonValue(let name):
            renderJSONValue(name, into: &writer)
        }
    }

    private func renderMembers(_ properties: [ModelProperty], keyword: String, into body: inout SwiftWriter) {
        for property in properties {
            body.doc(property.doc)
            body.line("\(access)\(keyword) \(property.name): \(property.type.swift)")
        }
        body.line("")
        renderInit(properties, into: &body)
        let renamed = properties.filter { SwiftNames.bare($0.name) != $0.key }
        guard !renamed.isEmpty else { return }
        body.line("")
        body.block("enum CodingKeys: String, CodingKey {") { keys in
            for property in properties {
                let bare = SwiftNames.bare(property.name)
                keys.line(
                    bare == property.key
                        ? "case \(property.name)" : "case \(property.name) = \(swiftLiteral(property.key))")
            }
        }
    }

    private func renderInit(_ properties: [ModelProperty], into body: inout SwiftWriter) {
        let parameters = properties.map { property in
            "\(property.name): \(property.type.swift)\(property.type.isOptional ? " = nil" : "")"
        }
        body.line("/// Creates a value from its properties.")
        body.listBlock("\(access)init", parameters, " {") { code in
            for property in properties {
                code.line("self.\(SwiftNames.bare(property.name)) = \(property.name)")
            }
        }
    }

    /// A struct whose keys beyond its properties go to `additionalProperties`, with the coding that needs.
    private func renderOpenObject(
        _ name: String, properties: [ModelProperty], value: TypeRef, into writer: inout SwiftWriter
    ) {
        let extra = ModelProperty(
            name: "additionalProperties", key: "", type: .dictionary(value),
            doc: "Every other key of the object.")
        writer.block("\(access)struct \(name): Codable, Hashable, Sendable {") { body in
            for property in properties + [extra] {
                body.doc(property.doc)
                body.line("\(access)var \(property.name): \(property.type.swift)")
            }
            body.line("")
            let parameters = properties.map { "\($0.name): \($0.type.swift)\($0.type.isOptional ? " = nil" : "")" }
            body.line("/// Creates a value from its properties.")
            body.listBlock("\(access)init", parameters + ["additionalProperties: \(extra.type.swift) = [:]"], " {") {
                code in
                for property in properties + [extra] {
                    code.line("self.\(SwiftNames.bare(property.name)) = \(property.name)")
                }
            }
            body.line("")
            body.block("\(access)init(from decoder: any Decoder) throws {") { code in
                code.line("let keyedValues = try decoder.container(keyedBy: AnyKey.self)")
                for property in properties {
                    let method = property.type.isOptional ? "decodeIfPresent" : "decode"
                    code.line(
                        "self.\(SwiftNames.bare(property.name)) = try keyedValues.\(method)(\(property.type.unwrapped.swift).self, forKey: AnyKey(\(swiftLiteral(property.key))))"
                    )
                }
                code.line("var otherValues: \(extra.type.swift) = [:]")
                code.block("for key in keyedValues.allKeys where !Self.knownKeys.contains(key.stringValue) {") {
                    $0.line("otherValues[key.stringValue] = try keyedValues.decode(\(value.swift).self, forKey: key)")
                }
                code.line("self.additionalProperties = otherValues")
            }
            body.line("")
            body.block("\(access)func encode(to encoder: any Encoder) throws {") { code in
                code.line("var keyedValues = encoder.container(keyedBy: AnyKey.self)")
                for property in properties {
                    let method = property.type.isOptional ? "encodeIfPresent" : "encode"
                    code.line(
                        "try keyedValues.\(method)(self.\(SwiftNames.bare(property.name)), forKey: AnyKey(\(swiftLiteral(property.key))))"
                    )
                }
                code.block("for (key, value) in additionalProperties where !Self.knownKeys.contains(key) {") {
                    $0.line("try keyedValues.encode(value, forKey: AnyKey(key))")
                }
            }
            body.line("")
            let keys = properties.map { swiftLiteral($0.key) }.joined(separator: ", ")
            body.line("private static let knownKeys: Set<String> = [\(keys)]")
            body.line("")
            body.block("private struct AnyKey: CodingKey {") { key in
                key.line("let stringValue: String")
                key.line("var intValue: Int? { nil }")
                key.line("init(_ stringValue: String) { self.stringValue = stringValue }")
                key.line("init(stringValue: String) { self.stringValue = stringValue }")
                key.line("init?(intValue: Int) { nil }")
            }
        }
    }

    private func renderClass(_ name: String, properties: [ModelProperty], into writer: inout SwiftWriter) {
        writer.block("\(access)final class \(name): Codable, Hashable, Sendable {") { body in
            renderMembers(properties, keyword: "let", into: &body)
            renderEquality(name, properties, into: &body)
        }
    }

    /// `==` and `hash(into:)` over every property, which a class does not get by itself.
    private func renderEquality(_ name: String, _ properties: [ModelProperty], into body: inout SwiftWriter) {
        body.line("")
        body.block("\(access)static func == (lhs: \(name), rhs: \(name)) -> Bool {") { code in
            let comparisons = properties.map { "lhs.\($0.name) == rhs.\($0.name)" }
            code.line(comparisons.isEmpty ? "true" : comparisons.joined(separator: " && "))
        }
        body.line("")
        body.block("\(access)func hash(into hasher: inout Hasher) {") { code in
            for property in properties { code.line("hasher.combine(\(property.name))") }
        }
    }

    private func renderChoice(
        _ name: String, cases: [ChoiceCase], discriminator: String?, into writer: inout SwiftWriter
    ) {
        let indirect = cycles.indirectEnums.contains(name) ? "indirect " : ""
        writer.block("\(access)\(indirect)enum \(name): Codable, Hashable, Sendable {") { body in
            for choice in cases { body.line("case \(choice.name)(\(choice.type.swift))") }
            body.line("")
            body.block("\(access)init(from decoder: any Decoder) throws {") { code in
                code.line("let container = try decoder.singleValueContainer()")
                let selectable = cases.filter { !$0.discriminatorValues.isEmpty }
                if let discriminator, !selectable.isEmpty {
                    code.line(
                        "let kind = try decoder.container(keyedBy: DiscriminatorKey.self).decode(String.self, forKey: .kind)"
                    )
                    code.switchBlock("switch kind {") { arms in
                        for choice in selectable {
                            let values = choice.discriminatorValues.map(swiftLiteral).joined(separator: ", ")
                            arms.line(
                                "case \(values): self = .\(choice.name)(try container.decode(\(choice.type.swift).self))"
                            )
                        }
                        arms.line("default:")
                        arms.line(
                            "    throw DecodingError.dataCorruptedError(in: container, debugDescription: \(swiftLiteral("Unknown \(discriminator) for \(name)")))"
                        )
                    }
                } else {
                    // Its own type first would recurse forever on a value no other case takes.
                    for choice in cases where choice.type.unwrapped != .named(name) {
                        code.block("if let value = try? container.decode(\(choice.type.swift).self) {") { match in
                            match.line("self = .\(choice.name)(value)")
                            match.line("return")
                        }
                    }
                    code.line(
                        "throw DecodingError.dataCorruptedError(in: container, debugDescription: \(swiftLiteral("No case of \(name) matches")))"
                    )
                }
            }
            body.line("")
            body.block("\(access)func encode(to encoder: any Encoder) throws {") { code in
                code.line("var container = encoder.singleValueContainer()")
                code.switchBlock("switch self {") { arms in
                    for choice in cases { arms.line("case .\(choice.name)(let value): try container.encode(value)") }
                }
            }
            if let discriminator, cases.contains(where: { !$0.discriminatorValues.isEmpty }) {
                body.line("")
                body.block("private enum DiscriminatorKey: String, CodingKey {") { keys in
                    keys.line("case kind = \(swiftLiteral(discriminator))")
                }
            }
        }
    }

    private func renderJSONValue(_ name: String, into writer: inout SwiftWriter) {
        writer.line("/// Any JSON value, for schemas that allow anything.")
        writer.block("\(access)enum \(name): Codable, Hashable, Sendable {") { body in
            body.line("case null")
            body.line("case bool(Bool)")
            body.line("case number(Double)")
            body.line("case string(String)")
            body.line("case array([\(name)])")
            body.line("case object([String: \(name)])")
            body.line("")
            body.block("\(access)init(from decoder: any Decoder) throws {") { code in
                code.line("let container = try decoder.singleValueContainer()")
                code.block("if container.decodeNil() {") {
                    $0.line("self = .null")
                    $0.line("return")
                }
                for (type, kase) in [
                    ("Bool", "bool"), ("Double", "number"), ("String", "string"), ("[\(name)]", "array"),
                ] {
                    code.block("if let value = try? container.decode(\(type).self) {") {
                        $0.line("self = .\(kase)(value)")
                        $0.line("return")
                    }
                }
                code.line("self = .object(try container.decode([String: \(name)].self))")
            }
            body.line("")
            body.block("\(access)func encode(to encoder: any Encoder) throws {") { code in
                code.line("var container = encoder.singleValueContainer()")
                code.switchBlock("switch self {") { cases in
                    cases.line("case .null: try container.encodeNil()")
                    for kase in ["bool", "number", "string", "array", "object"] {
                        cases.line("case .\(kase)(let value): try container.encode(value)")
                    }
                }
            }
        }
    }
}
