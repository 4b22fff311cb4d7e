import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Which recorded entries answer a request: the same method and URL (its query items in any order, as a
/// multiset, less those named in `ignoredQueryItems`) and, when asked, the same body and the same values of
/// chosen header fields — all compared after the redaction the recorder applied, so a request matches the
/// entry it was recorded as.
struct HARMatching: Sendable {
    let matchesBody: Bool
    /// Lowercased.
    let headers: Set<String>
    let ignoredQueryItems: Set<String>
    let redactor: Redactor

    /// A request as the matching compares it.
    struct Key {
        let method: String
        let url: String
        let location: String
        let query: [String]
        let body: String?
        let headers: [String: String]
    }

    /// `request`, whose body is `body`, as the recorder would have written it.
    func key(for request: URLRequest, body: Data?) -> Key {
        let redaction = HARRedaction(redactor: redactor, request: request, body: body)
        let url = request.url.map(redaction.url) ?? ""
        let contentType = request.value(forHTTPHeaderField: "Content-Type")
        let fields = redaction.fields((request.allHTTPHeaderFields ?? [:]).map { ($0.key, $0.value) })
        return key(
            method: request.httpMethod ?? "GET", url: url,
            body: body.map { redaction.requestBodyText($0, contentType: contentType) ?? "<\($0.count) bytes>" },
            fields: fields)
    }

    /// A recorded request as the matching compares it.
    func key(for request: HARRequest) -> Key {
        let body = request.postData.map { $0.text ?? "<\(max(request.bodySize, 0)) bytes>" } ?? ""
        return key(method: request.method, url: request.url, body: body, fields: request.headers)
    }

    private func key(method: String, url: String, body: String?, fields: [HARField]) -> Key {
        var values: [String: String] = [:]
        for field in fields where headers.contains(field.name.lowercased()) {
            values[field.name.lowercased(), default: ""] +=
                values[field.name.lowercased()] == nil ? field.value : ", " + field.value
        }
        let location = String(url.prefix { $0 != "?" && $0 != "#" })
        let query = HARRedaction.queryItems(of: url).filter { !ignoredQueryItems.contains($0.name) }
            .map { "\($0.name)=\($0.value)" }.sorted()
        return Key(method: method.uppercased(), url: url, location: location, query: query, body: body, headers: values)
    }

    /// The ways `recorded` differs from `request`, in the order a reader looks; empty when it matches.
    func differences(_ recorded: Key, from request: Key) -> [String] {
        var differences: [String] = []
        if recorded.method != request.method { differences.append("method \(recorded.method), not \(request.method)") }
        if recorded.location != request.location {
            differences.append("URL \(recorded.location), not \(request.location)")
        }
        if recorded.query != request.query {
            let missing = Self.removing(request.query, from: recorded.query)
            let extra = Self.removing(recorded.query, from: request.query)
            var parts: [String] = []
            if !missing.isEmpty { parts.append("recorded \(missing.joined(separator: "&"))") }
            if !extra.isEmpty { parts.append("request has \(extra.joined(separator: "&"))") }
            differences.append("query items differ: \(parts.joined(separator: ", "))")
        }
        if matchesBody, (recorded.body ?? "") != (request.body ?? "") { differences.append("body differs") }
        for name in headers.sorted() where recorded.headers[name] != request.headers[name] {
            differences.append(
                "\(name) \(recorded.headers[name].map { "'\($0)'" } ?? "absent"), not "
                    + (request.headers[name].map { "'\($0)'" } ?? "absent"))
        }
        return differences
    }

    /// How far `recorded` is from `request`, to name the closest entry: first the number of ways they differ,
    /// then how much of the request's location `recorded` does not share, then how many query items differ.
    func distance(_ recorded: Key, from request: Key) -> (differences: Int, location: Int, queryItems: Int) {
        let sharedLocation = zip(recorded.location, request.location).prefix { $0 == $1 }.count
        let queryItems =
            Self.removing(request.query, from: recorded.query).count
            + Self.removing(recorded.query, from: request.query).count
        return (differences(recorded, from: request).count, request.location.count - sharedLocation, queryItems)
    }

    /// `items` less one of each of `others`.
    private static func removing(_ others: [String], from items: [String]) -> [String] {
        var left = items
        for other in others {
            if let index = left.firstIndex(of: other) { left.remove(at: index) }
        }
        return left
    }
}
