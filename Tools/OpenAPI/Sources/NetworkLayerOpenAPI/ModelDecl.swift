/// One stored property of a generated model.
struct ModelProperty: Hashable {
    /// The Swift name.
    let name: String
    /// The key in JSON.
    let key: String
    let type: TypeRef
    let doc: String?
}

/// One case of a `oneOf`/`anyOf` enum.
struct ChoiceCase: Hashable {
    let name: String
    let type: TypeRef
    /// Discriminator values that select this case.
    let discriminatorValues: [String]
}

/// A declaration of the models file, before it is written out.
enum ModelDecl: Hashable {
    /// A struct (or, when it contains itself, a final class) of properties.
    case object(name: String, doc: String?, properties: [ModelProperty])
    /// A struct of properties that also keeps every other key, as `additionalProperties` of `value`.
    case openObject(name: String, doc: String?, properties: [ModelProperty], value: TypeRef)
    /// A `String`-backed enum: pairs of case name and raw value.
    case stringEnum(name: String, doc: String?, cases: [ChoiceCase], rawValues: [String])
    /// `oneOf`/`anyOf`: an enum with one associated value per choice, decoded by discriminator or in order.
    case choice(name: String, doc: String?, cases: [ChoiceCase], discriminator: String?)
    /// `allOf` of schemas that are not all objects: every part decoded from the same value.
    case allOf(name: String, doc: String?, parts: [ModelProperty])
    /// Another name for a type.
    case alias(name: String, doc: String?, type: TypeRef)
    /// Any JSON value, for schemas that allow anything.
    case jsonValue(name: String)

    var name: String {
        switch self {
        case .object(let name, _, _), .openObject(let name, _, _, _), .stringEnum(let name, _, _, _),
            .choice(let name, _, _, _),
            .allOf(let name, _, _), .alias(let name, _, _), .jsonValue(let name):
            name
        }
    }

    /// The named types this declaration holds by value.
    var namesHeldByValue: [String] {
        switch self {
        case .object(_, _, let properties), .allOf(_, _, let properties), .openObject(_, _, let properties, _):
            properties.flatMap(\.type.namesHeldByValue)
        case .choice(_, _, let cases, _): cases.flatMap(\.type.namesHeldByValue)
        case .alias(_, _, let type): type.namesHeldByValue
        case .stringEnum, .jsonValue: []
        }
    }
}
