import Foundation

@testable import NetworkLayer

// Encodable bodies: the library's own JSON encoder against Foundation's `JSONEncoder`.
//
// Each input builds a random `Encodable` tree (every integer width, Float, Double, Decimal, Bool,
// strings, nil, Date, Data, URL, arrays, keyed objects written through primitive overloads, generic
// calls, nested containers and super encoders, String- and Int-keyed dictionaries, values that
// encode nothing) and picks one of five encoder configurations. Invariants: `JSONParameterEncoder`
// returns exactly `JSONEncoder`'s bytes, or throws `encodingFailed` with exactly the description of
// `JSONEncoder`'s error; the library's writer handles the value itself unless the value has keys
// Foundation merges, a non-finite number without a string strategy, or no value at the top. A value
// with a date that is not finite or not in the years 0000–9999 throws `dateOutOfRange` instead
// (Foundation writes such dates, NaN as `-4712-01-01T12:00:00Z`).

/// libFuzzer's entry point: runs one input; returning means it passed.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = FuzzInput(data, size)
    let configuration = ParityConfiguration.all[Int(input.byte()) % ParityConfiguration.all.count]
    let value = FuzzEncodable.generate(from: &input, depth: 0)
    let encoder = configuration.makeEncoder()

    let expected: Result<Data, RequestBuildError>
    do {
        expected = .success(try encoder.encode(value))
    } catch {
        expected = .failure(.encodingFailed(reason: String(describing: error)))
    }
    let actual = Result { () throws(RequestBuildError) in try JSONParameterEncoder(encoder: encoder).data(for: value) }
    guard let options = JSONEncodingOptions(encoder, needsSortedKeys: true) else { fuzzFail("options not read") }
    let needsFoundation = value.needsFoundation(options, isTopLevel: true)
    let badDate = value.containsDateOutOfRange
    if case .failure(.dateOutOfRange) = actual {
        fuzzCheck(badDate, "dateOutOfRange without a date out of range")
    } else {
        // A value that only Foundation follows is checked as far as the library's writer got.
        fuzzCheck(!badDate || needsFoundation, "\(configuration.name): a date out of range gave \(describe(actual))")
        fuzzCheck(
            actual == expected,
            "\(configuration.name): \(describe(actual)) where JSONEncoder gives \(describe(expected))")
    }

    let sink = JSONByteSink(escapesSlashes: options.escapesSlashes)
    let wroteItself: Bool
    do {
        wroteItself = try JSONStreamState.encode(value, into: sink, options: options)
    } catch {
        fuzzCheck(badDate && error.isDateOutOfRange, "the writer threw \(error)")
        return 0
    }
    fuzzCheck(wroteItself != needsFoundation, "wrote the value itself: \(wroteItself), expected \(!needsFoundation)")
    if wroteItself {
        fuzzCheck(expected == .success(Data(sink.bytes.storage)), "the writer's own bytes differ")
    }
    return 0
}

extension RequestBuildError {
    fileprivate var isDateOutOfRange: Bool {
        if case .dateOutOfRange = self { return true }
        return false
    }
}

private func describe(_ result: Result<Data, RequestBuildError>) -> String {
    switch result {
    case .success(let data): String(decoding: data, as: UTF8.self)
    case .failure(let error): "\(error)"
    }
}

/// One way to set up a `JSONEncoder` that the library writes for itself.
struct ParityConfiguration: Sendable {
    let name: String
    let configure: @Sendable (JSONEncoder) -> Void

    func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        configure(encoder)
        return encoder
    }

    static let all: [ParityConfiguration] = [
        .init(name: "library default") { $0.dateEncodingStrategy = .iso8601 },
        .init(name: "Foundation's strategies") { _ in },
        .init(name: "escaped slashes, raw data") {
            $0.outputFormatting = .sortedKeys
            $0.dataEncodingStrategy = .deferredToData
            $0.dateEncodingStrategy = .secondsSince1970
        },
        .init(name: "milliseconds") { $0.dateEncodingStrategy = .millisecondsSince1970 },
        .init(name: "non-finite strings") {
            $0.nonConformingFloatEncodingStrategy = .convertToString(
                positiveInfinity: "+∞", negativeInfinity: "-∞", nan: "NaN")
        },
    ]
}
