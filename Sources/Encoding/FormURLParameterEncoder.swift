import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes parameters as an `application/x-www-form-urlencoded; charset=utf-8` body.
///
/// The body is spelled exactly like ``URLParameterEncoder``'s query strings, with the same options.
public struct FormURLParameterEncoder: ParameterEncoder {
    /// The query encoder whose options (arrays, booleans, dates) the body follows.
    public var urlEncoder: URLParameterEncoder

    /// Creates an encoder that spells values as `urlEncoder` does.
    public init(urlEncoder: URLParameterEncoder = URLParameterEncoder()) {
        self.urlEncoder = urlEncoder
    }

    /// Sets the body of `urlRequest` to the encoded `parameters`.
    public func encode(urlRequest: inout URLRequest, with parameters: Parameters) throws(RequestBuildError) {
        urlRequest.httpBody = Data(try urlEncoder.writer.write(parameters))
        urlRequest.setContentTypeIfAbsent("application/x-www-form-urlencoded; charset=utf-8")
    }
}

extension ParameterEncoder where Self == FormURLParameterEncoder {
    /// A ``FormURLParameterEncoder`` with default options.
    public static var form: FormURLParameterEncoder { FormURLParameterEncoder() }
}
