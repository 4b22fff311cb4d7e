/// The name of the file of a ``DirectoryCacheStorage`` that holds one record: the SHA-256 of its key, then
/// of its variant (the first 128 bits of each, in hexadecimal), so that the records of one key are the files
/// whose names start with the same part, and no key or variant a request brings makes a name of its own.
enum CacheFileName {
    static let fileExtension = ".nlcache"
    private static let partLength = 32

    /// The name of the file of the record of `variant` under `key`.
    static func make(key: String, variant: String) -> String {
        keyPart(of: key) + "-" + hash(variant) + fileExtension
    }

    /// The part that the names of the records under `key` share.
    static func keyPart(of key: String) -> String {
        hash(key)
    }

    /// The key part of `name`, or `nil` when `name` is not the name of a record file: the storage leaves
    /// such files alone.
    static func keyPart(ofFileName name: String) -> Substring? {
        guard name.hasSuffix(fileExtension) else { return nil }
        let parts = name.dropLast(fileExtension.count).split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2,
            parts.allSatisfy({ $0.count == partLength && $0.allSatisfy { "0123456789abcdef".contains($0) } })
        else { return nil }
        return parts[0]
    }

    private static func hash(_ string: String) -> String {
        SHA256.hash(string.utf8).prefix(partLength / 2).map { byte in
            let digits = String(byte, radix: 16)
            return byte < 0x10 ? "0" + digits : digits
        }.joined()
    }
}
