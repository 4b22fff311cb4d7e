import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("HTTPHeaders")
struct HTTPHeadersTests {
    @Test("look-ups and replacement ignore case and keep the first position")
    func caseInsensitive() {
        var headers: HTTPHeaders = ["Accept": "a", "X-One": "1"]
        headers["accept"] = "b"
        #expect(headers["ACCEPT"] == "b")
        #expect(headers.count == 2)
        #expect(headers.map(\.name) == ["accept", "X-One"])
        headers["x-one"] = nil
        #expect(headers.count == 1)
        #expect(headers["X-One"] == nil)
    }

    @Test(
        "names match whatever their case, ASCII or not",
        arguments: [
            ("Content-Length", "content-length", true),
            ("CONTENT-LENGTH", "Content-Length", true),
            ("Content-Length", "Content-Lengths", false),
            ("Content-Length", "Content_Length", false),
            ("X-A", "X-B", false),
            ("@", "`", false),
            ("[", "{", false),
            ("X-Ünïcode", "x-üNÏCODE", true),
            ("X-Ünïcode", "x-unicode", false),
        ]
    )
    func nameMatching(name: String, lookup: String, matches: Bool) {
        let headers: HTTPHeaders = [name: "value"]
        #expect((headers[lookup] == "value") == matches)
    }

    @Test("a repeated field reads as its values joined, in order")
    func repeatedField() {
        var headers = HTTPHeaders()
        headers.add(name: "Set-Cookie", value: "a=1")
        headers.add(name: "Content-Type", value: "text/plain")
        headers.add(name: "set-cookie", value: "b=2")
        #expect(headers["SET-COOKIE"] == "a=1, b=2")
        #expect(headers.values(for: "Set-Cookie") == ["a=1", "b=2"])
        #expect(headers["Missing"] == nil)
    }

    @Test("merging lets the other collection win")
    func merging() {
        let base: HTTPHeaders = ["Accept": "a", "X-Base": "b"]
        let merged = base.merging(["ACCEPT": "json", "X-New": "n"])
        #expect(merged["accept"] == "json")
        #expect(merged["x-base"] == "b")
        #expect(merged["x-new"] == "n")
        #expect(merged.count == 3)
    }

    @Test("a dictionary is applied in sorted order, so the result is deterministic")
    func fromDictionary() {
        let headers = HTTPHeaders(["b": "2", "a": "1", "C": "3"])
        #expect(headers.map(\.name) == ["C", "a", "b"])
        #expect(headers.map(\.value) == ["3", "1", "2"])
        #expect(HTTPHeaders().isEmpty)
    }

    @Test("a later field of the same name replaces an earlier one")
    func fromFields() {
        let headers = HTTPHeaders([HTTPHeader(name: "A", value: "1"), HTTPHeader(name: "a", value: "2")])
        #expect(headers.count == 1)
        #expect(headers["A"] == "2")
    }
}
