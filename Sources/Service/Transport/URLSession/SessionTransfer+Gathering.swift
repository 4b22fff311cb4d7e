import Foundation

extension SessionTransfer {
    /// Bodies announced at least this large get room for their whole `Content-Length` with their first chunk,
    /// so that the buffer never grows by copying; smaller ones grow as they come, which costs less than
    /// reserving room and copying the first chunk into it.
    static let smallestReservation = 256 * 1024
    /// The most memory reserved for a body before it arrives, whatever its `Content-Length` says.
    static let largestReservation = 64 * 1024 * 1024

    /// Adds `data` to the body gathered whole (see ``TransferOptions/keepsWholeBody``).
    ///
    /// The first chunk is kept as it came, unless the head announces a large body: then the buffer starts with
    /// room for the announced length, within ``TransferOptions/maximumResponseSize`` and
    /// ``largestReservation``.
    mutating func gather(_ data: Data) {
        guard body.isEmpty else { return body.append(data) }
        guard let length = head?.expectedContentLength, length >= Self.smallestReservation, length > data.count
        else {
            body = data
            return
        }
        let limit = min(options.maximumResponseSize ?? Self.largestReservation, Self.largestReservation)
        body = Data(capacity: Int(min(length, Int64(limit))))
        body.append(data)
    }
}
