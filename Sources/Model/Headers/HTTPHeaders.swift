/// One HTTP header field: a name and its value.
public struct HTTPHeader: Hashable, Sendable {
    /// The field name as given; comparisons are case-insensitive.
    public let name: String
    /// The field value.
    public let value: String
}

/// An ordered, case-insensitive collection of HTTP header fields.
///
/// Write it as a dictionary literal, `["Accept": "application/json"]`; setting a name that is
/// already present replaces the old value in place, whatever the case of either spelling.
public struct HTTPHeaders: Hashable, Sendable {
    private var fields: [HTTPHeader] = []

    /// Creates an empty collection; outside the library, write `[:]`.
    init() {}

    /// Creates a collection from header fields; a later field replaces an earlier one of the same name.
    init(_ headers: [HTTPHeader]) {
        for header in headers { update(header) }
    }

    /// Creates a collection from a dictionary. Names are applied in sorted order, so the result is deterministic.
    public init(_ dictionary: [String: String]) {
        for name in dictionary.keys.sorted() { update(name: name, value: dictionary[name] ?? "") }
    }

    /// The value for `name`, matched case-insensitively, or `nil`. A field that appears more than once
    /// reads as its values joined with `", "` (RFC 9110 §5.3); ``values(for:)`` keeps them apart.
    public subscript(name: String) -> String? {
        get {
            var joined: String?
            for field in fields where field.name.caseInsensitiveEquals(name) {
                joined = joined.map { $0 + ", " + field.value } ?? field.value
            }
            return joined
        }
        set {
            if let newValue { update(name: name, value: newValue) } else { remove(name: name) }
        }
    }

    /// Adds `name: value`, replacing any field of the same name.
    mutating func update(name: String, value: String) {
        update(HTTPHeader(name: name, value: value))
    }

    /// Adds `header`, replacing any field of the same name.
    mutating func update(_ header: HTTPHeader) {
        if let index = fields.firstIndex(where: { $0.name.caseInsensitiveEquals(header.name) }) {
            fields[index] = header
        } else {
            fields.append(header)
        }
    }

    /// Adds `name: value` after any field of the same name, as a response repeats `Set-Cookie`: for a
    /// transport that builds a response head.
    @_spi(Transport) public mutating func add(name: String, value: String) {
        fields.append(HTTPHeader(name: name, value: value))
    }

    /// Every value of the field called `name`, in the order they came.
    public func values(for name: String) -> [String] {
        fields.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// Removes the field called `name`, if present.
    mutating func remove(name: String) {
        fields.removeAll { $0.name.caseInsensitiveEquals(name) }
    }

    /// Returns these headers with every field of `other` applied on top.
    package func merging(_ other: HTTPHeaders) -> HTTPHeaders {
        var merged = self
        for header in other.fields { merged.update(header) }
        return merged
    }

    /// The fields as a dictionary, repeated names joined with `", "` under the first spelling.
    var joinedFields: [String: String] {
        var joined: [String: String] = [:]
        var spelling: [String: String] = [:]
        for field in fields {
            let key = field.name.lowercased()
            if let name = spelling[key], let existing = joined[name] {
                joined[name] = existing + ", " + field.value
            } else {
                spelling[key] = field.name
                joined[field.name] = field.value
            }
        }
        return joined
    }

    /// Whether the collection has no fields.
    var isEmpty: Bool { fields.isEmpty }

    /// The number of fields.
    var count: Int { fields.count }
}

extension HTTPHeaders: ExpressibleByDictionaryLiteral {
    /// Creates headers from a literal such as `["Accept": "application/json"]`.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { update(name: name, value: value) }
    }
}

extension HTTPHeaders: Sequence {
    /// Iterates the fields in insertion order.
    public func makeIterator() -> IndexingIterator<[HTTPHeader]> {
        fields.makeIterator()
    }
}

extension String {
    /// Whether the two spellings are the same name but for case: byte by byte when both are ASCII, as field
    /// names are, and by their lowercased forms otherwise.
    func caseInsensitiveEquals(_ other: String) -> Bool {
        guard utf8.count == other.utf8.count else { return false }
        let differs = zip(utf8, other.utf8).contains { $0.asciiLowercased != $1.asciiLowercased }
        guard differs else { return true }
        let bothASCII = utf8.allSatisfy(\.isASCII) && other.utf8.allSatisfy(\.isASCII)
        return !bothASCII && lowercased() == other.lowercased()
    }
}

extension UInt8 {
    /// The byte with `A`…`Z` turned into `a`…`z`.
    fileprivate var asciiLowercased: UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(self) ? self | 0x20 : self
    }

    fileprivate var isASCII: Bool { self < 0x80 }
}
