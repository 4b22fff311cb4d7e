import Foundation
import NetworkLayer
import Testing

@testable import TMDB

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Records the requests a fake transport saw and the waits a rate-limit policy asked for.
actor Recorder {
    private(set) var requests: [URLRequest] = []
    private(set) var sleeps: [TimeInterval] = []

    func record(_ request: URLRequest) -> Int {
        requests.append(request)
        return requests.count
    }

    func recordSleep(_ seconds: TimeInterval) {
        sleeps.append(seconds)
    }
}

/// A transport whose `n`th request (from 1) is answered by `respond(n, request)`, recorded in `recorder`.
func recordingTransport(
    _ recorder: Recorder,
    respond: @escaping @Sendable (Int, URLRequest) -> (status: Int, headers: [String: String], body: String)
) -> ClosureTransport {
    ClosureTransport { request in
        let number = await recorder.record(request)
        let answer = respond(number, request)
        guard let url = request.url,
            let response = HTTPURLResponse(
                url: url, statusCode: answer.status, httpVersion: "HTTP/1.1", headerFields: answer.headers)
        else { throw URLError(.badServerResponse) }
        return (Data(answer.body.utf8), response)
    }
}

/// The request `configuration`'s router really sends for `api`, plugins applied, recorded by a
/// transport that answers 200 with an empty page.
func sentRequest(for api: MovieAPI, configuration: RouterConfiguration) async throws -> URLRequest {
    let recorder = Recorder()
    let transport = recordingTransport(recorder) { _, _ in
        (200, [:], #"{"page": 1, "results": [], "total_pages": 1, "total_results": 0}"#)
    }
    _ = try await Router<MovieAPI>(configuration: configuration, transport: transport).request(api)
    let requests = await recorder.requests
    #expect(requests.count == 1)
    return try #require(requests.first)
}
