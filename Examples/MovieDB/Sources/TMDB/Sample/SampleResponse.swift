import Foundation
import NetworkLayer

/// A canned TMDB answer: an HTTP status and a JSON body.
public struct SampleResponse: Sendable, Hashable {
    /// The HTTP status: 200, or TMDB's status for the error in ``body``.
    public let statusCode: Int
    /// The JSON body: the data, or TMDB's status object on an error.
    public let body: Data

    /// The `Content-Type` TMDB sends.
    public static let contentType = "application/json;charset=utf-8"

    /// How long a cache may reuse a successful sample answer, as `Cache-Control` says it.
    public static let cacheControl = "public, max-age=3600"

    /// The header fields TMDB's answer would have: `Content-Type`, and for a successful answer
    /// `Cache-Control` (``cacheControl``) and an `ETag` made from the body, so a cache keeps and revalidates
    /// sample answers as it does TMDB's.
    public var headers: [String: String] {
        var headers = ["Content-Type": Self.contentType]
        if statusCode == 200 {
            headers["Cache-Control"] = Self.cacheControl
            headers["ETag"] = entityTag
        }
        return headers
    }

    /// The response as NetworkLayer's stub seam serves it.
    public var stubResponse: StubResponse {
        .http(statusCode, headers: HTTPHeaders(headers), data: body)
    }

    /// A strong entity tag for ``body``: its 64-bit FNV-1a hash in hexadecimal, quoted.
    var entityTag: String {
        let hash = body.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x0000_0100_0000_01b3 }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }

    /// A 200 response with `object` as sorted-key JSON.
    static func ok(_ object: Any) -> SampleResponse {
        let options: JSONSerialization.WritingOptions = [.sortedKeys, .withoutEscapingSlashes]
        guard JSONSerialization.isValidJSONObject(object),
            let data = try? JSONSerialization.data(withJSONObject: object, options: options)
        else { return .internalError }
        return SampleResponse(statusCode: 200, body: data)
    }

    /// TMDB's error body for `code` with HTTP status `statusCode`.
    static func error(_ statusCode: Int, code: Int, message: String) -> SampleResponse {
        let status = ["status_code": code, "status_message": message, "success": false] as [String: Any]
        let data = (try? JSONSerialization.data(withJSONObject: status, options: [.sortedKeys])) ?? Data()
        return SampleResponse(statusCode: statusCode, body: data)
    }

    /// 404 with code 34, as TMDB answers an unknown movie id.
    static let notFound = error(404, code: 34, message: "The resource you requested could not be found.")

    /// 400 with code 22, as TMDB answers a page outside 1…500.
    static let invalidPage = error(
        400, code: 22, message: "Invalid page: Pages start at 1 and max at 500. They are expected to be an integer.")

    /// 500 with code 11, for sample data that could not be read.
    static let internalError = error(500, code: 11, message: "Internal error: the sample data could not be read.")
}
