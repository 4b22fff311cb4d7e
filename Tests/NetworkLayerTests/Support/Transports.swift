import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPURLResponse {
    /// A response head for `url` with `status` and `headers`.
    static func stub(_ status: Int, url: URL?, headers: [String: String] = [:]) -> HTTPURLResponse {
        HTTPURLResponse(
            url: url ?? URL(string: "https://api.example.com")!,
            statusCode: status,
            httpVersion: "HTTP/1.1",
            headerFields: headers
        )!
    }
}

extension ClosureTransport {
    /// Answers every request with `status`, `body` and `headers`.
    static func status(_ status: Int, body: String = "", headers: [String: String] = [:]) -> ClosureTransport {
        ClosureTransport { request in
            (Data(body.utf8), .stub(status, url: request.url, headers: headers))
        }
    }

    /// Fails every request with `error`.
    static func failing(_ error: any Error & Sendable) -> ClosureTransport {
        ClosureTransport { _ in throw error }
    }

    /// Counts each request in `entered`, then waits until its task is cancelled.
    static func suspending(entered: Locked<Int>) -> ClosureTransport {
        ClosureTransport { request in
            entered.increment()
            try await Task.sleep(nanoseconds: 600_000_000_000)
            return (Data(), .stub(200, url: request.url))
        }
    }
}

extension Response {
    /// A response to a GET of `url` with the given status, headers and body.
    static func stub(
        _ status: Int,
        body: String = "",
        headers: [String: String] = [:],
        url: URL = URL(string: "https://api.example.com/3/movie/1")!
    ) -> Response {
        Response(
            request: URLRequest(url: url), head: ResponseHead(.stub(status, url: url, headers: headers)),
            data: Data(body.utf8))
    }
}
