import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("JSONBytes")
struct JSONBytesTests {
    @Test(
        "escapes strings as Foundation's JSONEncoder does",
        arguments: [
            ("plain", #""plain""#),
            ("", #""""#),
            (#"say "hi""#, #""say \"hi\"""#),
            (#"back\slash"#, #""back\\slash""#),
            ("\u{8}\u{9}\u{A}\u{C}\u{D}", #""\b\t\n\f\r""#),
            ("\u{0}\u{1}\u{B}\u{1F}", #""\u0000\u0001\u000b\u001f""#),
            ("\u{7F} \u{2028} é 😀", "\"\u{7F} \u{2028} é 😀\""),
            ("a/b", #""a/b""#),
        ]
    )
    func escaping(input: String, expected: String) {
        var bytes = JSONBytes()
        bytes.appendString(input)
        #expect(String(decoding: bytes.storage, as: UTF8.self) == expected)
    }

    @Test("escapes slashes when asked")
    func slashes() {
        var bytes = JSONBytes()
        bytes.appendString("a/b/", escapingSlashes: true)
        #expect(String(decoding: bytes.storage, as: UTF8.self) == #""a\/b\/""#)
    }

    @Test("reports non-ASCII strings", arguments: [("ascii", false), ("é", true), ("\u{7F}", false), ("a😀", true)])
    func nonASCII(input: String, expected: Bool) {
        var bytes = JSONBytes()
        #expect(bytes.appendString(input).hasNonASCII == expected)
    }

    @Test("copies runs between escapes from bridged and substring-made strings too")
    func nonNativeStrings() {
        let source = "x\"y\"z"
        var bytes = JSONBytes()
        bytes.appendString(String(source.dropFirst()))
        #expect(String(decoding: bytes.storage, as: UTF8.self) == #""\"y\"z""#)
    }

    @Test(
        "reports whether anything was escaped",
        arguments: [("plain", false), ("a\"b", true), ("a/b", false), ("\t", true)])
    func escapedSomething(input: String, expected: Bool) {
        var bytes = JSONBytes()
        #expect(bytes.appendString(input).escapedSomething == expected)
    }

    @Test(
        "compares byte ranges lexicographically",
        arguments: [
            (0..<1, 1..<2, true), (1..<2, 0..<1, false), (0..<1, 0..<2, true), (0..<2, 0..<1, false),
            (0..<1, 0..<1, false),
        ])
    func precedes(left: Range<Int>, right: Range<Int>, expected: Bool) {
        var bytes = JSONBytes()
        bytes.append(Array("ab".utf8))
        #expect(bytes.precedes(left, right) == expected)
    }

    @Test(
        "writes integers in decimal",
        arguments: [0, 7, 10, -1, -10, 1_000_000, Int64.max, Int64.min, Int64.min + 1]
    )
    func integers(value: Int64) {
        var bytes = JSONBytes()
        bytes.appendInteger(value)
        #expect(String(decoding: bytes.storage, as: UTF8.self) == String(value))
    }

    @Test("writes integers wider than 64 bits")
    func wideIntegers() {
        var bytes = JSONBytes()
        bytes.appendInteger(UInt64.max)
        bytes.append(UInt8(ascii: " "))
        bytes.appendInteger(Int128.min)
        #expect(String(decoding: bytes.storage, as: UTF8.self) == "\(UInt64.max) \(Int128.min)")
    }

    @Test("rearranges pieces of a region, joined by a separator")
    func rearrange() {
        var bytes = JSONBytes()
        bytes.append(Array("{b:2,a:1,c:3}".utf8))
        bytes.rearrange(1..<12, into: [5..<8, 1..<4, 9..<12], separator: UInt8(ascii: ","))
        #expect(String(decoding: bytes.storage, as: UTF8.self) == "{a:1,b:2,c:3}")
        bytes.rearrange(0..<13, into: [0..<13], separator: UInt8(ascii: ","))
        #expect(bytes.count == 13)
    }
}
