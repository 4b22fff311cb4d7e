import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A canned outcome for a stubbed request: an HTTP response, or a transport failure.
public struct StubResponse: Sendable {
    enum Outcome: Sendable {
        case http(statusCode: Int, headers: HTTPHeaders, data: Data)
        case failure(URLError)
    }

    let outcome: Outcome

    /// A response with `statusCode`, `headers` and `data`.
    public static func http(_ statusCode: Int = 200, headers: HTTPHeaders = [:], data: Data = Data()) -> StubResponse {
        StubResponse(outcome: .http(statusCode: statusCode, headers: headers, data: data))
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
