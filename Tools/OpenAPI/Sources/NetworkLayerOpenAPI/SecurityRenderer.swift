import OpenAPIKit

/// Writes the document's security schemes as the library's credential plugins: an extension of the enum with
/// `credentialPlugins(…)`, one optional token provider per scheme.
///
/// `http` `bearer`, `oauth2` and `openIdConnect` send `Authorization: Bearer`, `http` `basic` sends
/// `Authorization: Basic` (the provider returns `AccessTokenPlugin.basicToken(user:password:)`), other `http`
/// schemes their own name, and an `apiKey` in a header its value alone in that header, all through
/// `AccessTokenPlugin`. An `apiKey` in the query or a cookie, and `mutualTLS`, have no plugin: they are listed in the
/// comment only.
struct SecurityRenderer {
    /// One scheme: its label in `credentialPlugins(…)`, its comment, and the plugin, if any.
    struct Scheme: Equatable {
        let label: String
        let doc: String
        /// The arguments of `AccessTokenPlugin(…)` before `token:`; `nil` for a scheme no plugin sends.
        let pluginArguments: String?
    }

    let schemes: [Scheme]
    let access: String

    /// The schemes of `document`, in its order; a scheme behind a reference that does not resolve is left out.
    init(document: OpenAPI.Document, access: String) {
        var used: Set<String> = []
        var schemes: [Scheme] = []
        for (key, entry) in document.components.securitySchemes {
            guard let scheme = document.components[entry] else { continue }
            var label = SwiftNames.identifier(key.rawValue, fallback: "credential")
            while used.contains(label) { label = SwiftNames.bare(label) + "_" }
            used.insert(label)
            let (what, arguments) = Self.mapping(of: scheme.type)
            let described = scheme.description.map { ": " + $0 } ?? ""
            schemes.append(
                Scheme(label: label, doc: "`\(key.rawValue)`, \(what)\(described)", pluginArguments: arguments))
        }
        self.schemes = schemes
        self.access = access
    }

    /// What the scheme is, in words, and the plugin's arguments before `token:`.
    static func mapping(of type: OpenAPI.SecurityScheme.SecurityType) -> (String, String?) {
        switch type {
        case .apiKey(let name, .header):
            ("an API key in the header `\(name)`", "scheme: nil, header: \(swiftLiteral(name))")
        case .apiKey(let name, let location):
            ("an API key in the \(location.rawValue) `\(name)`: no plugin sends it; add it yourself", nil)
        case .http(let scheme, _) where scheme.lowercased() == "bearer":
            ("HTTP bearer", "scheme: .bearer")
        case .http(let scheme, _) where scheme.lowercased() == "basic":
            ("HTTP basic (the token is `AccessTokenPlugin.basicToken(user:password:)`)", "scheme: .basic")
        case .http(let scheme, _):
            ("HTTP `\(scheme)`", "scheme: AuthenticationScheme(\(swiftLiteral(scheme)))")
        case .oauth2:
            ("OAuth 2 (a bearer access token; refresh it with an `AuthenticationCoordinator`)", "scheme: .bearer")
        case .openIdConnect:
            ("OpenID Connect (a bearer access token)", "scheme: .bearer")
        case .mutualTLS:
            ("mutual TLS: the transport's client certificate, no plugin", nil)
        }
    }

    /// The extension of the enum `name`, or, when `declaring` (every operation went to a tag's enum), an enum
    /// `name` that holds only the plugins; nothing when the document has no scheme a plugin sends.
    func render(on name: String, declaring: Bool, into writer: inout SwiftWriter) {
        let sent = schemes.filter { $0.pluginArguments != nil }
        guard !sent.isEmpty else { return }
        writer.line("")
        if declaring { writer.line("/// The document's credentials, for the enums of its tags.") }
        writer.block(declaring ? "\(access)enum \(name) {" : "extension \(name) {") { body in
            body.line(
                "/// The document's security schemes as credential plugins, for the schemes given a token provider;")
            body.line("/// each provider is asked on every attempt, and cases that need no credentials go without.")
            body.line("///")
            for scheme in schemes {
                body.line("/// - `\(scheme.label)`: \(scheme.doc.replacingOccurrences(of: "\n", with: " "))")
            }
            let parameters = sent.map { "\($0.label): (@Sendable () async -> String?)? = nil" }
            body.listBlock("\(access)static func credentialPlugins", parameters, " -> [any PluginType] {") { code in
                code.line("var plugins: [any PluginType] = []")
                for scheme in sent {
                    guard let arguments = scheme.pluginArguments else { continue }
                    code.block("if let \(scheme.label) {") { branch in
                        branch.line(
                            "plugins.append(AccessTokenPlugin(\(arguments), token: \(scheme.label)))")
                    }
                }
                code.line("return plugins")
            }
        }
    }
}
