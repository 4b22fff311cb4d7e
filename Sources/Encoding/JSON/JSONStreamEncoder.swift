/// The library's `Encoder`: hands the containers of one level of a ``JSONStreamState`` to a value's
/// `encode(to:)`.
struct JSONStreamEncoder: Encoder {
    let state: JSONStreamState
    let level: Int

    var codingPath: [any CodingKey] { state.codingPath(to: level) }
    var userInfo: [CodingUserInfoKey: Any] { state.options.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        state.open(.object, at: level)
        return KeyedEncodingContainer(JSONStreamKeyedContainer<Key>(state: state, level: level))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        state.open(.array, at: level)
        return JSONStreamUnkeyedContainer(state: state, level: level)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        JSONStreamSingleValueContainer(state: state, level: level)
    }
}
