import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Appends an `Encodable` value's properties to the query string, spelled as ``URLParameterEncoder`` spells them.
///
/// The value must encode as a keyed container (a struct or a dictionary). Its properties are
/// turned into ``Parameters`` through JSON, so custom `encode(to:)` implementations are honoured
/// and `nil` properties are left out.
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
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: jsonEncoder.encode(value), options: [.fragmentsAllowed])
        } catch {
            throw .encodingFailed(reason: String(describing: error))
        }
        guard let dictionary = object as? [String: Any] else {
            throw .encodingFailed(
                reason: "\(type(of: value)) must encode as a keyed container to become query parameters"
            )
        }
        return Self.sendable(dictionary)
    }

    /// Appends `value`'s properties to the query of `urlRequest.url`.
    public func encode(urlRequest: inout URLRequest, with value: some Encodable) throws(RequestBuildError) {
        try urlEncoder.encode(urlRequest: &urlRequest, with: parameters(for: value))
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
