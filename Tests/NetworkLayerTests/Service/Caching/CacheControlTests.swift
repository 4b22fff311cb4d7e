import Foundation
import Testing

@testable import NetworkLayer

@Suite("CacheControl")
struct CacheControlTests {
    @Test(
        "reads directives tolerantly",
        arguments: [
            (["max-age=60"], "max-age", DeltaSeconds?.some(.seconds(60))),
            (["MAX-AGE=60"], "max-age", .seconds(60)),
            (["public, max-age = 60"], "max-age", .seconds(60)),
            (["max-age=\"60\""], "max-age", .seconds(60)),
            (["max-age=60, max-age=60"], "max-age", .seconds(60)),
            (["max-age=60", "max-age=30"], "max-age", .invalid),
            (["max-age=-1"], "max-age", .invalid),
            (["max-age=1.5"], "max-age", .invalid),
            (["max-age="], "max-age", .invalid),
            (["max-age"], "max-age", .invalid),
            (["max-age=99999999999999999999"], "max-age", .seconds(DeltaSeconds.largest)),
            (["no-cache, foo=\"a, max-age=5\""], "max-age", nil),
            (["private=\"x\", s-maxage=7, unknown"], "s-maxage", .seconds(7)),
            ([",,, ,max-age=3,,"], "max-age", .seconds(3)),
            (["="], "max-age", nil),
            ([""], "max-age", nil),
        ] as [([String], String, DeltaSeconds?)])
    func seconds(fields: [String], name: String, expected: DeltaSeconds?) {
        #expect(CacheControl(fields: fields).seconds(name) == expected)
    }

    @Test("keeps flags, quoted arguments and the field names of qualified directives")
    func flagsAndArguments() {
        let directives = CacheControl(fields: ["No-Cache=\"Set-Cookie, X-A\", private", "must-revalidate"])
        #expect(directives.contains("no-cache"))
        #expect(directives.contains("private"))
        #expect(directives.contains("must-revalidate"))
        #expect(!directives.contains("public"))
        #expect(directives.fieldNames("no-cache") == ["set-cookie", "x-a"])
        #expect(directives.fieldNames("private").isEmpty)
        #expect(CacheControl(fields: ["a=\"q\\\"uote\""]).argument("a") == "q\"uote")
        #expect(CacheControl(fields: ["a=\"unclosed"]).argument("a") == "unclosed")
    }
}
