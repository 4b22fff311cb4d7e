import Foundation

/// The secret values a request carried, to hide wherever a response, or anything printed about the exchange,
/// repeats them.
///
/// A value of ``shortestSearched`` characters or more is hidden wherever it appears; a shorter one only where
/// it is a whole value (a header's, a JSON string's or number's, a form field's), since searching text for it
/// would hide ordinary words. A text body that contains a shorter one is not shown at all.
struct EchoedSecrets: Sendable {
    /// The shortest value searched for inside text.
    static let shortestSearched = 4

    /// Values searched for inside text, longest first, so that a longer secret is hidden before a part of it.
    private let searched: [String]
    /// Every value, for whole-value matches.
    private let all: Set<String>

    /// No secrets.
    static let none = EchoedSecrets([])

    init(_ values: some Sequence<String>) {
        var all: Set<String> = []
        for value in values where !value.isEmpty {
            all.insert(value)
            if let encoded = value.addingPercentEncoding(withAllowedCharacters: Self.unreserved) { all.insert(encoded) }
        }
        self.all = all
        self.searched = all.filter { $0.count >= Self.shortestSearched }.sorted { $0.count > $1.count }
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    var isEmpty: Bool { all.isEmpty }

    /// `text` with every secret long enough to search for replaced.
    func hiding(in text: String) -> String {
        searched.reduce(text) { text, secret in
            text.contains(secret) ? text.replacingOccurrences(of: secret, with: Redactor.placeholder) : text
        }
    }

    /// The placeholder when `value` is a secret, else `value` with the secrets it contains replaced.
    func hidingValue(_ value: String) -> String {
        all.contains(value) ? Redactor.placeholder : hiding(in: value)
    }

    /// Whether `text` contains a secret too short to be searched for, which ``hiding(in:)`` leaves in place.
    func containsUnsearched(in text: String) -> Bool {
        all.contains { $0.count < Self.shortestSearched && text.contains($0) }
    }
}
