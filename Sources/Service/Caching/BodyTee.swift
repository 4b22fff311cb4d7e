import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Stores a response body as it passes to its consumer, without keeping more than the cache's entry limit.
enum BodyTee {
    /// `response` with a body that hands `store` the whole body once it arrived whole, within `limit` bytes
    /// and as its head frames it. A whole body is stored at once; a streamed one as its consumer reads its
    /// end. Past `limit` the tee lets go of what it kept and stores nothing, as for a body that fails or is
    /// stopped.
    static func tee(
        _ response: TransportResponse, answering request: URLRequest, limit: Int,
        store: @escaping @Sendable (Data) async -> Void
    ) async -> TransportResponse {
        let head = response.head
        if let length = head.decodedLength, head.mayHaveBody(after: request), length > Int64(limit) { return response }
        if response.body.producer == nil, let whole = response.body.channel.takeWhole() {
            if whole.count <= limit, head.framingError(delivered: Int64(whole.count), after: request) == nil {
                await store(whole)
            }
            return TransportResponse(head: head, body: ResponseBody(whole))
        }
        let source = response.body
        let body = ResponseBody.produced { writer in
            var kept: Data? = Data()
            do {
                for try await chunk in source {
                    if let count = kept?.count {
                        if count + chunk.count > limit { kept = nil } else { kept?.append(chunk) }
                    }
                    guard writer.write(chunk) else {
                        source.cancel()
                        return
                    }
                    await writer.waitForDemand()
                }
                if let kept, head.framingError(delivered: Int64(kept.count), after: request) == nil {
                    await store(kept)
                }
                writer.finish()
            } catch {
                writer.fail(error)
            }
        }
        return TransportResponse(head: head, body: body)
    }
}
