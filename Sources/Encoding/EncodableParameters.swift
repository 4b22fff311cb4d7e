import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An `Encodable` value's properties as ``Parameters``, as a `JSONEncoder` would write them.
///
/// The value goes through the same `Encoder` that writes ``JSONParameterEncoder``'s bodies, without writing
/// JSON text. A `JSONEncoder` that converts keys or runs a closure strategy is used itself, through JSON.
enum EncodableParameters {
    /// The properties of `value` (which must encode as a keyed container), spelled as `jsonEncoder` spells them.
    static func parameters(
        for value: some Encodable,
        using jsonEncoder: JSONEncoder
    ) throws(RequestBuildError) -> Parameters {
        if let options = JSONEncodingOptions(jsonEncoder, needsSortedKeys: false) {
            let sink = ParameterTreeSink()
            if try JSONStreamState.encode(value, into: sink, options: options) {
                guard let parameters = sink.root as? Parameters else { throw notKeyed(value) }
                return parameters
            }
        }
        try JSONStreamState.check(value, userInfo: jsonEncoder.userInfo)
        return try parametersThroughJSON(for: value, using: jsonEncoder)
    }

    private static func notKeyed(_ value: some Encodable) -> RequestBuildError {
        .encodingFailed(reason: "\(type(of: value)) must encode as a keyed container to become query parameters")
    }

    /// The value's properties from `jsonEncoder`'s own output, for the options only it implements.
    private static func parametersThroughJSON(
        for value: some Encodable,
        using jsonEncoder: JSONEncoder
    ) throws(RequestBuildError) -> Parameters {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: jsonEncoder.encode(value), options: [.fragmentsAllowed])
        } catch {
            throw .encodingFailed(reason: String(describing: error))
        }
        guard let dictionary = object as? [String: Any] else { throw notKeyed(value) }
        return sendable(dictionary)
    }

    /// `JSONSerialization` output (strings, numbers, booleans, arrays, dictionaries, `NSNull`) as ``Parameters``.
    private static func sendable(_ dictionary: [String: Any]) -> Parameters {
        dictionary.mapValues(sendable)
    }

    private static func sendable(_ value: Any) -> any Sendable {
        switch value {
        case let dictionary as [String: Any]: sendable(dictionary)
        case let array as [Any]: array.map(sendable)
        case let decimal as NSDecimalNumber: parsedNumber(decimal)
        case let number as NSNumber: number
        case let string as String: string
        default: NSNull()
        }
    }

    /// Linux's `JSONSerialization` returns some numbers as `NSDecimalNumber`: `0.30000000000000004`,
    /// `1e-36`, `Int.min`. Its text is exact, so a fraction goes back to the `Double` it was written
    /// from, and an integer stays an exact decimal.
    private static func parsedNumber(_ decimal: NSDecimalNumber) -> any Sendable {
        let text = decimal.stringValue
        if text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let double = Double(text) { return double }
        return decimal.decimalValue
    }
}
