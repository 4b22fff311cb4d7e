import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes an `Encodable` value as the JSON body, with a `JSONEncoder` you configure.
///
/// The bytes are always the ones `encoder` writes. With sorted keys and the built-in key, date, data
/// and float strategies, the library writes them itself, straight to bytes and byte for byte the
/// same, in about 0.4× `JSONEncoder`'s time; any other configuration (pretty printing, unsorted keys,
/// key conversion, a formatter or closure strategy, a `JSONEncoder` subclass) is handed to `encoder`.
///
/// Either way, a date that is not finite or not in the years 0000–9999 throws
/// ``RequestBuildError/dateOutOfRange(key:)`` (see ``DateEncoding``), and values nested more than 256
/// levels deep (each value and each container counting as one) throw ``RequestBuildError/nestingTooDeep(key:limit:)``, counted on the way in instead of
/// running out of stack.
public struct EncodableJSONEncoder: EncodableParameterEncoder {
    /// The encoder that writes the body.
    public let encoder: JSONEncoder

    /// Creates a body encoder; the default `JSONEncoder` sorts keys so bodies are deterministic.
    public init(encoder: JSONEncoder = EncodableJSONEncoder.makeDefaultEncoder()) {
        self.encoder = encoder
    }

    /// A `JSONEncoder` with sorted keys, ISO 8601 dates and unescaped slashes.
    public static func makeDefaultEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Sets the body of `urlRequest` to `value` as JSON.
    public func encode(urlRequest: inout URLRequest, with value: some Encodable) throws(RequestBuildError) {
        urlRequest.httpBody = try data(for: value)
        urlRequest.setContentTypeIfAbsent("application/json")
    }

    /// The JSON bytes of `value`: exactly what `encoder.encode(value)` returns.
    public func data(for value: some Encodable) throws(RequestBuildError) -> Data {
        if let options = JSONEncodingOptions(encoder, needsSortedKeys: true) {
            let sink = JSONByteSink(escapesSlashes: options.escapesSlashes)
            if try JSONStreamState.encode(value, into: sink, options: options) { return Data(sink.bytes.storage) }
        }
        try JSONStreamState.check(value, userInfo: encoder.userInfo)
        do {
            return try encoder.encode(value)
        } catch {
            throw .encodingFailed(reason: String(describing: error))
        }
    }
}
