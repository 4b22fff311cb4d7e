import BeagleAdapter
import Foundation
import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Beagle's builder snapshot facts, reproduced through the adapter's request building (no network).
@Suite("BeagleEndpoint: Beagle's builder snapshot")
struct BeagleEndpointSnapshotTests {
    enum Kind: Sendable {
        case fetchComponent
        case fetchImage
        case form(FormRemoteAction.Method, values: [String: String])
    }

    struct Row: CustomTestStringConvertible, Sendable {
        let kind: Kind
        let withAdditionalData: Bool

        var testDescription: String {
            let name: String
            switch kind {
            case .fetchComponent: name = "fetchComponent"
            case .fetchImage: name = "fetchImage"
            case .form(let method, let values):
                name = "form \(method.rawValue) \(values.isEmpty ? "{}" : "{key:value}")"
            }
            return withAdditionalData ? "\(name) + additional data" : name
        }
    }

    static let base = "scheme://baseUrl/"

    /// 10 request kinds, each without and with additional data.
    static let rows: [Row] = {
        let value = ["key": "value"]
        let kinds: [Kind] = [
            .fetchComponent, .fetchImage,
            .form(.get, values: value), .form(.post, values: value), .form(.put, values: value),
            .form(.delete, values: value),
            .form(.get, values: [:]), .form(.post, values: [:]), .form(.put, values: [:]), .form(.delete, values: [:]),
        ]
        return kinds.flatMap { [Row(kind: $0, withAdditionalData: false), Row(kind: $0, withAdditionalData: true)] }
    }()

    /// The method, URL and body Beagle's builder produces for `row`.
    static func expected(_ row: Row) -> (method: String, url: String, body: String?) {
        switch row.kind {
        case .fetchComponent, .fetchImage:
            return (row.withAdditionalData ? "POST" : "GET", base, nil)
        case .form(let method, let values):
            switch method {
            case .get, .delete: return (method.rawValue, values.isEmpty ? base : "\(base)?key=value", nil)
            case .post, .put: return (method.rawValue, base, values.isEmpty ? "{}" : #"{"key":"value"}"#)
            }
        }
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
        let expected = Self.expected(row)

        #expect(urlRequest.httpMethod == expected.method)
        #expect(urlRequest.url?.absoluteString == expected.url)
        if let body = expected.body {
            #expect(urlRequest.httpBody.map { String(decoding: $0, as: UTF8.self) } == body)
            #expect(urlRequest.httpBody?.count == body.utf8.count)
        } else {
            #expect((urlRequest.httpBody ?? Data()).isEmpty)
        }
        #expect(urlRequest.allHTTPHeaderFields?.count == (row.withAdditionalData ? 3 : 2))
        #expect(urlRequest.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(urlRequest.value(forHTTPHeaderField: "beagle-platform") == "IOS")
        #expect(urlRequest.value(forHTTPHeaderField: "header") == (row.withAdditionalData ? "header" : nil))
    }

    @Test("The form POST body is the 15 bytes of {\"key\":\"value\"}")
    func formBodySize() throws {
        let request = Request(
            url: try #require(URL(string: Self.base)),
            type: .submitForm(Request.FormData(method: .post, values: ["key": "value"])),
            additionalData: nil
        )
        let client = RouterNetworkClient(transport: HTTPFixtures.transport(), logger: nil)
        #expect(try client.makeURLRequest(for: request).httpBody?.count == 15)
    }
}
