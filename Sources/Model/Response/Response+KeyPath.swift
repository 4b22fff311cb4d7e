import Foundation

extension Response {
    /// Decodes the value at the non-empty `keyPath` in the JSON body, for ``decode(_:atKeyPath:using:)``.
    func decodeValue<Value: Decodable>(
        _ type: Value.Type,
        atKeyPath keyPath: String,
        using decoder: JSONDecoder
    ) throws(NetworkError) -> Value {
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
