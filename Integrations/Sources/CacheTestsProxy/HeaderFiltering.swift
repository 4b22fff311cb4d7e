import NIOHTTP1
import NetworkLayer

/// Which fields a proxy passes on: all but those of one connection (RFC 9110 §7.6.1) and the framing,
/// which each side writes for itself.
enum HeaderFiltering {
    /// Fields that describe one connection, or the framing of the body on it.
    static let connectionFields: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "proxy-authorization", "te",
        "trailer", "transfer-encoding", "upgrade", "content-length", "host",
    ]

    /// The fields of a request to forward, those of the same name joined (RFC 9110 §5.3), without the
    /// connection fields and those its `Connection` field names.
    static func forwarded(_ fields: NIOHTTP1.HTTPHeaders) -> NetworkLayer.HTTPHeaders {
        let named = Set(fields[canonicalForm: "connection"].map { $0.lowercased() })
        var joined: [(name: String, values: [String])] = []
        for (name, value) in fields where !isConnectionField(name, named: named) {
            if let index = joined.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) {
                joined[index].values.append(value)
            } else {
                joined.append((name, [value]))
            }
        }
        var headers: NetworkLayer.HTTPHeaders = [:]
        for (name, values) in joined {
            headers[name] = values.joined(separator: name.lowercased() == "cookie" ? "; " : ", ")
        }
        return headers
    }

    /// The fields of a response to pass back, without the connection fields.
    static func returned(_ fields: NetworkLayer.HTTPHeaders) -> NIOHTTP1.HTTPHeaders {
        let named = Set(fields.values(for: "Connection").flatMap { $0.split(separator: ",") }.map(trimmedLowercase))
        var headers = NIOHTTP1.HTTPHeaders()
        for field in fields where !isConnectionField(field.name, named: named) {
            headers.add(name: field.name, value: field.value)
        }
        return headers
    }

    private static func isConnectionField(_ name: String, named: Set<String>) -> Bool {
        let name = name.lowercased()
        return connectionFields.contains(name) || named.contains(name)
    }

    private static func trimmedLowercase(_ text: Substring) -> String {
        text.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
