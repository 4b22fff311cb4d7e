import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("URLParameterEncoder, form bodies")
struct URLParameterEncoderFormBodyTests {
    static let formType = "application/x-www-form-urlencoded; charset=utf-8"

    @Test("the body has exactly the bytes of the query string", arguments: URLParameterEncoderTests.cases)
    func sameBytesAsQuery(_ row: QueryCase) throws {
        var request = URLRequest(url: URL(string: "https://x.org/form")!)
        var encoder = row.encoder
        encoder.destination = .httpBody
        try encoder.encode(urlRequest: &request, with: row.parameters)
        #expect(request.httpBody == Data(row.expected.utf8))
        #expect(request.url?.absoluteString == "https://x.org/form")
    }

    @Test("sets the form Content-Type when none is set")
    func setsContentType() throws {
        var request = URLRequest(url: URL(string: "https://x.org/form")!)
        try URLParameterEncoder(destination: .httpBody).encode(urlRequest: &request, with: ["a": "b c"])
        #expect(request.value(forHTTPHeaderField: "Content-Type") == Self.formType)
        #expect(request.httpBody == Data("a=b%20c".utf8))
    }

    @Test("keeps a Content-Type the caller set")
    func keepsContentType() throws {
        var request = URLRequest(url: URL(string: "https://x.org/form")!)
        request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "content-type")
        try URLParameterEncoder(destination: .httpBody).encode(urlRequest: &request, with: ["a": 1])
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
    }

    @Test("an unsupported value throws instead of writing a body")
    func throwsTyped() {
        var request = URLRequest(url: URL(string: "https://x.org/form")!)
        #expect(throws: RequestBuildError.unsupportedParameter(key: "w", type: "Widget")) {
            try URLParameterEncoder(destination: .httpBody).encode(urlRequest: &request, with: ["w": Widget()])
        }
        #expect(request.httpBody == nil)
    }
}
