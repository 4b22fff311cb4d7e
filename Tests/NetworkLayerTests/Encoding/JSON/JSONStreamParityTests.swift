import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("JSON encoder parity with Foundation")
struct JSONStreamParityTests {
    /// The encoders a body can be configured with, each compared with the library's writer.
    static let configurations: [EncoderConfiguration] = [.libraryDefault, .foundationDefaults, .escapedSlashes]

    @Test("writes Foundation's bytes, on its own", arguments: JSONParitySample.all, configurations)
    func parity(sample: JSONParitySample, configuration: EncoderConfiguration) throws {
        let encoder = configuration.makeEncoder()
        let options = try #require(JSONEncodingOptions(encoder, needsSortedKeys: true))
        let sink = try #require(Self.stream(sample.value, options: options), "fell back to JSONEncoder")
        let expected = try encoder.encode(sample.value)
        #expect(String(decoding: sink.bytes.storage, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(try JSONParameterEncoder(encoder: encoder).data(for: sample.value) == expected)
    }

    @Test("values only Foundation's tree can follow fall back to JSONEncoder", arguments: FallbackSample.all)
    func fallback(sample: FallbackSample) throws {
        let encoder = JSONParameterEncoder.makeDefaultEncoder()
        let options = try #require(JSONEncodingOptions(encoder, needsSortedKeys: true))
        #expect(Self.stream(sample.value, options: options) == nil)
        #expect(
            Self.outcome { try JSONParameterEncoder(encoder: encoder).data(for: sample.value) }
                == Self.outcome { try encoder.encode(sample.value) })
    }

    @Test("encoders the library cannot stand in for are used as they are", arguments: EncoderConfiguration.unsupported)
    func unsupportedConfiguration(configuration: EncoderConfiguration) throws {
        let encoder = configuration.makeEncoder()
        #expect(JSONEncodingOptions(encoder, needsSortedKeys: true) == nil)
        let value = JSONParitySample.containers[0].value
        let body = try JSONParameterEncoder(encoder: encoder).data(for: value)
        // Unsorted keys come out in a different order from one call to the next: compare the values.
        #expect(
            try JSONSerialization.jsonObject(with: body) as? NSDictionary
                == JSONSerialization.jsonObject(with: encoder.encode(value)) as? NSDictionary)
        #expect(body.count == (try encoder.encode(value)).count)
    }

    @Test("non-finite numbers fail as JSONEncoder fails, in its words", arguments: [Double.nan, .infinity, -.infinity])
    func nonFinite(value: Double) throws {
        let body = ["x": [1, value]]
        let outcome = Self.outcome { try JSONParameterEncoder().data(for: body) }
        #expect(outcome == Self.outcome { try JSONParameterEncoder.makeDefaultEncoder().encode(body) })
        #expect(outcome.contains("Unable to encode Double."))
    }

    @Test("the non-finite strings strategy writes its strings")
    func nonFiniteStrings() throws {
        let encoder = JSONParameterEncoder.makeDefaultEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        let value = [Double.nan, .infinity, -.infinity, 1]
        let options = try #require(JSONEncodingOptions(encoder, needsSortedKeys: true))
        let sink = try #require(Self.stream(value, options: options))
        #expect(Data(sink.bytes.storage) == (try encoder.encode(value)))
    }

    /// The bytes written, or the `RequestBuildError` that building a body with the error would throw.
    private static func outcome(_ encode: () throws -> Data) -> String {
        do {
            return String(decoding: try encode(), as: UTF8.self)
        } catch let error as RequestBuildError {
            return "\(error)"
        } catch {
            return "\(RequestBuildError.encodingFailed(reason: String(describing: error)))"
        }
    }

    private static func stream(_ value: any Encodable, options: JSONEncodingOptions) -> JSONByteSink? {
        let sink = JSONByteSink(escapesSlashes: options.escapesSlashes)
        return (try? JSONStreamState.encode(value, into: sink, options: options)) == true ? sink : nil
    }
}

/// A `JSONEncoder` set up one way, named for the test report.
struct EncoderConfiguration: Sendable, CustomTestStringConvertible {
    let testDescription: String
    let configure: @Sendable (JSONEncoder) -> Void

    func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        configure(encoder)
        return encoder
    }

    static let libraryDefault = EncoderConfiguration(testDescription: "library default (ISO 8601)") {
        $0.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        $0.dateEncodingStrategy = .iso8601
    }

    static let foundationDefaults = EncoderConfiguration(testDescription: "sorted keys, Foundation's strategies") {
        $0.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    }

    static let escapedSlashes = EncoderConfiguration(testDescription: "escaped slashes, dates in ms, bytes as arrays") {
        $0.outputFormatting = [.sortedKeys]
        $0.dateEncodingStrategy = .millisecondsSince1970
        $0.dataEncodingStrategy = .deferredToData
    }

    static let unsupported: [EncoderConfiguration] = [
        .init(testDescription: "unsorted keys") { $0.outputFormatting = [] },
        .init(testDescription: "pretty printed") { $0.outputFormatting = [.sortedKeys, .prettyPrinted] },
        .init(testDescription: "snake-case keys") {
            $0.outputFormatting = .sortedKeys
            $0.keyEncodingStrategy = .convertToSnakeCase
        },
        .init(testDescription: "custom dates") {
            $0.outputFormatting = .sortedKeys
            $0.dateEncodingStrategy = .custom { _, encoder in
                var container = encoder.singleValueContainer()
                try container.encode("date")
            }
        },
        .init(testDescription: "Base64 through a closure") {
            $0.outputFormatting = .sortedKeys
            $0.dataEncodingStrategy = .custom { _, _ in }
        },
    ]
}
