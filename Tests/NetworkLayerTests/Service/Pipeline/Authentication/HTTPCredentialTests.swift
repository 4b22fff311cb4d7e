@_spi(Transport) import NetworkLayer
import Testing

@Suite("HTTPCredential")
struct HTTPCredentialTests {
    @Test("no description shows the password")
    func descriptionsHidePassword() {
        let credential = HTTPCredential(user: "ann", password: "s3cret-pw")
        var dumped = ""
        dump(credential, to: &dumped)

        for text in ["\(credential)", String(describing: credential), String(reflecting: credential), dumped] {
            #expect(text.contains("ann"))
            #expect(!text.contains("s3cret-pw"), "leaked in \(text)")
        }
    }
}
