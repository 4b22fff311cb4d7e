import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes a JSON body (`Content-Type: application/json`): dictionary parameters, or an `Encodable` value.
///
/// Dictionary parameters are written as a compact object with sorted keys, so equal parameters give equal
/// bytes. Values follow ``Parameters``; `nil` and `NSNull` are written as `null`, and values JSON cannot hold
/// (a `Date`, NaN, an unknown type) throw ``RequestBuildError`` instead of trapping.
///
/// An `Encodable` value is written as the `JSONEncoder` it was created with writes it, byte for byte. With sorted keys and the built-in
/// key, date, data and float strategies, the library writes those bytes itself, in about 0.4× `JSONEncoder`'s
/// time; any other configuration (pretty printing, unsorted keys, key conversion, a formatter or closure
/// strategy, a `JSONEncoder` subclass) is handed to that encoder. Either way, a date that is not finite or not
/// in the years 0000–9999 throws ``RequestBuildError/dateOutOfRange(key:)`` (see ``DateEncoding``), and values
/// nested more than 256 levels deep (each value and each container counting as one) throw
/// ``RequestBuildError/nestingTooDeep(key:limit:)``, counted on the way in instead of running out of stack.
public struct JSONParameterEncoder: ParameterEncoder {
    /// The encoder that writes `Encodable` values; dictionary parameters do not use it.
    let encoder: JSONEncoder

    /// Creates an encoder; the default `JSONEncoder` sorts keys, writes ISO 8601 dates and leaves `/` unescaped.
    public init(encoder: JSONEncoder = JSONParameterEncoder.makeDefaultEncoder()) {
        self.encoder = encoder
    }

    /// A `JSONEncoder` with sorted keys, ISO 8601 dates and unescaped slashes: the default encoder.
    @usableFromInline
    static func makeDefaultEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Sets the body of `urlRequest` to `parameters` as JSON.
    public func encode(urlRequest: inout URLRequest, with parameters: Parameters) throws(RequestBuildError) {
        urlRequest.httpBody = try data(for: parameters)
        urlRequest.setContentTypeIfAbsent("application/json")
    }

    /// Sets the body of `urlRequest` to `value` as JSON.
    public func encode(urlRequest: inout URLRequest, with value: some Encodable) throws(RequestBuildError) {
        urlRequest.httpBody = try data(for: value)
        urlRequest.setContentTypeIfAbsent("application/json")
    }

    /// The JSON bytes for `parameters`.
    func data(for parameters: Parameters) throws(RequestBuildError) -> Data {
        var output = JSONBytes(capacity: 16 + parameters.count * 32)
        try JSONWriter.writeObject(parameters, to: &output)
        return Data(output.storage)
    }

    /// The JSON bytes for any JSON-compatible value: a dictionary, an array, a string, a number, a `Bool` or `nil`.
    package static func data(forJSONValue value: any Sendable) throws(RequestBuildError) -> Data {
        var output = JSONBytes()
        try JSONWriter.write(value, to: &output)
        return Data(output.storage)
    }

    /// The JSON bytes of `value`: exactly what `encoder.encode(value)` returns.
    func data(for value: some Encodable) throws(RequestBuildError) -> Data {
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
