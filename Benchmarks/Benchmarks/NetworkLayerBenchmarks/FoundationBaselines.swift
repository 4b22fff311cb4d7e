import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The same requests built the way Foundation-based clients build them: the baselines.
enum FoundationBaselines {
    /// Alamofire's query escaping set: ASCII letters, digits, `-._~`, `/` and `?`.
    static let alamofireQueryAllowed = CharacterSet(
        charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~/?"
    )

    /// A JSON encoder set up like NetworkLayer's default body encoder (sorted keys, unescaped slashes).
    static let jsonEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }()

    /// A `JSONEncoder` with Foundation's defaults (unsorted keys, escaped slashes): what Alamofire's
    /// `JSONParameterEncoder.default` runs.
    static let plainJSONEncoder = JSONEncoder()

    /// `GET` with the query written by `URLComponents.queryItems` (what Get does), keys sorted.
    static func queryItemsRequest(base: URL, path: String, query: [String: any Sendable]) throws -> URLRequest {
        guard var components = URLComponents(url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        else { throw BenchmarkFailure("URLComponents rejected \(base)") }
        components.queryItems = query.keys.sorted().map { key in
            URLQueryItem(name: key, value: query[key].map { "\($0)" })
        }
        guard let url = components.url else { throw BenchmarkFailure("URLComponents made no URL") }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        return request
    }

    /// `GET` with the query escaped by `addingPercentEncoding` with Alamofire's set, keys sorted.
    static func percentEncodingRequest(base: URL, path: String, query: [String: any Sendable]) throws -> URLRequest {
        guard var components = URLComponents(url: base.appendingPathComponent(path), resolvingAgainstBaseURL: false)
        else { throw BenchmarkFailure("URLComponents rejected \(base)") }
        components.percentEncodedQuery = try query.keys.sorted().map { key in
            guard let value = query[key],
                let escapedKey = key.addingPercentEncoding(withAllowedCharacters: alamofireQueryAllowed),
                let escapedValue = "\(value)".addingPercentEncoding(withAllowedCharacters: alamofireQueryAllowed)
            else { throw BenchmarkFailure("addingPercentEncoding failed for \(key)") }
            return escapedKey + "=" + escapedValue
        }
        .joined(separator: "&")
        guard let url = components.url else { throw BenchmarkFailure("URLComponents made no URL") }
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        return request
    }

    /// `POST` with a dictionary body written by `JSONSerialization` (what Alamofire's `JSONEncoding` does).
    static func jsonSerializationRequest(base: URL, path: String, body: [String: any Sendable]) throws -> URLRequest {
        var request = URLRequest(url: base.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.httpBody = try JSONSerialization.data(withJSONObject: body)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        return request
    }

    /// `POST` with an `Encodable` body written by a reused `JSONEncoder`.
    static func jsonEncoderRequest(base: URL, path: String, body: some Encodable) throws -> URLRequest {
        var request = URLRequest(url: base.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.httpBody = try jsonEncoder.encode(body)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        return request
    }
}

extension FoundationBaselines {
    /// `POST` with an `Encodable` body written by a reused `JSONEncoder()` with default options.
    static func plainJSONEncoderRequest(base: URL, path: String, body: some Encodable) throws -> URLRequest {
        var request = URLRequest(url: base.appendingPathComponent(path))
        request.httpMethod = "POST"
        request.httpBody = try plainJSONEncoder.encode(body)
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        return request
    }
}

/// A benchmark that cannot do what it measures.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
