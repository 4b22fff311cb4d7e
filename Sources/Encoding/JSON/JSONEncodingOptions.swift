import Foundation

/// The options of a `JSONEncoder` that the library's own encoder reproduces byte for byte.
///
/// Reading them fails (`nil`) for anything it does not reproduce: a subclass, pretty printing,
/// unsorted keys (Foundation's order then changes from run to run), key conversion, and date or data
/// strategies that run the caller's code. Those values go through the `JSONEncoder` itself.
struct JSONEncodingOptions {
    enum DateStrategy {
        case deferredToDate, secondsSince1970, millisecondsSince1970, iso8601
    }

    /// Strings that stand for `+∞`, `-∞` and NaN, or `nil` when such a value is an error.
    struct NonFiniteStrings {
        let positiveInfinity: String
        let negativeInfinity: String
        let nan: String
    }

    let dates: DateStrategy
    /// Whether `Data` is written as Base64 (otherwise as its own `Encodable` array of bytes).
    let base64Data: Bool
    let nonFiniteStrings: NonFiniteStrings?
    let escapesSlashes: Bool
    let userInfo: [CodingUserInfoKey: any Sendable]

    /// The options of `encoder`, when the library's encoder can stand in for it.
    ///
    /// - Parameter needsSortedKeys: whether bytes are being written, so the key order must be
    ///   Foundation's `.sortedKeys` order. A parameter tree has no order and takes any formatting.
    init?(_ encoder: JSONEncoder, needsSortedKeys: Bool) {
        guard type(of: encoder) == JSONEncoder.self, case .useDefaultKeys = encoder.keyEncodingStrategy else {
            return nil
        }
        let formatting = encoder.outputFormatting
        if needsSortedKeys {
            guard formatting == [.sortedKeys] || formatting == [.sortedKeys, .withoutEscapingSlashes] else {
                return nil
            }
        }
        guard let dates = DateStrategy(encoder.dateEncodingStrategy) else { return nil }
        switch encoder.dataEncodingStrategy {
        case .base64: base64Data = true
        case .deferredToData: base64Data = false
        default: return nil
        }
        switch encoder.nonConformingFloatEncodingStrategy {
        case .throw:
            nonFiniteStrings = nil
        case .convertToString(let positiveInfinity, let negativeInfinity, let nan):
            nonFiniteStrings = NonFiniteStrings(
                positiveInfinity: positiveInfinity, negativeInfinity: negativeInfinity, nan: nan)
        }
        self.dates = dates
        self.escapesSlashes = !formatting.contains(.withoutEscapingSlashes)
        self.userInfo = encoder.userInfo
    }
}

extension JSONEncodingOptions {
    /// Options under which a run writes nothing that matters and gives up on nothing but misuse of
    /// containers: for ``JSONStreamState/check(_:userInfo:)``, which only looks for dates out of range and
    /// nesting too deep before a value goes to Foundation's encoder.
    init(checkingWith userInfo: [CodingUserInfoKey: any Sendable]) {
        dates = .deferredToDate
        base64Data = true
        nonFiniteStrings = NonFiniteStrings(positiveInfinity: "", negativeInfinity: "", nan: "")
        escapesSlashes = false
        self.userInfo = userInfo
    }
}

extension JSONEncodingOptions.DateStrategy {
    init?(_ strategy: JSONEncoder.DateEncodingStrategy) {
        switch strategy {
        case .deferredToDate: self = .deferredToDate
        case .secondsSince1970: self = .secondsSince1970
        case .millisecondsSince1970: self = .millisecondsSince1970
        case .iso8601: self = .iso8601
        default: return nil
        }
    }
}
