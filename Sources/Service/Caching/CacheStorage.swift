import Foundation

/// Where an ``HTTPCache`` keeps its responses: records under a primary key (the request's method and URL),
/// one per variant (see `Vary`).
///
/// A storage keeps itself within its bounds: it evicts the least recently used records to make room, and
/// does not store a record whose body is larger than ``maximumEntrySize``.
protocol CacheStorage: Sendable {
    /// The most bytes one record's body may have; a larger body is not stored.
    var maximumEntrySize: Int { get }

    /// The records stored under `key`, each one variant of the response; reading them marks them used.
    func records(forKey key: String) async -> [CacheRecord]

    /// Stores `record` under `key`, in place of the record of the same ``CacheRecord/variant``.
    func store(_ record: CacheRecord, forKey key: String) async

    /// Replaces the head of the record of `variant` under `key` and keeps its body, as a `304` answer does;
    /// nothing when no such record is stored.
    func updateHead(_ head: StoredResponse, variant: String, forKey key: String) async

    /// Removes every record stored under `key`.
    func removeRecords(forKey key: String) async

    /// Removes every record.
    func removeAll() async
}

/// One stored response.
struct CacheRecord: Sendable, Equatable {
    /// Tells this variant from the others under the same key: the values of the request fields the
    /// response's `Vary` names, as the cache writes them.
    var variant: String
    /// The status, fields, request and response times and whatever else the cache keeps about the response;
    /// kept as it is in memory, so that a hit decodes nothing, and encoded only in a file.
    var head: StoredResponse
    /// The body, as the transport delivered it.
    var body: Data
}
