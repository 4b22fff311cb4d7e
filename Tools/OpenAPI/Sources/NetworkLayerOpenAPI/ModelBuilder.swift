import OpenAPIKit

/// Turns JSON schemas into Swift types, collecting the declarations they need.
struct ModelBuilder {
    let components: OpenAPI.Components
    /// Swift type names of the component schemas, by component name.
    private(set) var componentTypes: [String: String] = [:]
    /// Every declaration made so far, by name.
    private(set) var declarations: [String: ModelDecl] = [:]
    private var usedNames: Set<String> = []
    /// The name of the any-JSON type, once something needs it.
    private var jsonValueName: String?

    init(components: OpenAPI.Components) {
        self.components = components
        for key in components.schemas.keys.map(\.rawValue).sorted() {
            let name = unique(SwiftNames.typeName(key, fallback: "Schema"))
            componentTypes[key] = name
        }
    }

    /// Declares every component schema, in name order.
    mutating func declareComponents() throws(GeneratorError) {
        for (key, schema) in components.schemas.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            guard let name = componentTypes[key.rawValue] else { continue }
            try declare(schema, as: name, path: "components.schemas.\(key.rawValue)")
        }
    }

    /// A name not used yet, made from `base` by a number when it is taken.
    mutating func unique(_ base: String) -> String {
        var name = base
        var counter = 2
        while usedNames.contains(name) {
            name = base + String(counter)
            counter += 1
        }
        usedNames.insert(name)
        return name
    }

    /// The Swift type of `schema`; inline objects, enums and choices are declared under `suggestedName`.
    mutating func type(
        of schema: JSONSchema, suggestedName: String, path: String
    ) throws(GeneratorError) -> TypeRef {
        let base = try baseType(of: schema, suggestedName: suggestedName, path: path)
        return schema.nullable ? base.optional : base
    }

    private mutating func baseType(
        of schema: JSONSchema, suggestedName: String, path: String
    ) throws(GeneratorError) -> TypeRef {
        switch schema.value {
        case .reference(let reference, _):
            guard let name = reference.name, reference.isInternal,
                case .component = reference.internalValue, let type = componentTypes[name]
            else { throw .unresolvedReference(path: path, reference: reference.absoluteString) }
            return .named(type)
        case .boolean: return .named("Bool")
        case .integer(let core, _): return .named(core.format == .int32 ? "Int32" : "Int")
        case .number(let core, _): return .named(core.format == .float ? "Float" : "Double")
        case .string(let core, _):
            if let values = schema.allowedValues, !values.isEmpty {
                return .named(try declare(schema, as: unique(suggestedName), path: path))
            }
            return .named(core.format == .dateTime ? "Date" : "String")
        case .array(_, let context):
            guard let items = context.items else { return .array(.named(jsonValue())) }
            return .array(try type(of: items, suggestedName: suggestedName + "Item", path: path + ".items"))
        case .object(_, let context):
            if context.properties.isEmpty {
                return .dictionary(try additionalType(context, suggestedName: suggestedName, path: path))
            }
            return .named(try declare(schema, as: unique(suggestedName), path: path))
        case .all(let parts, _):
            if parts.count == 1, let only = parts.first, only.reference != nil {
                return try type(of: only, suggestedName: suggestedName, path: path + ".allOf[0]")
            }
            return .named(try declare(schema, as: unique(suggestedName), path: path))
        case .one, .any:
            return .named(try declare(schema, as: unique(suggestedName), path: path))
        case .null, .not, .fragment:
            return .named(jsonValue())
        }
    }

    /// The value type of a dictionary object: its `additionalProperties` schema, or any JSON value.
    private mutating func additionalType(
        _ context: JSONSchema.ObjectContext, suggestedName: String, path: String
    ) throws(GeneratorError) -> TypeRef {
        if let schema = context.additionalProperties?.b {
            return try type(of: schema, suggestedName: suggestedName + "Value", path: path + ".additionalProperties")
        }
        return .named(jsonValue())
    }

    /// The any-JSON type's name, declaring it the first time.
    mutating func anyJSON() -> String { jsonValue() }

    private mutating func jsonValue() -> String {
        if let jsonValueName { return jsonValueName }
        let name = unique("JSONValue")
        jsonValueName = name
        declarations[name] = .jsonValue(name: name)
        return name
    }

    /// Declares `schema` as the type `name` and returns the name.
    @discardableResult
    mutating func declare(_ schema: JSONSchema, as name: String, path: String) throws(GeneratorError) -> String {
        let doc = docText(schema.title, schema.description)
        switch schema.value {
        case .string where !(schema.allowedValues ?? []).isEmpty:
            declarations[name] = stringEnum(schema, name: name, doc: doc)
        case .object(_, let context) where !context.properties.isEmpty:
            let properties = try properties(of: flatten(schema, path: path), owner: name, path: path)
            switch context.additionalProperties {
            case .a(true)?:
                declarations[name] = .openObject(
                    name: name, doc: doc, properties: properties, value: .named(jsonValue()))
            case .b(let valueSchema)?:
                let value = try type(
                    of: valueSchema, suggestedName: name + "Value", path: path + ".additionalProperties")
                declarations[name] = .openObject(name: name, doc: doc, properties: properties, value: value)
            default:
                declarations[name] = .object(name: name, doc: doc, properties: properties)
            }
        case .all(let parts, _):
            if let shape = try? flatten(schema, path: path) {
                declarations[name] = .object(
                    name: name, doc: doc, properties: try properties(of: shape, owner: name, path: path))
            } else {
                var members: [ModelProperty] = []
                for (index, part) in parts.enumerated() {
                    let partType = try type(
                        of: part, suggestedName: name + "Part\(index + 1)", path: path + ".allOf[\(index)]")
                    members.append(ModelProperty(name: "value\(index + 1)", key: "", type: partType, doc: nil))
                }
                let primitive = members.allSatisfy { !isModel($0.type) }
                declarations[name] =
                    primitive
                    ? .alias(name: name, doc: doc, type: members.first?.type ?? .named(jsonValue()))
                    : .allOf(name: name, doc: doc, parts: members)
            }
        case .one(let choices, _), .any(let choices, _):
            declarations[name] = try choice(schema, choices: choices, name: name, doc: doc, path: path)
        default:
            // Not a new shape: a name for another type (a component that is an array, a string, a reference).
            let target = try baseType(of: schema, suggestedName: name + "Value", path: path)
            declarations[name] = .alias(name: name, doc: doc, type: schema.nullable ? target.optional : target)
        }
        return name
    }

    /// Whether `type` names a generated type that decodes from an object or a choice.
    private func isModel(_ type: TypeRef) -> Bool {
        guard case .named(let name) = type.unwrapped, let decl = declarations[name] else { return false }
        switch decl {
        case .object, .openObject, .choice, .allOf: return true
        case .alias(_, _, let target): return isModel(target)
        case .stringEnum, .jsonValue: return false
        }
    }

    private func stringEnum(_ schema: JSONSchema, name: String, doc: String?) -> ModelDecl {
        let rawValues = (schema.allowedValues ?? []).compactMap { $0.value as? String }
        var used: Set<String> = []
        var cases: [ChoiceCase] = []
        for raw in rawValues {
            var caseName = SwiftNames.identifier(raw, fallback: "empty")
            var counter = 2
            while used.contains(caseName) {
                caseName = SwiftNames.identifier(raw, fallback: "empty") + String(counter)
                counter += 1
            }
            used.insert(caseName)
            cases.append(ChoiceCase(name: caseName, type: .named("String"), discriminatorValues: [raw]))
        }
        return .stringEnum(name: name, doc: doc, cases: cases, rawValues: rawValues)
    }

    private mutating func choice(
        _ schema: JSONSchema, choices: [JSONSchema], name: String, doc: String?, path: String
    ) throws(GeneratorError) -> ModelDecl {
        let keyword = schema.value.isOneOf ? "oneOf" : "anyOf"
        var cases: [ChoiceCase] = []
        var used: Set<String> = []
        let mapping = schema.discriminator?.mapping ?? [:]
        for (index, member) in choices.enumerated() {
            let memberType = try type(
                of: member, suggestedName: name + "Case\(index + 1)", path: path + ".\(keyword)[\(index)]")
            var base = caseName(for: member, type: memberType, index: index)
            if used.contains(base) { base += String(index + 1) }
            used.insert(base)
            var values: [String] = []
            if let componentName = member.reference?.name {
                let mapped = mapping.filter { $0.value.hasSuffix("/" + componentName) || $0.value == componentName }
                values = mapped.isEmpty ? [componentName] : mapped.map(\.key).sorted()
            }
            cases.append(ChoiceCase(name: base, type: memberType, discriminatorValues: values))
        }
        return .choice(name: name, doc: doc, cases: cases, discriminator: schema.discriminator?.propertyName)
    }

    private func caseName(for member: JSONSchema, type: TypeRef, index: Int) -> String {
        if let name = member.reference?.name { return SwiftNames.identifier(name, fallback: "case\(index + 1)") }
        switch type.unwrapped {
        case .named(let name) where name.hasPrefix("JSONValue"): return "value"
        case .named(let name) where ["String", "Int", "Int32", "Double", "Float", "Bool", "Date"].contains(name):
            return SwiftNames.identifier(name, fallback: "case\(index + 1)")
        case .array: return "array"
        case .dictionary: return "dictionary"
        default: return "case\(index + 1)"
        }
    }

    /// The properties of an object shape, in document order.
    private mutating func properties(
        of shape: [(key: String, schema: JSONSchema, required: Bool)], owner: String, path: String
    ) throws(GeneratorError) -> [ModelProperty] {
        var used: Set<String> = []
        var result: [ModelProperty] = []
        for (key, schema, required) in shape {
            var name = SwiftNames.identifier(key, fallback: "value")
            while used.contains(name) { name = SwiftNames.bare(name) + "_" }
            used.insert(name)
            let propertyType = try type(
                of: schema, suggestedName: owner + SwiftNames.typeName(key, fallback: "Value"),
                path: path + ".properties.\(key)")
            result.append(
                ModelProperty(
                    name: name, key: key, type: required ? propertyType : propertyType.optional,
                    doc: docText(schema.title, schema.description)))
        }
        return result
    }

    /// The properties of an object, or of an `allOf` whose parts are all objects (references followed);
    /// throws when a part is not an object.
    private func flatten(
        _ schema: JSONSchema, path: String, depth: Int = 0
    ) throws(GeneratorError) -> [(key: String, schema: JSONSchema, required: Bool)] {
        guard depth < 32 else { throw .invalidDocument(path: path, message: "allOf nests too deep") }
        switch schema.value {
        case .object(_, let context):
            let required = Set(context.requiredProperties)
            return context.properties.map { (key: $0.key, schema: $0.value, required: required.contains($0.key)) }
        case .reference(let reference, _):
            guard let name = reference.name, let target = components.schemas[.init(stringLiteral: name)] else {
                throw .unresolvedReference(path: path, reference: reference.absoluteString)
            }
            return try flatten(target, path: path, depth: depth + 1)
        case .all(let parts, _):
            var merged: [(key: String, schema: JSONSchema, required: Bool)] = []
            for part in parts {
                for property in try flatten(part, path: path, depth: depth + 1) {
                    if let index = merged.firstIndex(where: { $0.key == property.key }) {
                        merged[index].required = merged[index].required || property.required
                    } else {
                        merged.append(property)
                    }
                }
            }
            return merged
        default:
            throw .invalidDocument(path: path, message: "not an object")
        }
    }
}

extension JSONSchema.Schema {
    /// Whether this is a `oneOf`.
    var isOneOf: Bool {
        if case .one = self { return true }
        return false
    }
}
