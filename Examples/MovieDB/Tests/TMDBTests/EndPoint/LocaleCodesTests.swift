import Testing

@testable import TMDB

@Suite("Locale codes")
struct LocaleCodesTests {
    @Test(
        "Regions are ISO 3166-1 alpha-2 codes in capitals",
        arguments: [
            ("US", true), ("DE", true), ("GB", true), ("BR", true),
            ("de", false), ("XX", false), ("USA", false), ("U", false), ("", false), ("D1", false), ("ÜS", false),
        ])
    func regions(code: String, valid: Bool) {
        #expect(LocaleCodes.isRegion(code) == valid)
    }

    @Test(
        "Languages are ISO 639-1 codes, optionally with a region",
        arguments: [
            ("en", true), ("en-US", true), ("de-DE", true), ("pt-BR", true), ("ko-KR", true),
            ("english", false), ("en_US", false), ("EN", false), ("en-us", false), ("en-XX", false),
            ("zz", false), ("en-US-x", false), ("", false), ("-US", false), ("en-", false),
        ])
    func languages(tag: String, valid: Bool) {
        #expect(LocaleCodes.isLanguage(tag) == valid)
    }
}
