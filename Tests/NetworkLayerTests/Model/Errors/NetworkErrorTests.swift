import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("NetworkError")
struct NetworkErrorTests {
    @Test(
        "wraps thrown errors in the matching case",
        arguments: [
            (URLError(.cancelled) as any Error & Sendable, "cancelled"),
            (CancellationError(), "cancelled"),
            (URLError(.timedOut), "timedOut"),
            (URLError(.cannotFindHost), "transport"),
            (RequestBuildError.invalidURL("x"), "invalidRequest"),
            (NetworkError.notFound(.stub(404)), "notFound"),
            (NetworkError.responseTooLarge(limit: 1), "responseTooLarge"),
            (CocoaError(.coderInvalidValue), "transport"),
        ] as [(any Error & Sendable, String)]
    )
    func wraps(error: any Error & Sendable, expected: String) {
        #expect(NetworkError(error).kind == expected)
    }

    @Test("response and statusCode are present exactly for the cases that carry a response")
    func response() {
        let response = Response.stub(503, body: "down")
        let carrying: [NetworkError] = [
            .authentication(response), .notFound(response), .clientError(response), .serverError(response),
            .unexpectedRedirect(response), .unacceptableStatusCode(response), .noData(response),
            .decodingFailed(DecodingFailure(error: CocoaError(.coderInvalidValue), response: response)),
        ]
        for error in carrying {
            #expect(error.statusCode == 503, "\(error.kind)")
            #expect(error.response?.data == Data("down".utf8))
        }
        let bare: [NetworkError] = [
            .invalidRequest(.invalidURL("")), .cancelled(TransportError(.cancelled)),
            .timedOut(TransportError(.timedOut)), .transport(TransportError(.unsupportedURL)),
            .responseTooLarge(limit: 10), .other("x"),
        ]
        for error in bare {
            #expect(error.response == nil, "\(error.kind)")
        }
        #expect(NetworkError(CancellationError()).isCancellation)
        #expect(!NetworkError(URLError(.timedOut)).isCancellation)
    }
}
