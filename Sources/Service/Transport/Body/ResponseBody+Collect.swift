import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension TransportResponse {
    /// Reads the whole body of the response to `request`, at most `limit` bytes, telling `received` the byte
    /// count so far after each chunk. For the router's pipeline: a body the transport produces is filled in
    /// the calling task (see `ResponseBody.drain(fillingHere:into:)`).
    func collect(
        after request: URLRequest,
        upTo limit: Int?,
        received: (@Sendable (Int64) -> Void)? = nil
    ) async throws -> Data {
        let expectedLength = head.mayHaveBody(after: request) ? head.expectedContentLength : 0
        return try await body.collect(
            upTo: limit, expectedLength: expectedLength, received: received, fillingHere: true)
    }
}

extension ResponseBody {
    /// Bodies announced at least this large get room for their whole length with their first chunk, so that
    /// the buffer does not grow by copying; smaller ones grow as they come, which costs less than reserving.
    static let smallestReservation = 256 * 1024
    /// The most memory reserved up front for a body, whatever its `Content-Length` says.
    static let largestReservation = 64 * 1024 * 1024

    /// Reads the whole body into memory, applying the response-size limit (see ``sizeError(bytes:limit:)``).
    ///
    /// A body announced (by `expectedLength`) or found to be over `limit` bytes stops the transfer and
    /// throws a ``NetworkError`` of kind ``NetworkError/Kind/responseTooLarge``, at once or as soon as the bytes pass it. `received`
    /// gets the byte count so far after each chunk, on the thread that received it. `fillingHere` as for
    /// ``drain(fillingHere:into:)``.
    func collect(
        upTo limit: Int?,
        expectedLength: Int64?,
        received: (@Sendable (Int64) -> Void)?,
        fillingHere: Bool = false
    ) async throws -> Data {
        if let expectedLength, let error = Self.sizeError(bytes: expectedLength, limit: limit) {
            cancel()
            throw error
        }
        if producer == nil, let whole = channel.takeWhole() {
            if let error = Self.sizeError(bytes: Int64(whole.count), limit: limit) { throw error }
            received?(Int64(whole.count))
            return whole
        }
        let reservation = Self.reservation(expectedLength: expectedLength, limit: limit)
        let collected = Locked(Data())
        try await drain(fillingHere: fillingHere) { chunk in
            let count = try collected.withLock { body in
                if let error = Self.sizeError(bytes: Int64(body.count + chunk.count), limit: limit) { throw error }
                if !body.isEmpty {
                    body.append(chunk)
                } else if reservation > chunk.count {
                    body.reserveCapacity(reservation)
                    body.append(chunk)
                } else {
                    body = chunk  // shared, not copied
                }
                return body.count
            }
            received?(Int64(count))
        }
        return collected.withLock { $0 }
    }

    /// The error of a body of `bytes` kept in memory under `limit`: the response-size rule, which
    /// ``collect(upTo:expectedLength:received:fillingHere:)`` and transports that gather a whole body apply.
    static func sizeError(bytes: Int64, limit: Int?) -> NetworkError? {
        guard let limit, bytes > Int64(limit) else { return nil }
        return NetworkError(.responseTooLarge, detail: "limit \(limit) bytes")
    }

    /// How many bytes to reserve for a body of `expectedLength` under `limit`: none for small or unknown ones.
    private static func reservation(expectedLength: Int64?, limit: Int?) -> Int {
        guard let expectedLength, expectedLength >= smallestReservation else { return 0 }
        return Int(Swift.min(expectedLength, Int64(Swift.min(limit ?? largestReservation, largestReservation))))
    }
}
