/// A Swift type as the generated code spells it.
indirect enum TypeRef: Hashable {
    /// A type by name: a primitive (`String`, `Date`) or a generated model.
    case named(String)
    case array(TypeRef)
    case dictionary(TypeRef)
    case optional(TypeRef)

    /// The type as written in source.
    var swift: String {
        switch self {
        case .named(let name): name
        case .array(let element): "[\(element.swift)]"
        case .dictionary(let value): "[String: \(value.swift)]"
        case .optional(let wrapped): wrapped.swift + "?"
        }
    }

    /// The type made optional, once.
    var optional: TypeRef {
        if case .optional = self { return self }
        return .optional(self)
    }

    /// The type without its optional.
    var unwrapped: TypeRef {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// Names this type holds by value (not through an array or dictionary, which store their elements apart).
    var namesHeldByValue: [String] {
        switch self {
        case .named(let name): [name]
        case .optional(let wrapped): wrapped.namesHeldByValue
        case .array, .dictionary: []
        }
    }
}
