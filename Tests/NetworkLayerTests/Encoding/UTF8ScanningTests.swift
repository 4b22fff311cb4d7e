import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("UTF-8 scanning")
struct UTF8ScanningTests {
    @Test(
        "firstByteIndex(where:) finds what the view's own firstIndex(where:) finds",
        arguments: ["", "#", "abc", "a?b#c", "café#é", "👩‍👩‍👧?x", "no match here", String(repeating: "ü", count: 40) + "?"]
    )
    func agreesWithFirstIndex(_ text: String) {
        for target in [UInt8(ascii: "?"), UInt8(ascii: "#"), 0xA9] {
            let found = text.utf8.firstByteIndex { $0 == target }
            #expect(found == text.utf8.firstIndex(of: target))
            if let found { #expect(text.utf8[found] == target) }
        }
    }

    @Test(
        "a query goes after the URL's own query and before its fragment, whatever precedes them",
        arguments: [
            ("https://x.org/café", "https://x.org/café?a=1"),
            ("https://x.org/café?é=1#ü", "https://x.org/café?é=1&a=1#ü"),
            ("https://x.org/👩‍👩‍👧#a?b", "https://x.org/👩‍👩‍👧?a=1#a?b"),
        ]
    )
    func appendsQueryBytes(original: String, expected: String) {
        #expect(URLParameterEncoder.text(original, appendingQuery: Array("a=1".utf8)) == expected)
    }
}
