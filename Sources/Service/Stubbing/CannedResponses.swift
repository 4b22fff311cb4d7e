import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The part of a ``StubTransport`` that answers from stubs: the response an endpoint is stubbed with, after
/// the delay its behavior asks for.
struct CannedResponses<EndPoint: EndPointType>: HTTPTransport {
    let endpoint: EndPoint
    let delay: TimeInterval
    let respond: @Sendable (EndPoint, URLRequest) -> StubResponse

    /// None: the responses come from no server.
    func pinningLimitation(for pins: [CertificatePin]) -> String? { nil }

    /// Answers `request` with the response its endpoint is stubbed with, the body in one chunk.
    func send(_ request: TransportRequest) async throws -> TransportResponse {
        if delay > 0, delay.isFinite {
            try await Task.sleep(nanoseconds: Deadline.nanoseconds(delay))
        }
        try Task.checkCancellation()
        switch respond(endpoint, request.head).outcome {
        case .failure(let error):
            throw error
        case .http(let statusCode, let headers, let data):
            let head = try Self.head(statusCode, headers, for: request)
            return TransportResponse(head: head, body: ResponseBody(data))
        case .stream(let statusCode, let headers, let chunks, let interval):
            let head = try Self.head(statusCode, headers, for: request)
            return TransportResponse(head: head, body: Self.body(chunks, interval: interval))
        }
    }

    private static func head(_ statusCode: Int, _ headers: HTTPHeaders, for request: TransportRequest) throws
        -> ResponseHead
    {
        guard let url = request.head.url,
            let head = ResponseHead(statusCode: statusCode, headers: headers, url: url)
        else { throw NetworkError(.badResponse, detail: "status \(statusCode) cannot be sent") }
        return head
    }

    /// A body that writes `chunks` one by one, `interval` seconds apart, until the reader stops.
    private static func body(_ chunks: [Data], interval: TimeInterval) -> ResponseBody {
        ResponseBody.produced { writer in
            for (index, chunk) in chunks.enumerated() {
                if index > 0, interval > 0, interval.isFinite {
                    try? await Task.sleep(nanoseconds: Deadline.nanoseconds(interval))
                }
                guard !Task.isCancelled, writer.write(chunk) else { return }
                await writer.waitForDemand()
            }
            writer.finish()
        }
    }
}
