import Foundation

/// One request Beagle asks its ``NetworkClient`` to send.
///
/// Not `Sendable`, as in Beagle: a raw request's body is `Any?`. A client reads the request on the
/// thread that calls it and sends only what it built from it.
public struct Request {
    /// The full URL, already built by Beagle's URL builder.
    public let url: URL
    /// What the request is for.
    public let type: RequestType
    /// Extra headers, and for ``HttpAdditionalData`` a method and a body.
    public let additionalData: (any RemoteScreenAdditionalData)?

    /// Creates a request.
    public init(url: URL, type: RequestType, additionalData: (any RemoteScreenAdditionalData)?) {
        self.url = url
        self.type = type
        self.additionalData = additionalData
    }

    /// What a request is for.
    public enum RequestType {
        /// A screen: the server-driven component tree.
        case fetchComponent
        /// A form submission with its method and field values.
        case submitForm(FormData)
        /// An image.
        case fetchImage
        /// A request spelled out by the app or a Beagle action: method, headers and body.
        case rawRequest(RequestData)
    }

    /// A submitted form: the method and the field values.
    public struct FormData: Sendable, Equatable {
        /// How the form is sent.
        public let method: FormRemoteAction.Method
        /// The field values by name.
        public let values: [String: String]

        /// Creates form data.
        public init(method: FormRemoteAction.Method, values: [String: String]) {
            self.method = method
            self.values = values
        }
    }

    /// A request spelled out in full.
    ///
    /// ``body`` is `Any?`, as in Beagle. ``RouterNetworkClient`` sends it as JSON, so it must be a
    /// JSON value: a dictionary with `String` keys, an array, a string, a number, a `Bool`, or nested
    /// collections of those. It is encoded on the calling thread, before anything is sent.
    public struct RequestData {
        /// The method token; `nil` means `GET`.
        public let method: String?
        /// The request's headers; the only headers it is sent with.
        public let headers: [String: String]?
        /// The value sent as the JSON body; `nil` sends `{}` (except with `GET`).
        public let body: Any?

        /// Creates request data.
        public init(method: String? = "GET", headers: [String: String]? = [:], body: Any? = nil) {
            self.method = method
            self.headers = headers
            self.body = body
        }
    }

    /// Why Beagle could not load something.
    public enum Error: Swift.Error {
        /// The network client failed.
        case networkError(NetworkError)
        /// The response body could not be decoded.
        case decoding(Swift.Error)
        /// A screen could not be loaded from text; Beagle declares it and no longer uses it.
        case loadFromTextError
        /// The URL builder could not build a URL from the given path.
        case urlBuilderError
        /// No ``NetworkClient`` was configured.
        case networkClientWasNotConfigured
    }
}
