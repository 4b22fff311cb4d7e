import BeagleAdapter
import Foundation
import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Beagle's `HttpRequestBuilder` test table (its 20 snapshot cases), reproduced through the adapter's
/// request building: each request must have Beagle's method, URL, headers and body, byte for byte.
@Suite("BeagleEndpoint: Beagle's builder snapshot")
struct BeagleEndpointSnapshotTests {
    enum Kind: Sendable {
        case fetchComponent
        case fetchImage
        case form(FormRemoteAction.Method, values: [String: String])
    }

    /// One case of Beagle's table: the request, and the request Beagle's builder makes of it.
    struct Row: CustomTestStringConvertible, Sendable {
        let number: Int
        let kind: Kind
        let withAdditionalData: Bool
        let method: String
        let url: String
        /// `nil` for no body, as distinct from an empty one.
        let body: String?

        var testDescription: String {
            let name: String
            switch kind {
            case .fetchComponent: name = "fetchComponent"
            case .fetchImage: name = "fetchImage"
            case .form(let method, let values):
                name = "form \(method.rawValue) \(values.isEmpty ? "{}" : "{key:value}")"
            }
            return "\(number): " + (withAdditionalData ? "\(name) + additional data" : name)
        }
    }

    static let base = "scheme://baseUrl/"

    /// The table in Beagle's order. Its additional data is a `POST` with an empty body and one header.
    static let rows: [Row] = {
        let value = ["key": "value"]
        let keyValue = #"{"key":"value"}"#
        let cases: [(Kind, Bool, String, String, String?)] = [
            (.fetchComponent, false, "GET", base, nil),
            (.fetchComponent, true, "POST", base, ""),
            (.fetchImage, false, "GET", base, nil),
            (.fetchImage, true, "POST", base, ""),
            (.form(.get, values: value), false, "GET", base + "?key=value", nil),
            (.form(.get, values: value), true, "GET", base + "?key=value", ""),
            (.form(.get, values: [:]), false, "GET", base + "?", nil),
            (.form(.get, values: [:]), true, "GET", base + "?", ""),
            (.form(.post, values: value), false, "POST", base, keyValue),
            (.form(.post, values: value), true, "POST", base, keyValue),
            (.form(.post, values: [:]), false, "POST", base, "{}"),
            (.form(.post, values: [:]), true, "POST", base, "{}"),
            (.form(.put, values: value), false, "PUT", base, keyValue),
            (.form(.put, values: value), true, "PUT", base, keyValue),
            (.form(.put, values: [:]), false, "PUT", base, "{}"),
            (.form(.put, values: [:]), true, "PUT", base, "{}"),
            (.form(.delete, values: value), false, "DELETE", base + "?key=value", nil),
            (.form(.delete, values: value), true, "DELETE", base + "?key=value", ""),
            (.form(.delete, values: [:]), false, "DELETE", base + "?", nil),
            (.form(.delete, values: [:]), true, "DELETE", base + "?", ""),
        ]
        return cases.enumerated().map { index, row in
            Row(number: index + 1, kind: row.0, withAdditionalData: row.1, method: row.2, url: row.3, body: row.4)
        }
    }()

    @Test("The table has Beagle's 20 cases")
    func tableSize() {
        #expect(Self.rows.count == 20)
    }

    @Test("Request building matches Beagle's builder", arguments: rows)
    func snapshot(_ row: Row) throws {
        let type: Request.RequestType
        switch row.kind {
        case .fetchComponent: type = .fetchComponent
        case .fetchImage: type = .fetchImage
        case .form(let method, let values): type = .submitForm(Request.FormData(method: method, values: values))
        }
        let additionalData = HttpAdditionalData(
            httpData: .init(method: .POST, body: Data()),
            headers: ["header": "header"]
        )
        let request = Request(
            url: try #require(URL(string: Self.base)),
            type: type,
            additionalData: row.withAdditionalData ? additionalData : nil
        )
        let client = RouterNetworkClient(transport: HTTPFixtures.transport(), logger: nil)
        let urlRequest = try client.makeURLRequest(for: request)

        var headers = ["Content-Type": "application/json", "beagle-platform": "IOS"]
        if row.withAdditionalData { headers["header"] = "header" }
        #expect(urlRequest.httpMethod == row.method)
        #expect(urlRequest.url?.absoluteString == row.url)
        #expect(urlRequest.beagleHeaderFields == headers)
        #expect(urlRequest.httpBody == row.body.map { Data($0.utf8) })
    }

    @Test("Requests time out after 100 s and ignore the local cache, as Beagle's do")
    func defaults() throws {
        let request = Request(url: try #require(URL(string: Self.base)), type: .fetchComponent, additionalData: nil)
        let urlRequest = try RouterNetworkClient(transport: HTTPFixtures.transport(), logger: nil)
            .makeURLRequest(for: request)
        #expect(urlRequest.timeoutInterval == 100)
        #expect(urlRequest.cachePolicy == .reloadIgnoringLocalCacheData)
    }

    @Test("Timeout and cache policy can be changed")
    func changedDefaults() throws {
        let request = Request(url: try #require(URL(string: Self.base)), type: .fetchComponent, additionalData: nil)
        let client = RouterNetworkClient(
            transport: HTTPFixtures.transport(),
            logger: nil,
            timeout: 30,
            cachePolicy: .returnCacheDataElseLoad
        )
        let urlRequest = try client.makeURLRequest(for: request)
        #expect(urlRequest.timeoutInterval == 30)
        #expect(urlRequest.cachePolicy == .returnCacheDataElseLoad)
    }
}
