import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A canned outcome for a stubbed request: an HTTP response, or a transport failure.
public struct StubResponse: Sendable {
    enum Outcome: Sendable {
        case http(statusCode: Int, headers: HTTPHeaders, data: Data)
        case stream(statusCode: Int, headers: HTTPHeaders, chunks: [Data], interval: TimeInterval)
        case failure(URLError)
    }

    let outcome: Outcome

    /// A response with `statusCode`, `headers` and `data`.
    public static func http(_ statusCode: Int = 200, headers: HTTPHeaders = [:], data: Data = Data()) -> StubResponse {
        StubResponse(outcome: .http(statusCode: statusCode, headers: headers, data: data))
    }

    /// A response whose body arrives in `chunks`, `interval` seconds apart, the way a server streams one: for
    /// testing ``Router/stream(_:)`` and ``Router/events(_:reconnection:)`` offline.
    ///
    /// ```swift
    /// .stream(headers: ["Content-Type": "text/event-stream"], chunks: ["data: 1\n\n", "data: 2\n\n"], interval: 0.5)
    /// ```
    public static func stream(
        _ statusCode: Int = 200,
        headers: HTTPHeaders = [:],
        chunks: [String],
        interval: TimeInterval = 0
    ) -> StubResponse {
        let outcome = Outcome.stream(
            statusCode: statusCode, headers: headers, chunks: chunks.map { Data($0.utf8) }, interval: interval)
        return StubResponse(outcome: outcome)
    }

    /// A 200 response carrying the endpoint's ``EndPointType/sampleData``.
    public static func sampleData(of endpoint: some EndPointType) -> StubResponse {
        .http(200, data: endpoint.sampleData)
    }

    /// A transport failure, for example `.notConnectedToInternet` or `.timedOut`.
    public static func failure(_ code: URLError.Code) -> StubResponse {
        StubResponse(outcome: .failure(URLError(code)))
    }
}
