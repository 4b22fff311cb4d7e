import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Appends an `Encodable` value's properties to the query string, spelled as ``URLParameterEncoder`` spells them.
///
/// The value must encode as a keyed container (a struct or a dictionary). Its properties become
/// ``Parameters`` as `jsonEncoder` would write them (custom `encode(to:)` implementations are
/// honoured, `nil` properties are left out, dates follow its date strategy), through the same
/// `Encoder` that writes ``EncodableJSONEncoder``'s bodies, without writing JSON text. A
/// `jsonEncoder` that converts keys or runs a closure strategy is used itself, through JSON. Dates and
/// nesting are checked as for ``EncodableJSONEncoder``: ``RequestBuildError/dateOutOfRange(key:)`` and
/// ``RequestBuildError/nestingTooDeep(key:limit:)`` instead of a wrong date or a crash.
public struct EncodableQueryEncoder: EncodableParameterEncoder {
    /// The encoder whose options spell the query.
    public var urlEncoder: URLParameterEncoder
    /// The encoder that turns the value into JSON first; its date strategy spells dates (ISO 8601 by default).
    public let jsonEncoder: JSONEncoder

    /// Creates a query encoder.
    public init(
        urlEncoder: URLParameterEncoder = URLParameterEncoder(),
        jsonEncoder: JSONEncoder = EncodableJSONEncoder.makeDefaultEncoder()
    ) {
        self.urlEncoder = urlEncoder
        self.jsonEncoder = jsonEncoder
    }

    /// The value's properties as parameters.
    public func parameters(for value: some Encodable) throws(RequestBuildError) -> Parameters {
        if let options = JSONEncodingOptions(jsonEncoder, needsSortedKeys: false) {
            let sink = ParameterTreeSink()
            if try JSONStreamState.encode(value, into: sink, options: options) {
                guard let parameters = sink.root as? Parameters else { throw Self.notKeyed(value) }
                return parameters
            }
        }
        try JSONStreamState.check(value, userInfo: jsonEncoder.userInfo)
        return try parametersThroughJSON(for: value)
    }

    /// Appends `value`'s properties to the query of `urlRequest.url`.
    public func encode(urlRequest: inout URLRequest, with value: some Encodable) throws(RequestBuildError) {
        try urlEncoder.encode(urlRequest: &urlRequest, with: parameters(for: value))
    }

    private static func notKeyed(_ value: some Encodable) -> RequestBuildError {
        .encodingFailed(reason: "\(type(of: value)) must encode as a keyed container to become query parameters")
    }

    /// The value's properties from `jsonEncoder`'s own output, for the options only it implements.
    private func parametersThroughJSON(for value: some Encodable) throws(RequestBuildError) -> Parameters {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: jsonEncoder.encode(value), options: [.fragmentsAllowed])
        } catch {
            throw .encodingFailed(reason: String(describing: error))
        }
        guard let dictionary = object as? [String: Any] else { throw Self.notKeyed(value) }
        return Self.sendable(dictionary)
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
