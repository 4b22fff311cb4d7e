import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Keeps a copy of a response body as it passes to its consumer, without holding more than a limit: the cache
/// stores what it kept, a recorder writes it down.
enum BodyTee {
    /// How a teed body ended.
    enum Outcome: Sendable {
        /// It arrived whole, within the limit and as its head frames it.
        case whole(Data)
        /// It was, or was announced to be, larger than the limit: `size` bytes, when known.
        case overLimit(size: Int64?)
        /// It failed, was stopped before its end, or contradicted its head's framing.
        case incomplete
    }

    /// `response` with a body that hands `end` how it ended once it has: whole within `limit` bytes and as
    /// its head frames it, or not. A whole body is handed over at once; a streamed one as its consumer reads
    /// its end or stops. Past `limit` the tee lets go of what it kept; a body announced past it is not teed.
    static func tee(
        _ response: TransportResponse, answering request: URLRequest, limit: Int,
        end: @escaping @Sendable (Outcome) async -> Void
    ) async -> TransportResponse {
        let head = response.head
        if let length = head.decodedLength, head.mayHaveBody(after: request), length > Int64(limit) {
            await end(.overLimit(size: length))
            return response
        }
        if response.body.producer == nil, let whole = response.body.channel.takeWhole() {
            if whole.count > limit {
                await end(.overLimit(size: Int64(whole.count)))
            } else if head.framingError(delivered: Int64(whole.count), after: request) == nil {
                await end(.whole(whole))
            } else {
                await end(.incomplete)
            }
            return TransportResponse(head: head, body: ResponseBody(whole))
        }
        let source = response.body
        let body = ResponseBody.produced { writer in
            var kept: Data? = Data()
            var delivered: Int64 = 0
            do {
                for try await chunk in source {
                    delivered += Int64(chunk.count)
                    if let count = kept?.count {
                        if count + chunk.count > limit { kept = nil } else { kept?.append(chunk) }
                    }
                    guard writer.write(chunk) else {
                        source.cancel()
                        await end(.incomplete)
                        return
                    }
                    await writer.waitForDemand()
                }
                if let kept {
                    let framed = head.framingError(delivered: Int64(kept.count), after: request) == nil
                    await end(framed ? .whole(kept) : .incomplete)
                } else {
                    await end(.overLimit(size: delivered))
                }
                writer.finish()
            } catch {
                await end(.incomplete)
                writer.fail(error)
            }
        }
        return TransportResponse(head: head, body: body)
    }
}
