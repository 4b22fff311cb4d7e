import Foundation
import Testing

@testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A failure of a request to a URL, and the one line it must read as.
struct AdviceCase: Sendable, CustomTestStringConvertible {
    let error: NetworkError
    let line: String

    var testDescription: String { error.kind.name }

    init(_ kind: NetworkError.Kind, _ url: String, detail: String? = nil, line: String) {
        let request = URL(string: url).map { URLRequest(url: $0) }
        self.error = NetworkError(kind, detail: detail).naming(request)
        self.line = line
    }
}

@Suite("NetworkError: what to check")
struct NetworkErrorAdviceTests {
    static let cases: [AdviceCase] = [
        AdviceCase(
            .cannotConnect, "http://127.0.0.1:8080/movies", detail: "connection refused",
            line: "Cannot connect to 127.0.0.1:8080 (connection refused): GET http://127.0.0.1:8080/movies"
                + " — check that a server is listening on 127.0.0.1:8080"),
        AdviceCase(
            .cannotConnect, "https://[::1]/movies",
            line:
                "Cannot connect to [::1]:443: GET https://[::1]/movies — check that a server is listening on [::1]:443"),
        AdviceCase(
            .cannotFindHost, "https://api.exampel.com/movies", detail: "no address found",
            line: "Cannot find host api.exampel.com (no address found): GET https://api.exampel.com/movies"
                + " — check the host name and the network's DNS"),
        AdviceCase(
            .timedOut, "https://api.example.com/slow", detail: "deadline of 2 s",
            line: "Timed out: GET https://api.example.com/slow, deadline of 2 s"
                + " — if the server is only slow, raise the endpoint's timeout or deadline"),
        AdviceCase(
            .secureConnection, "https://self-signed.example/", detail: "certificate not trusted",
            line: "Secure connection failed: GET https://self-signed.example/, certificate not trusted"
                + " — check that the server's certificate is valid, trusted and issued for this host name"),
        AdviceCase(
            .responseTooLarge, "https://api.example.com/dump", detail: "limit 100 bytes",
            line: "Response too large: GET https://api.example.com/dump, limit 100 bytes"
                + " — raise RouterConfiguration.maximumResponseSize, or stream or download the body"),
        AdviceCase(
            .connectionLost, "https://api.example.com/a",
            line: "Connection lost: GET https://api.example.com/a"),
    ]

    @Test("Failures with one likely cause end with what to check; the others do not guess", arguments: cases)
    func advice(row: AdviceCase) {
        #expect(row.error.description == row.line)
    }

    @Test("Without a URL the line still names the kind and what to check")
    func withoutURL() {
        let error = NetworkError(.cannotConnect, detail: "connection refused")
        #expect(
            error.description
                == "Cannot connect to host: connection refused — check that a server is listening on that host and port"
        )
    }
}
