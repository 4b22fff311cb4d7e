import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

/// A transport that decodes what it is told to, and answers 200.
private struct DecodingTransport: HTTPTransport {
    let decodedContentCodings: [String]

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        try await ClosureTransport.status(200).send(request)
    }
}

@Suite("Standard request headers")
struct StandardHeadersTests {
    @Test("The User-Agent names the program, the library with its version, and the system")
    func userAgent() throws {
        let agent = StandardHeaders.userAgent
        let parts = agent.split(separator: " ", maxSplits: 1).map(String.init)
        #expect(parts.count == 2)
        #expect(parts.first?.isEmpty == false)
        #expect(parts.last?.hasPrefix("NetworkLayer/\(StandardHeaders.libraryVersion) (") == true)
        #expect(agent.hasSuffix(")"))
        #expect(throws: Never.self) { try HeaderValidation.validate(name: "User-Agent", value: agent) }
    }

    @Test("Accept-Language lists the preferred languages, each weighted below the one before")
    func acceptLanguage() {
        let languages = StandardHeaders.acceptLanguage.components(separatedBy: ", ")
        #expect(languages.first?.contains(";") == false)
        for (index, language) in languages.enumerated().dropFirst() {
            #expect(language.hasSuffix(";q=0.\(10 - index)"))
        }
        #expect(languages.count <= 6)
    }

    @Test(
        "Accept-Encoding lists what the transport decodes, and is absent when it decodes nothing",
        arguments: [[], ["gzip", "deflate"], ["br", "gzip", "deflate"]] as [[String]])
    func acceptEncoding(codings: [String]) throws {
        let router = Router<TestEndpoint>(transport: DecodingTransport(decodedContentCodings: codings))
        let request = try router.makeRequest(for: TestEndpoint())
        let expected = codings.isEmpty ? nil : codings.joined(separator: ", ")
        #expect(request.value(forHTTPHeaderField: "Accept-Encoding") == expected)
        #expect(request.value(forHTTPHeaderField: "Accept") == "*/*")
        #expect(request.value(forHTTPHeaderField: "User-Agent") == StandardHeaders.userAgent)
        #expect(request.value(forHTTPHeaderField: "Accept-Language") == StandardHeaders.acceptLanguage)
    }

    @Test("The configuration's, the endpoint's and the task's fields win over the standard ones")
    func overridden() throws {
        let router = Router<TestEndpoint>(
            configuration: RouterConfiguration(headers: ["User-Agent": "Tests/1", "Accept-Language": "de"]),
            transport: DecodingTransport(decodedContentCodings: ["gzip"]))
        let endpoint = TestEndpoint(
            task: .requestParametersAndHeaders(
                bodyParameters: nil, bodyEncoding: .urlEncoding, urlParameters: nil,
                additionHeaders: ["Accept-Encoding": "identity"]),
            headers: ["Accept": "application/json"])
        let request = try router.makeRequest(for: endpoint)
        #expect(request.value(forHTTPHeaderField: "User-Agent") == "Tests/1")
        #expect(request.value(forHTTPHeaderField: "Accept-Language") == "de")
        #expect(request.value(forHTTPHeaderField: "Accept") == "application/json")
        #expect(request.value(forHTTPHeaderField: "Accept-Encoding") == "identity")
    }
}
