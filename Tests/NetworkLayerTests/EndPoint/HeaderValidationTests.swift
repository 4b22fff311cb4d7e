import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

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

@Suite("Method validation")
struct MethodValidationTests {
    @Test(
        "a method that is not a token fails to build, and nothing is sent",
        arguments: ["GET /x HTTP/1.1\r\nHost: h\r\n\r\nGET", "GE T", "", "GET\u{0}", "G\tET", "GÉT", "(GET)"])
    func rejects(method: String) async {
        let sent = Locked(0)
        let router = Router<TestEndpoint>(
            transport: ClosureTransport { request in
                sent.increment()
                return (Data(), .stub(200, url: request.url))
            })
        let error = await #expect(throws: NetworkError.self) {
            try await router.request(TestEndpoint(httpMethod: HTTPMethod(rawValue: method)))
        }
        guard error?.buildError == .invalidMethod(method) else {
            Issue.record("expected invalidMethod, got \(String(describing: error))")
            return
        }
        #expect(sent.current == 0)
        #expect(!"\(error!)".contains("\n") && !"\(error!)".contains("\r"))
    }

    @Test("methods that are tokens are sent as they are", arguments: ["PROPFIND", "M-SEARCH", "PURGE", "PATCH"])
    func accepts(method: String) async throws {
        let seen = Locked<String?>(nil)
        let router = Router<TestEndpoint>(
            transport: ClosureTransport { request in
                seen.withLock { $0 = request.httpMethod }
                return (Data(), .stub(200, url: request.url))
            })
        _ = try await router.request(TestEndpoint(httpMethod: HTTPMethod(rawValue: method)))
        #expect(seen.current == method)
    }
}
