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

    /// The response as NetworkLayer's stub seam serves it.
    public var stubResponse: StubResponse {
        .http(statusCode, headers: ["Content-Type": Self.contentType], data: body)
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
