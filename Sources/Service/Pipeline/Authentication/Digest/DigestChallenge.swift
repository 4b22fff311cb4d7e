import Foundation

/// A Digest challenge (RFC 7616) the library can answer, and the `Authorization` values that answer it.
struct DigestChallenge: Sendable, Equatable {
    let realm: String
    let nonce: String
    let opaque: String?
    let algorithm: DigestAlgorithm
    /// The `algorithm` parameter as the server spelled it, echoed back; `nil` when it sent none.
    let algorithmName: String?
    /// `auth`, or `nil` for a server that offers no `qop` (the RFC 2069 form).
    let qop: String?

    /// The challenge `parameters` (names lowercased) describe; `nil` without a realm or nonce, for an
    /// algorithm other than MD5 and SHA-256, or when `qop` lists only `auth-int`.
    init?(parameters: [String: String]) {
        guard let realm = parameters["realm"], let nonce = parameters["nonce"],
            let algorithm = DigestAlgorithm(parameters["algorithm"])
        else { return nil }
        if let offered = parameters["qop"] {
            let options = offered.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard options.contains("auth") else { return nil }
            qop = "auth"
        } else {
            qop = nil
        }
        self.realm = realm
        self.nonce = nonce
        self.opaque = parameters["opaque"]
        self.algorithm = algorithm
        self.algorithmName = parameters["algorithm"]
    }

    /// The `Authorization` value answering this challenge for `credential`, for a request of `method` to
    /// `uri` (its request target: path and query), with client nonce `cnonce` and nonce count `count`;
    /// `nil` when a part cannot be written in a header.
    func authorization(
        for credential: HTTPCredential,
        method: String,
        uri: String,
        cnonce: String,
        count: Int
    ) -> String? {
        let nc = String(String(count, radix: 16).suffix(8)).leftPadded(to: 8)
        var secret = algorithm.hex("\(credential.user):\(realm):\(credential.password)")
        if algorithm.isSession { secret = algorithm.hex("\(secret):\(nonce):\(cnonce)") }
        let request = algorithm.hex("\(method):\(uri)")
        let response =
            if let qop {
                algorithm.hex("\(secret):\(nonce):\(nc):\(cnonce):\(qop):\(request)")
            } else {
                algorithm.hex("\(secret):\(nonce):\(request)")
            }
        var fields: [(String, String?)] = [
            ("username", quoted(credential.user)), ("realm", quoted(realm)), ("uri", quoted(uri)),
        ]
        if let algorithmName { fields.append(("algorithm", algorithmName)) }
        fields.append(("nonce", quoted(nonce)))
        if let qop { fields += [("nc", nc), ("cnonce", quoted(cnonce)), ("qop", qop)] }
        fields.append(("response", quoted(response)))
        if let opaque { fields.append(("opaque", quoted(opaque))) }
        let parts = fields.map { name, value in value.map { "\(name)=\($0)" } }
        guard parts.allSatisfy({ $0 != nil }) else { return nil }
        return "Digest " + parts.compactMap { $0 }.joined(separator: ", ")
    }

    /// `value` as a quoted string, or `nil` when it holds a character a header cannot carry.
    private func quoted(_ value: String) -> String? {
        guard value.unicodeScalars.allSatisfy({ $0 == "\t" || (0x20..<0x7f).contains($0.value) }) else { return nil }
        return "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
