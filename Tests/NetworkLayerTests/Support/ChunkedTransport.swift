import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that answers with a status and a body written chunk by chunk, as a network transport does.
///
/// `answer` gives, per attempt (counting from 1), the status and the chunks, or throws; a chunk is written
/// once the consumer asked for it, and `hold` keeps the body open after the last chunk until the consumer
/// stops. Every request's head is kept in `requests`.
struct ChunkedTransport: HTTPTransport {
    let attempts = Locked(0)
    let stopped = Locked(0)
    let requests = Locked<[URLRequest]>([])
    var hold = false
    var contentType: String?
    let answer: @Sendable (_ attempt: Int) throws -> (status: Int, chunks: [String])

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let attempt = attempts.increment()
        requests.withLock { $0.append(request.head) }
        let (status, chunks) = try answer(attempt)
        let headers: HTTPHeaders = contentType.map { ["Content-Type": $0] } ?? [:]
        guard let url = request.head.url, let head = ResponseHead(statusCode: status, headers: headers, url: url)
        else {
            throw NetworkError(.badResponse, detail: "no URL")
        }
        let stopped = stopped
        let (body, writer) = ResponseBody.makeStream(window: 1) { _ = stopped.increment() }
        let hold = hold
        Task {
            for chunk in chunks {
                writer.write(Data(chunk.utf8))
                await writer.waitForDemand()
            }
            if !hold { writer.finish() }
        }
        return TransportResponse(head: head, body: body)
    }
}
