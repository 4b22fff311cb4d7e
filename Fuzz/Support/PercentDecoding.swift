/// Bytes that may appear in encoded query text: unreserved characters, `/`, `?`, and `%`, `=`, `&` as syntax.
let encodedQueryBytes: Set<UInt8> = Set(
    Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/?%=&".utf8)
)

/// Decodes `%XX` escapes; `nil` when an escape is malformed or not upper-case hex, or when a `+`
/// appears and `rejectingPlus` is set (query encoders must escape it; paths may keep it).
func percentDecoded(_ text: ArraySlice<UInt8>, rejectingPlus: Bool = true) -> String? {
    var output: [UInt8] = []
    var index = text.startIndex
    while index < text.endIndex {
        let byte = text[index]
        if byte == UInt8(ascii: "%") {
            guard index + 2 < text.endIndex,
                let high = upperHexValue(text[index + 1]), let low = upperHexValue(text[index + 2])
            else { return nil }
            output.append(high << 4 | low)
            index += 3
        } else if byte == UInt8(ascii: "+") && rejectingPlus {
            return nil
        } else {
            output.append(byte)
            index += 1
        }
    }
    return String(validating: output, as: UTF8.self)
}

private func upperHexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}

/// Decodes every `%XX` escape, in either case, and keeps every other byte, a lone `%` included: how a
/// lenient server reads a path.
func percentDecodedLeniently(_ bytes: [UInt8]) -> [UInt8] {
    var output: [UInt8] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
        if bytes[index] == UInt8(ascii: "%"), bytes.endIndex - index >= 3,
            let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
        {
            output.append(high << 4 | low)
            index += 3
        } else {
            output.append(bytes[index])
            index += 1
        }
    }
    return output
}

private func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: upperHexValue(byte)
    }
}
