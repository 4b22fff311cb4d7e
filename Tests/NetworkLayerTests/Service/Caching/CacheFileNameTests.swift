import Testing

@testable import NetworkLayer

@Suite("Cache file names")
struct CacheFileNameTests {
    @Test("The records of one key share the key part; other keys and variants make other names")
    func names() throws {
        let first = CacheFileName.make(key: "GET https://example.com/a", variant: "")
        let second = CacheFileName.make(key: "GET https://example.com/a", variant: "accept=text/html")
        let other = CacheFileName.make(key: "GET https://example.com/b", variant: "")
        let keyPart = CacheFileName.keyPart(of: "GET https://example.com/a")
        #expect(try #require(CacheFileName.keyPart(ofFileName: first)) == keyPart)
        #expect(try #require(CacheFileName.keyPart(ofFileName: second)) == keyPart)
        #expect(CacheFileName.keyPart(ofFileName: other) != Substring(keyPart))
        #expect(Set([first, second, other]).count == 3)
        #expect(first.count == 32 + 1 + 32 + CacheFileName.fileExtension.count)
    }

    @Test(
        "A name the storage did not make is no record file",
        arguments: [
            "notes.txt", ".tmp-ABC", "x.nlcache", String(repeating: "a", count: 65) + ".nlcache",
            String(repeating: "A", count: 32) + "-" + String(repeating: "0", count: 32) + ".nlcache",
            String(repeating: "0", count: 32) + "-" + String(repeating: "0", count: 32) + "-0.nlcache",
            "../" + String(repeating: "0", count: 29) + "-" + String(repeating: "0", count: 32) + ".nlcache",
        ])
    func foreign(_ name: String) {
        #expect(CacheFileName.keyPart(ofFileName: name) == nil)
    }
}
