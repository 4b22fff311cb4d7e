import Foundation

extension StoredResponse {
    /// The stored response once a `304` with `head` confirmed it (RFC 9111 §3.2, §4.3.4): the `304`'s fields in
    /// place of the stored ones but for those that describe the stored body, and the times of the exchange
    /// that brought the `304`.
    func updated(with head: ResponseHead, requestTime: Date, responseTime: Date, shared: Bool) -> StoredResponse {
        var updated = self
        updated.fields = StoredFields.updating(headers, with: head.headers, shared: shared).map { [$0.name, $0.value] }
        updated.requestTime = requestTime
        updated.responseTime = responseTime
        return updated
    }
}
