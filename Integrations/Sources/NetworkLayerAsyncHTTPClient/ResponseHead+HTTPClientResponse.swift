#if AsyncHTTPClient  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import AsyncHTTPClient
import Foundation
@_spi(Transport) import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension ResponseHead {
    /// The head of `response`, which answered a request for `url`, with its repeated fields kept apart.
    ///
    /// The URL is the request's unless the client followed redirects itself: reading the response's own parses
    /// it again from text.
    init(_ response: HTTPClientResponse, url: URL?) throws {
        var headers: NetworkLayer.HTTPHeaders = [:]
        for field in response.headers {
            headers.add(name: field.name, value: field.value)
        }
        let version = HTTPVersion(major: response.version.major, minor: response.version.minor)
        guard let url = response.history.count > 1 ? response.url : url ?? response.url,
            let head = ResponseHead(
                statusCode: Int(response.status.code), httpVersion: version, headers: headers, url: url)
        else { throw NetworkError(.badResponse, detail: "status \(response.status.code)") }
        self = head
    }
}

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension HTTPCookieStorage {
    /// Stores the cookies `head` sets, for the URL that answered, as Foundation's sessions do.
    func store(from head: ResponseHead) {
        guard let url = head.url else { return }
        let fields = head.headers.values(for: "Set-Cookie")
        guard !fields.isEmpty else { return }
        let cookies = fields.flatMap { HTTPCookie.cookies(withResponseHeaderFields: ["Set-Cookie": $0], for: url) }
        setCookies(cookies, for: url, mainDocumentURL: nil)
    }
}
#endif
