import Foundation

/// Replaces secrets in headers, URLs, bodies and messages before anything is printed or logged.
///
/// The rule: a header, query item, fragment parameter, form field or JSON key is secret when its name contains
/// one of these fragments — `key`, `token`, `secret`, `auth`, `password`, `passwd`, `session`,
/// `signature`, `credential`, `cookie`, `jwt` — anywhere, in any case, with `-`, `_` and `.` ignored: so
/// `Ocp-Apim-Subscription-Key`, `X-Functions-Key`, `AccessKey`, `Authentication`, `subscription-key` and
/// `oauth_token_secret` are all hidden. A few parameters that hold one-time codes are secret by their whole name
/// (`code`, `sig`, `otp`, …). The user info of a URL is always hidden.
///
/// Names and fragments you give add to the defaults; no redactor shows what the default one hides. Besides
/// names, a response or an error that repeats a secret value its request carried shows `REDACTED` in its
/// place, and a body that cannot be read as JSON, a form or plain text without credentials is shown as its size.
public struct Redactor: Sendable {
    /// What a secret is replaced with.
    static let placeholder = "REDACTED"

    private let secretHeaders: Set<String>
    private let secretParameters: Set<String>
    /// The fragments normalised, as UTF-8: every request's header names are searched for them, and
    /// Foundation's `String.contains` costs a request microseconds.
    private let secretFragments: [[UInt8]]

    /// Parameter names hidden by their whole name, which no fragment covers: one-time codes, short signatures and
    /// passwords, assertions.
    static let defaultParameterNames: Set<String> = [
        "code", "code_verifier", "sig", "otp", "sid", "pwd", "pass", "assertion", "client_assertion",
    ]

    /// The fragments of the rule: a name containing any of them is secret.
    static let defaultSecretNameFragments: Set<String> = [
        "key", "token", "secret", "auth", "password", "passwd", "session", "signature", "credential", "cookie", "jwt",
    ]

    /// Creates a redactor that hides what the default one hides, and also the values of the headers named in
    /// `headerNames`, of the query items, form fields and JSON keys named in `parameterNames`, and of any header or
    /// parameter whose name contains one of `secretNameFragments`; names may be given in any case and spelling of
    /// `-`, `_` and `.`. What you give adds to the rule; it never removes a default.
    public init(headerNames: Set<String> = [], parameterNames: Set<String> = [], secretNameFragments: Set<String> = [])
    {
        self.secretHeaders = Self.normalized(headerNames)
        self.secretParameters = Self.normalized(parameterNames.union(Self.defaultParameterNames))
        self.secretFragments = Self.fragments(secretNameFragments)
    }

    /// A redactor with the defaults, built once.
    static let standard = Redactor()

    /// `name` lowercased, without `-`, `_` and `.`: an ASCII name byte by byte, any other by Unicode's rules.
    static func normalized<Name: StringProtocol>(_ name: Name) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(name.utf8.count)
        for byte in name.utf8 {
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."): continue
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte | 0x20)
            case 0x80...: return String(name.lowercased().unicodeScalars.filter { !"-_.".unicodeScalars.contains($0) })
            default: bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func normalized(_ names: Set<String>) -> Set<String> {
        Set(names.map { normalized($0) })
    }

    private static func fragments(_ given: Set<String>) -> [[UInt8]] {
        normalized(given.union(defaultSecretNameFragments)).filter { !$0.isEmpty }.sorted().map { Array($0.utf8) }
    }

    /// Whether `text`, normalised, contains a secret name fragment anywhere.
    func mentionsSecretName<Text: StringProtocol>(_ text: Text) -> Bool {
        let normalized = Array(Self.normalized(text).utf8)
        return secretFragments.contains { Self.occurs($0, in: normalized) }
    }

    /// Whether `part` occurs in `bytes`.
    private static func occurs(_ part: [UInt8], in bytes: [UInt8]) -> Bool {
        guard part.count <= bytes.count else { return false }
        return (0...(bytes.count - part.count)).contains { bytes[$0..<$0 + part.count].elementsEqual(part) }
    }

    private func isSecret(_ name: some StringProtocol, exactNames: Set<String>) -> Bool {
        exactNames.contains(Self.normalized(name)) || mentionsSecretName(name)
    }

    /// Whether a header's value is hidden.
    func hidesHeader(_ name: String) -> Bool {
        isSecret(name, exactNames: secretHeaders)
    }

    /// Whether a parameter's value is hidden.
    ///
    /// A nested name such as `auth[token]` is hidden when any of its parts is a secret name.
    func hidesParameter<Name: StringProtocol>(_ name: Name) -> Bool {
        if isSecret(name, exactNames: secretParameters) { return true }
        return name.split(whereSeparator: { $0 == "[" || $0 == "]" }).contains {
            secretParameters.contains(Self.normalized($0))
        }
    }

    /// `value`, or the placeholder when `name` is a secret header.
    func header(_ name: String, value: String) -> String {
        hidesHeader(name) ? Self.placeholder : value
    }

    /// `url` with its user info (`user:password@`, `token@`) and the values of secret query items and fragment
    /// parameters (`#access_token=…`) replaced.
    public func url(_ url: URL) -> String {
        reference(Substring(url.absoluteString))
    }
}
