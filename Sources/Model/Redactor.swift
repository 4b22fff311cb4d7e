import Foundation

/// Replaces secrets in headers, query strings, fragments and bodies before anything is logged.
///
/// A header or parameter is secret when its name is in ``headerNames`` or ``parameterNames``, or when
/// its name contains one of ``secretNameFragments``: `token` hides `X-Auth-Token` and `csrf_token`
/// alike. Names compare case-insensitively, with `-`, `_` and `.` ignored, so `api-key`, `API_KEY`
/// and `apiKey` are one name.
public struct Redactor: Sendable {
    /// What a secret is replaced with.
    public static let placeholder = "REDACTED"

    /// Header names whose values are hidden.
    public var headerNames: Set<String> {
        didSet { secretHeaders = Self.normalized(headerNames) }
    }
    /// Query item, form field and JSON key names whose values are hidden.
    public var parameterNames: Set<String> {
        didSet { secretParameters = Self.normalized(parameterNames) }
    }
    /// Parts of a name that make any header or parameter containing them secret.
    public var secretNameFragments: Set<String> {
        didSet { secretFragments = Self.normalized(secretNameFragments).filter { !$0.isEmpty } }
    }

    private var secretHeaders: Set<String>
    private var secretParameters: Set<String>
    private var secretFragments: Set<String>

    /// The headers hidden by default: credentials, cookies and API keys.
    public static let defaultHeaderNames: Set<String> = [
        "Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie", "X-API-Key", "Api-Key", "X-Goog-Api-Key",
        "X-Amz-Security-Token", "Private-Token", "X-Vault-Token", "X-Auth", "X-Amz-Credential", "X-Hub-Signature",
    ]

    /// The parameters hidden by default: keys, tokens, passwords, signatures and one-time codes.
    public static let defaultParameterNames: Set<String> = [
        "api_key", "apikey", "key", "token", "access_token", "refresh_token", "id_token", "client_secret",
        "password", "secret", "session_id", "sig", "jwt", "auth", "code", "code_verifier", "pwd", "passwd", "otp",
        "sid", "assertion", "client_assertion", "private_key", "X-Amz-Signature", "X-Amz-Credential",
    ]

    /// The name fragments that mark a secret by default.
    public static let defaultSecretNameFragments: Set<String> = [
        "token", "secret", "password", "passwd", "apikey", "signature", "credential", "session", "cookie",
        "authorization", "privatekey", "jwt",
    ]

    /// Creates a redactor. The defaults hide credentials, cookies, API keys, tokens and signatures; names
    /// may be given in any case and spelling of `-`, `_` and `.`.
    public init(
        headerNames: Set<String> = Redactor.defaultHeaderNames,
        parameterNames: Set<String> = Redactor.defaultParameterNames,
        secretNameFragments: Set<String> = Redactor.defaultSecretNameFragments
    ) {
        self.headerNames = headerNames
        self.parameterNames = parameterNames
        self.secretNameFragments = secretNameFragments
        self.secretHeaders = Self.normalized(headerNames)
        self.secretParameters = Self.normalized(parameterNames)
        self.secretFragments = Self.normalized(secretNameFragments).filter { !$0.isEmpty }
    }

    /// A redactor with the defaults, built once.
    static let standard = Redactor()

    /// `name` lowercased, without `-`, `_` and `.`.
    private static func normalized(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { !"-_.".unicodeScalars.contains($0) })
    }

    private static func normalized(_ names: Set<String>) -> Set<String> {
        Set(names.map(normalized))
    }

    private func isSecret(_ name: String, exactNames: Set<String>) -> Bool {
        let normalized = Self.normalized(name)
        return exactNames.contains(normalized) || secretFragments.contains { normalized.contains($0) }
    }

    /// Whether a header's value is hidden.
    func hidesHeader(_ name: String) -> Bool {
        isSecret(name, exactNames: secretHeaders)
    }

    /// Whether a parameter's value is hidden.
    ///
    /// A nested name such as `auth[token]` is hidden when any of its parts is a secret name.
    func hidesParameter(_ name: String) -> Bool {
        if isSecret(name, exactNames: secretParameters) { return true }
        return name.split(whereSeparator: { $0 == "[" || $0 == "]" }).contains {
            isSecret(String($0), exactNames: secretParameters)
        }
    }

    /// `value`, or the placeholder when `name` is a secret header.
    func header(_ name: String, value: String) -> String {
        hidesHeader(name) ? Self.placeholder : value
    }

    /// `url` with its password (`user:password@`) and the values of secret query items and fragment
    /// parameters (`#access_token=…`) replaced.
    public func url(_ url: URL) -> String {
        let text = Self.hidingPassword(in: url.absoluteString)
        let fragmentStart = text.firstIndex(of: "#") ?? text.endIndex
        var redacted: String
        if let queryStart = text[..<fragmentStart].firstIndex(of: "?") {
            let query = text[text.index(after: queryStart)..<fragmentStart]
            redacted = String(text[...queryStart]) + formEncoded(String(query))
        } else {
            redacted = String(text[..<fragmentStart])
        }
        if fragmentStart < text.endIndex {
            redacted += "#" + formEncoded(String(text[text.index(after: fragmentStart)...]))
        }
        return redacted
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
    /// credentials after `Bearer` or `Basic` hidden, and everything after `Digest` (its parameters are
    /// separate words).
    func text(_ text: String) -> String {
        var hidesNext = false
        var hidesRest = false
        return text.split(separator: " ", omittingEmptySubsequences: false).map { word -> String in
            defer {
                hidesNext = ["bearer", "basic"].contains(word.lowercased())
                hidesRest = hidesRest || word.lowercased() == "digest"
            }
            if hidesNext || hidesRest, !word.isEmpty { return Self.placeholder }
            if word.contains("://"), let url = URL(string: String(word)) { return self.url(url) }
            if word.contains("=") { return formEncoded(String(word)) }
            return String(word)
        }.joined(separator: " ")
    }

    /// `text` with every occurrence of `secrets` replaced, for bodies that echo what the request sent.
    ///
    /// Values shorter than four characters are left alone: hiding them would hide ordinary text.
    func text(_ text: String, hiding secrets: Set<String>) -> String {
        secrets.filter { $0.count >= 4 }.sorted { $0.count > $1.count }.reduce(text) { text, secret in
            text.replacingOccurrences(of: secret, with: Self.placeholder)
        }
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
