#if OpenAPIRuntime  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import Foundation
import HTTPTypes
@_spi(Transport) import NetworkLayer
import OpenAPIRuntime

/// A swift-openapi-runtime `ClientTransport` that sends a generated client's requests through a NetworkLayer
/// ``NetworkLayer/Router``, so that they get its retries, credential refresh, plugins, logging, stubs and transport.
///
/// ```swift
/// let router = Router<OpenAPIOperation>(configuration: RouterConfiguration(plugins: [MetricsPlugin()]))
/// let client = Client(serverURL: try Servers.Server1.url(), transport: RouterClientTransport(router: router))
/// ```
///
/// Both bodies stream: the request body goes out as the client produces it, and the response is handed to the
/// client as soon as its head arrives, its body following chunk by chunk (an event stream's first event reaches
/// the client while the server is still sending). Every status reaches the client, which maps it to the
/// operation's responses; a failure to exchange one throws the router's `NetworkError`.
///
/// A request body the client can iterate only once (`IterationBehavior.single`) cannot be sent twice: a retry
/// or a resend after a refreshed credential fails then. The client's bodies built from bytes or `Encodable`
/// values can be sent any number of times.
public struct RouterClientTransport: ClientTransport {
    /// The router that sends every request.
    public let router: Router<OpenAPIOperation>
    private let customize: @Sendable (inout OpenAPIOperation) -> Void

    /// Creates a transport over `router`; `customize` may set per operation (by its ``OpenAPIOperation/operationID``)
    /// whether credentials apply, the retry policy, the deadline or stubbed sample data.
    public init(
        router: Router<OpenAPIOperation>,
        customize: @escaping @Sendable (inout OpenAPIOperation) -> Void = { _ in }
    ) {
        self.router = router
        self.customize = customize
    }

    /// Sends `request` with `body` to the server at `baseURL` and returns the response as soon as its head is in.
    ///
    /// Throws ``NetworkLayer/NetworkError/Kind/invalidRequest`` when the router has a
    /// ``NetworkLayer/RouterConfiguration/baseURL``: it would replace the client's server URL, and the client's
    /// query with it; choose the server in the client instead.
    public func send(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String
    ) async throws -> (HTTPResponse, HTTPBody?) {
        guard router.configuration.baseURL == nil else {
            throw NetworkError(
                .invalidRequest,
                detail: "RouterClientTransport: the router's baseURL would replace the client's server and query")
        }
        var operation = OpenAPIOperation(
            operationID: operationID, serverURL: baseURL, path: request.path ?? "",
            method: HTTPMethod(rawValue: request.method.rawValue), headers: Self.headers(of: request))
        customize(&operation)
        let streamed = try await router.stream(operation, upload: body.map(Self.upload))
        return Self.response(streamed, hasBody: request.method != .head)
    }

    /// The request's fields as the router's headers, repeated names joined with `", "` (`Cookie` with `"; "`).
    static func headers(of request: HTTPRequest) -> HTTPHeaders {
        var joined: [(name: String, values: [String])] = []
        for field in request.headerFields {
            let name = field.name.canonicalName
            if let index = joined.firstIndex(where: { $0.name == name }) {
                joined[index].values.append(field.value)
            } else {
                joined.append((name, [field.value]))
            }
        }
        var headers: HTTPHeaders = [:]
        for (name, values) in joined {
            headers[name] = values.joined(separator: name == "cookie" ? "; " : ", ")
        }
        return headers
    }

    /// `body` as a stream the router reads anew for each attempt, a chunk each time the transport asks for one,
    /// so that the client produces the body no faster than it goes out.
    static func upload(_ body: HTTPBody) -> UploadStream {
        let length: Int64? = if case .known(let count) = body.length { count } else { nil }
        return UploadStream(length: length) {
            let reader = ChunkReader(body)
            return AsyncThrowingStream(unfolding: { try await reader.next() })
        }
    }

    /// The streamed response as the client's head and a body it reads once, chunk by chunk.
    /// `hasBody` is `false` for the answer to a `HEAD` request, whose `Content-Length` describes no body here.
    static func response(_ streamed: StreamedResponse, hasBody: Bool) -> (HTTPResponse, HTTPBody?) {
        let head = streamed.response.head
        var fields = HTTPFields()
        for header in head.headers {
            guard let name = HTTPField.Name(header.name) else { continue }
            fields.append(HTTPField(name: name, value: header.value))
        }
        let response = HTTPResponse(status: .init(code: head.statusCode), headerFields: fields)
        let length: HTTPBody.Length =
            if hasBody, ![204, 304].contains(head.statusCode), fields[.contentEncoding] == nil,
                let count = fields[.contentLength].flatMap(Int64.init)
            {
                .known(count)
            } else {
                .unknown
            }
        return (response, HTTPBody(streamed.body, length: length, iterationBehavior: .single))
    }
}
#endif
