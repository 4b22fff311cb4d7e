import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Redactor {
    /// A value that no secret name labels (a header's, a JSON string): the placeholder when it is an echoed
    /// secret, else with the URLs, pairs and echoed secrets in it hidden.
    func value(_ value: String, hiding secrets: EchoedSecrets) -> String {
        secrets.hidingValue(value) == Self.placeholder ? Self.placeholder : secrets.hiding(in: text(value))
    }

    /// The secret values `request` carried, to hide where a response echoes them: the values of secret headers
    /// (and each credential in them: the token after `Bearer`, the user and password of `Basic`, a cookie's
    /// value), the user info of its URL, its secret query items and fragment parameters, and the values of
    /// secret fields of a JSON or form body, at any depth.
    func secrets(sentWith request: URLRequest) -> EchoedSecrets {
        var secrets: [String] = []
        for (name, value) in request.allHTTPHeaderFields ?? [:] where hidesHeader(name) {
            secrets.append(value)
            secrets += Self.credentials(in: value)
        }
        if let url = request.url {
            secrets += self.secrets(in: url)
        }
        if let body = request.httpBody, !body.isEmpty {
            secrets += self.secrets(inBody: body, contentType: request.value(forHTTPHeaderField: "Content-Type"))
        }
        return EchoedSecrets(secrets)
    }

    private func secrets(in url: URL) -> [String] {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return [] }
        // A user name beside a password is a name; alone, it is the credential (`https://TOKEN@host`).
        var secrets = components.password.map { [$0, components.percentEncodedPassword ?? $0] } ?? []
        if components.password == nil {
            secrets += [components.user, components.percentEncodedUser].compactMap { $0 }
        }
        for item in components.queryItems ?? [] where hidesParameter(item.name) {
            if let value = item.value { secrets.append(value) }
        }
        for item in components.percentEncodedQueryItems ?? [] where hidesParameter(Self.formDecoded(item.name[...])) {
            if let value = item.value { secrets += [value, Self.formDecoded(value[...])] }
        }
        secrets += self.secrets(inPairs: components.percentEncodedFragment ?? "")
        return secrets
    }

    private func secrets(inPairs pairs: String) -> [String] {
        pairs.split(whereSeparator: { "&;?".contains($0) }).flatMap { pair -> [String] in
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, hidesParameter(Self.formDecoded(parts[0])) else { return [] }
            return [String(parts[1]), Self.formDecoded(parts[1])]
        }
    }

    private func secrets(inBody body: Data, contentType: String?) -> [String] {
        if let values = JSONRedaction.hiddenValues(in: body, by: self) { return values }
        guard let text = String(data: body, encoding: .utf8) else { return [] }
        let type = contentType?.lowercased() ?? ""
        guard type.contains("x-www-form-urlencoded") || Self.isFormLike(text) else { return [] }
        return secrets(inPairs: text)
    }

    /// The credentials inside a secret header's value: each word after the scheme, each parameter's value,
    /// each cookie's value, and the user and password a `Basic` credential encodes.
    static func credentials(in value: String) -> [String] {
        let words = value.split(whereSeparator: { $0 == " " || $0 == "," || $0 == ";" })
        var credentials: [String] = []
        for (index, word) in words.enumerated() {
            if index > 0 || words.count == 1 { credentials.append(String(word)) }
            if let equals = word.firstIndex(of: "="), equals > word.startIndex {
                let parameter = word[word.index(after: equals)...].trimmingCharacters(
                    in: CharacterSet(charactersIn: "\"="))
                if !parameter.isEmpty { credentials.append(parameter) }
            }
        }
        if words.count == 2, words[0].lowercased() == "basic", let decoded = Data(base64Encoded: String(words[1])),
            let pair = String(data: decoded, encoding: .utf8)
        {
            credentials.append(pair)
            credentials += pair.split(separator: ":", maxSplits: 1).map(String.init)
        }
        return credentials
    }
}
