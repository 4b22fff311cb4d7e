import Testing

@testable import NetworkLayer

@Suite("HeaderValidation")
struct HeaderValidationTests {
    @Test(
        "rejects header injection and non-token names",
        arguments: [
            ("X-A", "1\r\nX-Injected: yes"),
            ("X-A", "line\nbreak"),
            ("X-A", "carriage\rreturn"),
            ("X-A", "nul\u{0}byte"),
            ("X-A\r\nX-B", "1"),
            ("", "value"),
            ("Bad Name", "1"),
            ("Bad:Name", "1"),
            ("Bad(Name)", "1"),
            ("Naïve", "1"),
            ("X-A\u{0}", "1"),
        ]
    )
    func rejects(name: String, value: String) {
        #expect(throws: RequestBuildError.invalidHeader(name: name)) {
            try HeaderValidation.validate(name: name, value: value)
        }
    }

    @Test(
        "accepts tokens and ordinary values",
        arguments: [
            ("Authorization", "Bearer abc.def-ghi"),
            ("X-Custom_Header.v2", ""),
            ("!#$%&'*+-.^_`|~", "tab\tis fine"),
            ("Accept-Language", "fr-CH, fr;q=0.9, caf\u{E9}"),
        ]
    )
    func accepts(name: String, value: String) {
        #expect(throws: Never.self) { try HeaderValidation.validate(name: name, value: value) }
    }
}
