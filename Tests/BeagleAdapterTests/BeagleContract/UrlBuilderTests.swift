import BeagleAdapter
import Foundation
import Testing

@Suite("UrlBuilder")
struct UrlBuilderTests {
    struct Row: CustomTestStringConvertible, Sendable {
        let base: String?
        let path: String
        let expected: String?

        var testDescription: String { "\(base ?? "no base") + \"\(path)\" → \(expected ?? "nil")" }
    }

    static let rows: [Row] = {
        var rows: [Row] = []
        for base in ["http://base.url", "http://base.ending.with.slash/"] {
            let root = base.hasSuffix("/") ? String(base.dropLast()) : base
            rows += [
                Row(base: base, path: "/relativePath", expected: "\(root)/relativePath"),
                Row(base: base, path: "absolutePath", expected: "absolutePath"),
                Row(base: base, path: "//weirdPath", expected: "\(root)//weirdPath"),
                Row(base: base, path: "/", expected: "\(root)/"),
                Row(base: base, path: "", expected: nil),
            ]
        }
        rows += [
            Row(
                base: "http://base.url/withPath",
                path: "/relativePath",
                expected: "http://base.url/withPath/relativePath"
            ),
            Row(base: nil, path: "/relativePath", expected: "/relativePath"),
            Row(base: nil, path: "absolutePath", expected: "absolutePath"),
            Row(base: nil, path: "http://other.url/screen", expected: "http://other.url/screen"),
            Row(base: nil, path: "", expected: nil),
            Row(base: "http://base.url", path: "/path with spaces", expected: "http://base.url/path%20with%20spaces"),
            Row(base: "http://base.url", path: "/café", expected: "http://base.url/caf%C3%A9"),
            Row(base: "http://base.url", path: "/name #user", expected: "http://base.url/name%20#user"),
            Row(base: "http://base.url", path: "/myService%2520", expected: "http://base.url/myService%2520"),
            Row(base: "http://base.url", path: "/name+user", expected: "http://base.url/name+user"),
            Row(
                base: "http://base.url",
                path: "http://localhost:8080/screen?&q=beagle",
                expected: "http://localhost:8080/screen?&q=beagle"
            ),
        ]
        return rows
    }()

    @Test("build(path:) follows Beagle's table", arguments: rows)
    func build(row: Row) {
        let builder = UrlBuilder(baseUrl: row.base.flatMap(URL.init(string:)))
        #expect(builder.build(path: row.path)?.absoluteString == row.expected)
    }

    @Test("Changing baseUrl changes where relative paths go")
    func changingBaseUrl() {
        let builder = UrlBuilder()
        #expect(builder.build(path: "/screen")?.absoluteString == "/screen")
        builder.baseUrl = URL(string: "https://server.example/api/")
        #expect(builder.build(path: "/screen")?.absoluteString == "https://server.example/api/screen")
        #expect(builder.baseUrl?.absoluteString == "https://server.example/api/")
    }
}
