import Foundation

extension Redactor {
    /// Free text, such as an error message or a header's value, with secrets hidden word by word: URLs and URL
    /// references (user info, secret query items and fragment parameters), `name=value` and `name: value` pairs
    /// of secret names, the credential after `Bearer` or `Basic`, and everything after `Digest` (its parameters
    /// are separate words). Whitespace is kept as it was.
    func text(_ text: String) -> String {
        // Only a pair, a URL, a `name:` or a word after another can hide anything.
        guard text.contains(where: { "=?#:".contains($0) || $0.isWhitespace }) else { return text }
        var result = ""
        var word = Substring()
        var hidesNext = false
        var hidesRest = false
        func flush() {
            guard !word.isEmpty else { return }
            result += hidesNext || hidesRest ? Self.placeholder : self.word(word)
            let lowercased = word.lowercased()
            hidesNext = lowercased == "bearer" || lowercased == "basic" || namesSecret(word)
            hidesRest = hidesRest || lowercased == "digest"
            word = Substring()
        }
        var start = text.startIndex
        for index in text.indices where text[index].isWhitespace {
            word = text[start..<index]
            flush()
            result.append(text[index])
            start = text.index(after: index)
        }
        word = text[start...]
        flush()
        return result
    }

    /// Whether `word` is a secret name that introduces the next word's value, as in `X-Api-Key: value`.
    private func namesSecret(_ word: Substring) -> Bool {
        guard word.hasSuffix(":") || word.hasSuffix("=") else { return false }
        let name = Self.bareName(word.dropLast())
        return !name.contains(where: { "/?#=&:@".contains($0) }) && hidesParameter(name)
    }

    /// One word of free text with its secrets hidden.
    private func word(_ word: Substring) -> String {
        if word.contains(where: { "=?#".contains($0) }) || word.contains("://") { return reference(word) }
        if let colon = word.firstIndex(of: ":"), colon < word.index(before: word.endIndex),
            hidesParameter(Self.bareName(word[..<colon]))
        {
            return word[...colon] + Self.placeholder
        }
        return String(word)
    }

    /// `name` without the quotes, brackets and punctuation text puts around it.
    static func bareName(_ name: Substring) -> Substring {
        let wrapping = "\"'{}()<>,;[]"
        guard let first = name.firstIndex(where: { !wrapping.contains($0) }),
            let last = name.lastIndex(where: { !wrapping.contains($0) })
        else { return Substring() }
        return name[first...last]
    }

    /// A URL or a part of one (`/cb?code=…#access_token=…`, `a=1&token=2`) with its user info and the values of
    /// secret query items and fragment parameters hidden.
    func reference(_ reference: Substring) -> String {
        let text = Self.hidingUserInfo(in: reference)
        let fragmentStart = text.firstIndex(of: "#") ?? text.endIndex
        let beforeFragment = text[..<fragmentStart]
        var redacted: String
        if let queryStart = beforeFragment.firstIndex(of: "?") {
            redacted = String(text[...queryStart]) + pairs(text[text.index(after: queryStart)..<fragmentStart])
        } else if beforeFragment.contains("=") {
            redacted = pairs(beforeFragment)
        } else {
            redacted = String(beforeFragment)
        }
        if fragmentStart < text.endIndex {
            redacted += "#" + pairs(text[text.index(after: fragmentStart)...])
        }
        return redacted
    }

    /// `text` with the user info of a URL in it (`https://user:password@host`, `https://token@host`) replaced.
    static func hidingUserInfo(in text: Substring) -> Substring {
        guard let schemeEnd = text.range(of: "://") else { return text }
        let authorityEnd = text[schemeEnd.upperBound...].firstIndex { "/?#".contains($0) } ?? text.endIndex
        guard let at = text[schemeEnd.upperBound..<authorityEnd].lastIndex(of: "@") else { return text }
        return text[..<schemeEnd.upperBound] + placeholder + text[at...]
    }

    /// `pairs` (`a=1&b=2`, or separated by `;`) with the values of secret names replaced.
    func pairs(_ pairs: Substring) -> String {
        var result = ""
        var start = pairs.startIndex
        for index in pairs.indices where pairs[index] == "&" || pairs[index] == ";" {
            result += pair(pairs[start..<index]) + String(pairs[index])
            start = pairs.index(after: index)
        }
        return result + pair(pairs[start...])
    }

    private func pair(_ pair: Substring) -> String {
        guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
        let name = pair[..<equals]
        let decoded = Self.formDecoded(name)
        let lastPart = decoded.split(whereSeparator: { "?#/".contains($0) }).last ?? Substring(decoded)
        return hidesParameter(decoded) || hidesParameter(lastPart) ? name + "=" + Self.placeholder : String(pair)
    }

    /// A form-encoded name or value, decoded: `+` is a space, `%XX` a byte.
    static func formDecoded(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// `pairs` (`a=1&b=2`) with the values of secret names replaced.
    func formEncoded(_ pairs: String) -> String {
        self.pairs(Substring(pairs))
    }
}
