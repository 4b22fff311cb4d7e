/// A hash algorithm of Digest authentication (RFC 7616, 3.2): `MD5`, `SHA-256` and their `-sess` forms.
struct DigestAlgorithm: Sendable, Equatable {
    /// The hash, `MD5` or `SHA-256`.
    enum Hash: Sendable, Equatable {
        case md5, sha256
    }

    let hash: Hash
    /// Whether `A1` includes the nonce and client nonce (the `-sess` variants).
    let isSession: Bool

    /// The algorithm a challenge's `algorithm` parameter names, in any case; `MD5` when it names none;
    /// `nil` for one the library does not speak (`SHA-512-256`, anything else).
    init?(_ name: String?) {
        switch name?.lowercased() ?? "md5" {
        case "md5": (hash, isSession) = (.md5, false)
        case "md5-sess": (hash, isSession) = (.md5, true)
        case "sha-256": (hash, isSession) = (.sha256, false)
        case "sha-256-sess": (hash, isSession) = (.sha256, true)
        default: return nil
        }
    }

    /// How a client that is offered several prefers this one: SHA-256 over MD5 (RFC 7616, 3.7).
    var preference: Int { hash == .sha256 ? 2 : 1 }

    /// The hash of `text`'s UTF-8 bytes, in lowercase hexadecimal.
    func hex(_ text: String) -> String {
        let digest = hash == .md5 ? MD5.hash(text.utf8) : SHA256.hash(text.utf8)
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0f)]] }, as: UTF8.self)
    }
}
