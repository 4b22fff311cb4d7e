import Foundation

extension Redactor {
    /// A body as text with its secrets hidden, or `nil` when it cannot be redacted with certainty and is to be
    /// shown as its size.
    ///
    /// - JSON (a `json` media type, or a body that starts with `{` or `[`): the values of secret keys hidden at
    ///   any depth, and echoed secrets wherever they are; `nil` unless it is one JSON value at most
    ///   ``JSONRedaction/maximumDepth`` deep (NDJSON, a cut body, deeper nesting).
    /// - A form (`application/x-www-form-urlencoded`, or untyped or `text/plain` text made only of `name=value`
    ///   pairs): the values of secret names, and values that are or hold echoed secrets, hidden.
    /// - Other text (untyped or `text/*`): shown with URLs, pairs and echoed secrets hidden, unless it mentions a
    ///   secret name (it has no structure to find that name's value by), holds an echoed secret too short to be
    ///   searched for, or holds control characters.
    /// - Anything else (binary, other media types, text that is not UTF-8): `nil`.
    func body(_ body: Data, contentType: String?, hiding secrets: EchoedSecrets) -> String? {
        let type = Self.mediaType(contentType)
        guard let text = String(data: body, encoding: .utf8) else { return nil }
        let start = text.unicodeScalars.first { !" \t\r\n".unicodeScalars.contains($0) }
        if type.contains("json") || start == "{" || start == "[" {
            return JSONRedaction.redacted(body, by: self, hiding: secrets)
        }
        let isText = type.isEmpty || type.hasPrefix("text/")
        if type == "application/x-www-form-urlencoded"
            || (type.isEmpty || type == "text/plain") && Self.isFormLike(text)
        {
            return secrets.hiding(in: form(text, hiding: secrets))
        }
        guard isText, !text.unicodeScalars.contains(where: Self.isControl), !mentionsSecretName(text),
            !secrets.containsUnsearched(in: text)
        else { return nil }
        return secrets.hiding(in: self.text(text))
    }

    /// The media type of a `Content-Type` value, lowercased, without parameters.
    private static func mediaType(_ contentType: String?) -> String {
        guard let contentType else { return "" }
        let type = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// Whether `text` is made only of `&`-separated `name=value` pairs, with no whitespace.
    static func isFormLike(_ text: String) -> Bool {
        !text.isEmpty && !text.contains(where: \.isWhitespace)
            && text.split(separator: "&").allSatisfy { $0.contains("=") && !$0.hasPrefix("=") }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && !"\t\r\n".unicodeScalars.contains(scalar)) || (0x7F...0x9F).contains(scalar.value)
    }

    /// A form body with the values of secret names hidden, and each value that is or holds an echoed secret, or
    /// a URL's user info.
    private func form(_ text: String, hiding secrets: EchoedSecrets) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = pair[..<equals]
            let value = Self.formDecoded(pair[pair.index(after: equals)...])
            let hides =
                hidesParameter(Self.formDecoded(name)) || secrets.hidingValue(value) != value
                || self.text(value) != value
            return hides ? name + "=" + Self.placeholder : String(pair)
        }.joined(separator: "&")
    }
}
