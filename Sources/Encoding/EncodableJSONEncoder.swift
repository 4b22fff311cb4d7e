import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes an `Encodable` value as the JSON body, with a `JSONEncoder` you configure.
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
        do {
            urlRequest.httpBody = try encoder.encode(value)
        } catch {
            throw .encodingFailed(reason: String(describing: error))
        }
        urlRequest.setContentTypeIfAbsent("application/json")
    }
}
