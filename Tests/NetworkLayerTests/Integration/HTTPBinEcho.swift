import Foundation

/// What httpbin's echo routes answer; every field is optional because each route sends a subset.
struct HTTPBinEcho: Decodable, Sendable {
    /// The query items; a repeated key becomes a list.
    var args: [String: HTTPBinJSON]?
    /// The request headers, names Title-Cased by Werkzeug.
    var headers: [String: String]?
    /// The decoded form body.
    var form: [String: HTTPBinJSON]?
    /// The decoded JSON body.
    var json: HTTPBinJSON?
    /// The URL the server saw.
    var url: String?
    /// `true` on `/gzip`.
    var gzipped: Bool?
    /// `true` on a successful `/basic-auth` or `/bearer`.
    var authenticated: Bool?
}

/// Any JSON value, compared structurally.
enum HTTPBinJSON: Decodable, Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([HTTPBinJSON])
    case object([String: HTTPBinJSON])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([HTTPBinJSON].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: HTTPBinJSON].self))
        }
    }
}
