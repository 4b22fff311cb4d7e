/// Turns names from a document into Swift identifiers.
enum SwiftNames {
    /// Words of `text`: runs of letters and digits, split also where a lower-case letter meets an upper-case one.
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in text {
            guard character.isLetter || character.isNumber, character.isASCII else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let previous, previous.isLowercase || previous.isNumber, character.isUppercase, !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `list-pets`, `ListPets` and `list_pets` give `listPets`; an all-caps word is lowered (`ELEPHANT`).
    /// Acronyms inside mixed-case text stay (`My-Request-UUID` gives `myRequestUUID`).
    static func lowerCamel(_ text: String) -> String {
        let shouting = !text.contains { $0.isLowercase }
        let parts = words(text).map { shouting ? $0.lowercased() : $0 }
        guard let first = parts.first else { return "" }
        return first.lowercased() + parts.dropFirst().map(capitalized).joined()
    }

    /// `list-pets` gives `ListPets`; `petKind` gives `PetKind`.
    static func upperCamel(_ text: String) -> String {
        words(text).map(capitalized).joined()
    }

    /// The first letter raised, the rest kept (`uuid` gives `Uuid`, `UUID` stays).
    private static func capitalized(_ word: String) -> String {
        (word.first.map { String($0).uppercased() } ?? "") + word.dropFirst()
    }

    /// A value name (case, property, label) for `text`, never empty, never starting with a digit, escaped
    /// with backticks when it is a keyword.
    static func identifier(_ text: String, fallback: String) -> String {
        var name = lowerCamel(text)
        if name.isEmpty { name = fallback }
        if let first = name.first, first.isNumber { name = "_" + name }
        if unusable.contains(name) { return name + "_" }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// A type name for `text`, never empty nor clashing with the standard library or NetworkLayer.
    static func typeName(_ text: String, fallback: String) -> String {
        var name = upperCamel(text)
        if name.isEmpty { name = fallback }
        if let first = name.first, first.isNumber { name = "_" + name }
        return reservedTypes.contains(name) ? name + "Model" : name
    }

    /// `name` without backticks, to build other names from.
    static func bare(_ name: String) -> String {
        name.replacingOccurrences(of: "`", with: "")
    }

    /// Names backticks cannot save in every position.
    private static let unusable: Set<String> = ["self", "Self", "init", "deinit", "subscript", "Type", "Protocol"]

    private static let keywords: Set<String> = [
        "associatedtype", "class", "enum", "extension", "fileprivate", "func", "import", "inout", "internal",
        "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "as",
        "false", "is", "nil", "super", "throws", "true", "try", "any", "some", "package", "await", "async",
        "consume", "copy", "discard", "each", "borrowing", "consuming",
    ]

    private static let reservedTypes: Set<String> = [
        "Any", "AnyObject", "Array", "Bool", "Codable", "Data", "Date", "Decimal", "Decodable", "Decoder",
        "Dictionary", "Double", "Encodable", "Encoder", "EndPointType", "Error", "Float", "HTTPHeaders",
        "HTTPMethod", "HTTPTask", "Hashable", "Int", "Optional", "Parameters", "Result", "Sendable", "Set",
        "String", "URL", "URLRequest", "UUID", "Void", "Never", "Character", "Task", "Type", "Protocol", "Self",
    ]
}
