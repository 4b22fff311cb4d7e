import Foundation
import NetworkLayer

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
