/// Rejects methods, header names and header values that would corrupt the request head (RFC 9110 §5, §9).
enum HeaderValidation {
    /// Throws unless `method` is a non-empty token, so it cannot split the request line.
    static func validate(method: HTTPMethod) throws(RequestBuildError) {
        guard isToken(method.rawValue) else { throw .invalidMethod(method.rawValue) }
    }

    /// Throws unless `name` is a non-empty token and `value` has no CR, LF or NUL.
    static func validate(name: String, value: String) throws(RequestBuildError) {
        guard isToken(name) else { throw .invalidHeader(name: name) }
        guard !value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else {
            throw .invalidHeader(name: name)
        }
    }

    private static func isToken(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isTokenByte)
    }

    /// Whether `byte` may appear in an RFC 9110 token (`tchar`).
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
