import Foundation

extension Response {
    /// Decodes the value at `keyPath` in the JSON body, as Moya's `map(_:atKeyPath:)` does.
    ///
    /// ```swift
    /// // {"data": {"movies": [...], "total": 2}}
    /// let movies = try response.decode([Movie].self, atKeyPath: "data.movies")
    /// ```
    ///
    /// The keys are separated by dots, each looked up in an object. The value is decoded in place by
    /// `decoder`, with its strategies for dates, data and keys, without copying the JSON. An empty key path
    /// decodes the whole body, by the rule of ``decode(_:using:)``. A missing key, or a key path that passes
    /// through something other than an object, throws ``NetworkError/Kind/decodingFailed`` naming the path.
    public func decode<Value: Decodable>(
        _ type: Value.Type = Value.self,
        atKeyPath keyPath: String,
        using decoder: JSONDecoder = JSONDecoder()
    ) throws(NetworkError) -> Value {
        guard !keyPath.isEmpty else { return try decode(type, using: decoder) }
        guard !data.isEmpty else { throw NetworkError(.noData, response: self) }
        let keys = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        do {
            return try KeyPathDecoding.$keys.withValue(keys) {
                try decoder.decode(KeyPathValue<Value>.self, from: data).value
            }
        } catch {
            throw NetworkError.decodingFailed(error, response: self, typeName: "\(Value.self) at \(keyPath)")
        }
    }
}

/// The key path a ``KeyPathValue`` walks. A task-local, because a decoder's `userInfo` belongs to its owner
/// and the decode is synchronous: the value is set around exactly one `decode` call.
enum KeyPathDecoding {
    @TaskLocal static var keys: [String] = []
}

/// The value found by walking ``KeyPathDecoding/keys`` down from the top of the document.
struct KeyPathValue<Value: Decodable>: Decodable {
    let value: Value

    init(from decoder: any Decoder) throws {
        var keys = KeyPathDecoding.keys[...]
        guard let last = keys.popLast() else {
            value = try Value(from: decoder)
            return
        }
        var object = try decoder.container(keyedBy: KeyPathKey.self)
        for key in keys {
            object = try object.nestedContainer(keyedBy: KeyPathKey.self, forKey: KeyPathKey(key))
        }
        // Through the container, so that the decoder applies its strategies to dates, data and URLs.
        value = try object.decode(Value.self, forKey: KeyPathKey(last))
    }
}

/// One key of a key path.
struct KeyPathKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }

    init(_ key: String) { stringValue = key }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
