import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes parameters as a compact JSON object body (`Content-Type: application/json`).
///
/// Keys are sorted, so equal parameters give equal bytes. Values follow ``Parameters``; `nil` and
/// `NSNull` are written as `null`, and values JSON cannot hold (a `Date`, NaN, an unknown type)
/// throw ``RequestBuildError`` instead of trapping.
public struct JSONParameterEncoder: ParameterEncoder {
    /// Creates an encoder.
    public init() {}

    /// The JSON bytes for `parameters`.
    public func data(for parameters: Parameters) throws(RequestBuildError) -> Data {
        var output = JSONBytes(capacity: 16 + parameters.count * 32)
        try JSONWriter.writeObject(parameters, to: &output)
        return Data(output.storage)
    }

    /// The JSON bytes for any JSON-compatible value: a dictionary, an array, a string, a number, a `Bool` or `nil`.
    public func data(forJSONValue value: any Sendable) throws(RequestBuildError) -> Data {
        var output = JSONBytes()
        try JSONWriter.write(value, to: &output)
        return Data(output.storage)
    }

    /// Sets the body of `urlRequest` to `parameters` as JSON.
    public func encode(urlRequest: inout URLRequest, with parameters: Parameters) throws(RequestBuildError) {
        urlRequest.httpBody = try data(for: parameters)
        urlRequest.setContentTypeIfAbsent("application/json")
    }
}

extension ParameterEncoder where Self == JSONParameterEncoder {
    /// A ``JSONParameterEncoder``.
    public static var json: JSONParameterEncoder { JSONParameterEncoder() }
}
