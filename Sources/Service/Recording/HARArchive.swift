import Foundation

/// A HAR 1.2 file (W3C's HTTP Archive format, as browsers and proxies export it): one log of exchanges.
///
/// Reading tolerates what other tools add: fields this model does not name (Chromium's `_initiator`,
/// `_resourceType`, `pages`, `cache` contents) are skipped, and most fields the format requires may be missing.
struct HARArchive: Codable, Sendable, Equatable {
    var log: HARLog

    /// The archive in `data`, or the reason it is not one.
    static func read(_ data: Data) throws(HARReplayError) -> HARArchive {
        do {
            return try JSONDecoder().decode(HARArchive.self, from: data)
        } catch {
            throw HARReplayError(.unreadableFile, "not a HAR file: \(Self.reason(error))")
        }
    }

    /// The archive as the recorder writes it: keys sorted and indented, so that recorded files diff well.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    private static func reason(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .dataCorrupted(let context)?: context.debugDescription
        case .keyNotFound(let key, let context)?: "no \(path(context.codingPath + [key]))"
        case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?:
            "\(path(context.codingPath)): \(context.debugDescription)"
        default: "\(error)"
        }
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }.description
    }
}

/// The `log` of a HAR file: who wrote it and its entries, oldest first.
struct HARLog: Codable, Sendable, Equatable {
    var version = "1.2"
    var creator = HARCreator(name: "NetworkLayer", version: "0.1.0")
    var entries: [HAREntry] = []
    var comment: String?

    init(entries: [HAREntry] = []) {
        self.entries = entries
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        version = try container.decodeIfPresent(String.self, forKey: .version) ?? "1.2"
        creator = try container.decodeIfPresent(HARCreator.self, forKey: .creator) ?? HARCreator(name: "", version: "")
        entries = try container.decode([HAREntry].self, forKey: .entries)
        comment = try container.decodeIfPresent(String.self, forKey: .comment)
    }
}

/// The program that wrote a HAR file.
struct HARCreator: Codable, Sendable, Equatable {
    var name: String
    var version: String
}
