import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Writes parameters, or an `Encodable` value's properties, into the request URL's query string or, with
/// ``Destination/httpBody``, as an `application/x-www-form-urlencoded; charset=utf-8` body.
///
/// Output is deterministic and safe for form-decoding servers: keys are sorted at every level,
/// everything but ASCII letters, digits, `-._~/?` is percent-escaped (`+` too, and a space is
/// `%20`), an existing query is kept and a fragment stays last. With no parameters left to encode
/// the URL is unchanged (no bare `?`). A form body is spelled exactly like the query string.
public struct URLParameterEncoder: ParameterEncoder {
    /// Where the encoded parameters go.
    public enum Destination: Sendable, Hashable {
        /// Appended to the query of the request's URL.
        case queryString
        /// The request's body, as `application/x-www-form-urlencoded; charset=utf-8`.
        case httpBody
    }

    /// How an array value is spelled.
    public enum ArrayEncoding: Sendable, Hashable {
        /// `ids[]=1&ids[]=2` (escaped as `ids%5B%5D`), as Rails, PHP and Alamofire expect.
        case brackets
        /// `ids=1&ids=2`.
        case noBrackets
        /// `ids[0]=1&ids[1]=2`.
        case indexed
    }

    /// How a `Bool` value is spelled.
    public enum BoolEncoding: Sendable, Hashable {
        /// `1` and `0`.
        case numeric
        /// `true` and `false`.
        case literal
    }

    /// Where the parameters go.
    var destination: Destination
    /// How array values are spelled.
    var arrayEncoding: ArrayEncoding
    /// How booleans are spelled.
    var boolEncoding: BoolEncoding
    /// How dates are spelled.
    var dateEncoding: DateEncoding

    /// Creates an encoder.
    ///
    /// - Parameters:
    ///   - destination: Where the parameters go. Defaults to ``Destination/queryString``.
    ///   - arrayEncoding: How array values are spelled. Defaults to ``ArrayEncoding/brackets``.
    ///   - boolEncoding: How booleans are spelled. Defaults to ``BoolEncoding/numeric``.
    ///   - dateEncoding: How dates are spelled. Defaults to ``DateEncoding/iso8601``.
    ///
    /// An `Encodable` value's properties become ``Parameters`` as a `JSONEncoder` would write them (custom
    /// `encode(to:)` implementations are honoured, `nil` properties are left out, dates follow its date
    /// strategy, not `dateEncoding`), without writing JSON text; then they are spelled like any parameters.
    /// Dates and nesting are checked as for ``JSONParameterEncoder``: ``RequestBuildError/dateOutOfRange(key:)``
    /// and ``RequestBuildError/nestingTooDeep(key:limit:)`` instead of a wrong date or a crash.
    public init(
        destination: Destination = .queryString,
        arrayEncoding: ArrayEncoding = .brackets,
        boolEncoding: BoolEncoding = .numeric,
        dateEncoding: DateEncoding = .iso8601
    ) {
        self.destination = destination
        self.arrayEncoding = arrayEncoding
        self.boolEncoding = boolEncoding
        self.dateEncoding = dateEncoding
    }

    /// The parameters as `key=value` pairs joined by `&`, without a leading `?`.
    public func queryString(for parameters: Parameters) throws(RequestBuildError) -> String {
        String(decoding: try writer.write(parameters), as: UTF8.self)
    }

    /// Writes `parameters` to `urlRequest`: to its query or to its body, as the encoder was created.
    public func encode(urlRequest: inout URLRequest, with parameters: Parameters) throws(RequestBuildError) {
        let bytes = try writer.write(parameters)
        switch destination {
        case .queryString:
            guard let url = urlRequest.url else { throw .invalidURL("") }
            guard !bytes.isEmpty else { return }
            urlRequest.url = try Self.url(url, appendingQuery: bytes)
        case .httpBody:
            urlRequest.httpBody = Data(bytes)
            urlRequest.setContentTypeIfAbsent("application/x-www-form-urlencoded; charset=utf-8")
        }
    }

    /// Writes the properties of `value` to the destination of `urlRequest`, as `jsonEncoder` would write them.
    ///
    /// The value must encode as a keyed container (a struct or a dictionary); see
    /// ``init(destination:arrayEncoding:boolEncoding:dateEncoding:)`` for how each property is spelled.
    public func encode(
        urlRequest: inout URLRequest,
        with value: some Encodable,
        using jsonEncoder: JSONEncoder = JSONParameterEncoder.makeDefaultEncoder()
    ) throws(RequestBuildError) {
        try encode(urlRequest: &urlRequest, with: EncodableParameters.parameters(for: value, using: jsonEncoder))
    }

    var writer: QueryStringWriter {
        QueryStringWriter(arrayEncoding: arrayEncoding, boolEncoding: boolEncoding, dateEncoding: dateEncoding)
    }

    /// `url` with `query` (already escaped) after any query it has, and before its fragment.
    static func url(_ url: URL, appendingQuery query: [UInt8]) throws(RequestBuildError) -> URL {
        let text = self.text(url.absoluteString, appendingQuery: query)
        guard let result = URL(string: text) else { throw .invalidURL(text) }
        return result
    }

    /// URL text with `query` (already escaped) after any query it has, and before its fragment.
    static func text(_ original: String, appendingQuery query: [UInt8]) -> String {
        // `?` and `#` are ASCII, so scanning UTF-8 finds them at a fraction of the cost of `Character`s.
        let utf8 = original.utf8
        let fragmentStart = utf8.firstByteIndex { $0 == UInt8(ascii: "#") } ?? utf8.endIndex
        var text = String(original[..<fragmentStart])
        text.reserveCapacity(utf8.count + query.count + 1)
        if let questionMark = text.utf8.firstByteIndex(where: { $0 == UInt8(ascii: "?") }) {
            if text.utf8.index(after: questionMark) != text.endIndex { text += "&" }
        } else {
            text += "?"
        }
        text += String(decoding: query, as: UTF8.self)
        text += original[fragmentStart...]
        return text
    }
}
