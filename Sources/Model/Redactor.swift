import Foundation

/// Replaces secrets in headers, query strings and bodies before anything is logged.
public struct Redactor: Sendable {
    /// What a secret is replaced with.
    public static let placeholder = "REDACTED"

    /// Header names whose values are hidden, compared case-insensitively.
    public var headerNames: Set<String>
    /// Query item, form field and JSON key names whose values are hidden, compared case-insensitively.
    public var parameterNames: Set<String>

    /// Creates a redactor. The defaults hide credentials, cookies, API keys and tokens.
    public init(
        headerNames: Set<String> = ["Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-API-Key"],
        parameterNames: Set<String> = [
            "api_key", "apikey", "key", "token", "access_token", "refresh_token", "id_token",
            "client_secret", "password", "secret", "session_id",
        ]
    ) {
        self.headerNames = Set(headerNames.map { $0.lowercased() })
        self.parameterNames = Set(parameterNames.map { $0.lowercased() })
    }

    /// Whether a header's value is hidden.
    func hidesHeader(_ name: String) -> Bool {
        headerNames.contains(name.lowercased())
    }

    /// Whether a parameter's value is hidden.
    ///
    /// A nested name such as `auth[token]` is hidden when any of its parts is a secret name.
    func hidesParameter(_ name: String) -> Bool {
        let lowercased = name.lowercased()
        if parameterNames.contains(lowercased) { return true }
        return lowercased.split(whereSeparator: { $0 == "[" || $0 == "]" }).contains {
            parameterNames.contains(String($0))
        }
    }

    /// `value`, or the placeholder when `name` is a secret header.
    func header(_ name: String, value: String) -> String {
        hidesHeader(name) ? Self.placeholder : value
    }

    /// `url` with its password (`user:password@`) and the values of secret query items replaced.
    func url(_ url: URL) -> String {
        let text = Self.hidingPassword(in: url.absoluteString)
        guard let queryStart = text.firstIndex(of: "?") else { return text }
        let fragmentStart = text[queryStart...].firstIndex(of: "#") ?? text.endIndex
        let query = text[text.index(after: queryStart)..<fragmentStart]
        return String(text[...queryStart]) + formEncoded(String(query)) + text[fragmentStart...]
    }

    private static func hidingPassword(in text: String) -> String {
        guard let schemeEnd = text.range(of: "://") else { return text }
        let authorityEnd = text[schemeEnd.upperBound...].firstIndex { "/?#".contains($0) } ?? text.endIndex
        let authority = text[schemeEnd.upperBound..<authorityEnd]
        guard let at = authority.lastIndex(of: "@"), let colon = authority[..<at].firstIndex(of: ":") else {
            return text
        }
        return String(text[...colon]) + placeholder + String(text[at...])
    }

    /// `pairs` (`a=1&b=2`) with the values of secret names replaced.
    func formEncoded(_ pairs: String) -> String {
        pairs.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let name = pair[..<equals]
            let decodedName = name.removingPercentEncoding ?? String(name)
            return hidesParameter(decodedName) ? "\(name)=\(Self.placeholder)" : String(pair)
        }.joined(separator: "&")
    }

    /// Free text, such as an error message, with URLs, `name=value` pairs of secret names and the
    /// credentials after `Bearer` or `Basic` hidden.
    func text(_ text: String) -> String {
        var hidesNext = false
        return text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            defer { hidesNext = ["bearer", "basic"].contains(word.lowercased()) }
            if hidesNext, !word.isEmpty { return Self.placeholder }
            if word.contains("://"), let url = URL(string: String(word)) { return self.url(url) }
            if word.contains("=") { return formEncoded(String(word)) }
            return String(word)
        }.joined(separator: " ")
    }

    /// A JSON body with the values of secret keys replaced at any depth, or `nil` if `data` is not JSON.
    func json(_ data: Data) -> String? {
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes]
        guard let object = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]),
            let redacted = try? JSONSerialization.data(withJSONObject: redact(object), options: options)
        else { return nil }
        return String(decoding: redacted, as: UTF8.self)
    }

    private func redact(_ object: Any) -> Any {
        if let dictionary = object as? [String: Any] {
            var copy: [String: Any] = [:]
            for (key, value) in dictionary {
                copy[key] = hidesParameter(key) ? Self.placeholder : redact(value)
            }
            return copy
        }
        if let array = object as? [Any] { return array.map(redact) }
        return object
    }
}
