import Foundation

/// Additional data for HTTP requests: an optional method and body, and headers.
public struct HttpAdditionalData: RemoteScreenAdditionalData, Sendable, Hashable {
    /// The method and body to use instead of a plain `GET`.
    public let httpData: HttpData?
    /// Headers added to the request.
    public var headers: [String: String]

    /// Creates additional data.
    public init(httpData: HttpData?, headers: [String: String] = [:]) {
        self.httpData = httpData
        self.headers = headers
    }

    /// A method and the raw body sent with it.
    public struct HttpData: Sendable, Hashable {
        /// The request method.
        public let method: Method
        /// The request body, sent as it is.
        public let body: Data

        /// Creates HTTP data.
        public init(method: Method, body: Data) {
            self.method = method
            self.body = body
        }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The methods Beagle lets a screen request use, spelled as Beagle spells them.
    public enum Method: String, Sendable, Hashable, CaseIterable {
        /// `POST`.
        case POST
        /// `PUT`.
        case PUT
        /// `GET`.
        case GET
        /// `DELETE`.
        case DELETE
        /// `HEAD`.
        case HEAD
        /// `PATCH`.
        case PATCH
    }
}
