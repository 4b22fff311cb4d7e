// The stand-in's request types; see NetworkClient.swift.
import Foundation

/// One request Beagle asks its network client to send.
public struct Request {
    /// The full URL.
    public let url: URL
    /// What the request is for.
    public let type: RequestType
    /// Headers, and for `HttpAdditionalData` a method and a body.
    public let additionalData: RemoteScreenAdditionalData?

    /// Creates a request.
    public init(url: URL, type: RequestType, additionalData: RemoteScreenAdditionalData?) {
        self.url = url
        self.type = type
        self.additionalData = additionalData
    }

    /// What a request is for.
    public enum RequestType {
        /// A screen.
        case fetchComponent
        /// A form submission.
        case submitForm(FormData)
        /// An image.
        case fetchImage
        /// Any other request.
        case rawRequest(RequestData)
    }

    /// A submitted form.
    public struct FormData {
        /// How the form is sent.
        public let method: FormRemoteAction.Method
        /// The field values.
        public let values: [String: String]

        /// Creates form data.
        public init(method: FormRemoteAction.Method, values: [String: String]) {
            self.method = method
            self.values = values
        }
    }

    /// A request spelled out in full.
    public struct RequestData {
        /// The method; `GET` by default.
        public let method: String?
        /// The headers.
        public let headers: [String: String]?
        /// The body.
        public let body: Any?

        /// Creates request data.
        public init(method: String? = "GET", headers: [String: String]? = [:], body: Any? = nil) {
            self.method = method
            self.headers = headers
            self.body = body
        }
    }

    /// Why something could not be loaded.
    public enum Error: Swift.Error {
        /// The network client failed.
        case networkError(NetworkError)
        /// The body could not be decoded.
        case decoding(Swift.Error)
        /// A screen could not be loaded from text.
        case loadFromTextError
        /// No URL could be built.
        case urlBuilderError
        /// No network client is configured.
        case networkClientWasNotConfigured
    }
}

/// Extra data for the request of a remote screen.
public protocol RemoteScreenAdditionalData {
    /// Headers added to the request.
    var headers: [String: String] { get set }
}

/// Additional data with a method and a body.
public struct HttpAdditionalData: RemoteScreenAdditionalData, Equatable {
    /// The method and body.
    public let httpData: HttpData?
    /// Headers added to the request.
    public var headers: [String: String]

    /// Creates additional data.
    public init(httpData: HttpData?, headers: [String: String] = [:]) {
        self.httpData = httpData
        self.headers = headers
    }

    /// A method and a body.
    public struct HttpData: Equatable {
        /// The method.
        public let method: Method
        /// The body.
        public let body: Data

        /// Creates HTTP data.
        public init(method: Method, body: Data) {
            self.method = method
            self.body = body
        }
    }

    // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The methods, spelled as Beagle spells them.
    public enum Method: String {
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

/// The form action; only its method is part of the network contract.
public enum FormRemoteAction {
    /// How a form is sent.
    public enum Method: String, CaseIterable {
        /// Values go to the query.
        case get = "GET"
        /// Values go to a JSON body.
        case post = "POST"
        /// Values go to a JSON body.
        case put = "PUT"
        /// Values go to the query.
        case delete = "DELETE"
    }
}
