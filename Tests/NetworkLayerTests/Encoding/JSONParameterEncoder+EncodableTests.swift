import Foundation
@_spi(Transport) import NetworkLayer
import Testing

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("JSONParameterEncoder with Encodable values")
struct JSONParameterEncoderEncodableTests {
    struct NewList: Encodable, Sendable {
        var name = "Favourites / 2024"
        var isPublic = true
        var createdAt = Date(timeIntervalSinceReferenceDate: 0)
        var note: String?
    }

    struct Failing: Encodable, Sendable {
        func encode(to encoder: any Encoder) throws {
            throw EncodingError.invalidValue(0, .init(codingPath: [], debugDescription: "nope"))
        }
    }

    @Test("writes sorted keys, ISO 8601 dates and unescaped slashes by default")
    func defaultOutput() throws {
        var request = URLRequest(url: URL(string: "https://x.org/lists")!)
        try JSONParameterEncoder().encode(urlRequest: &request, with: NewList())
        let body = String(decoding: try #require(request.httpBody), as: UTF8.self)
        #expect(body == #"{"createdAt":"2001-01-01T00:00:00Z","isPublic":true,"name":"Favourites / 2024"}"#)
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test("uses the JSONEncoder it is given")
    func customEncoder() throws {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .secondsSince1970
        var request = URLRequest(url: URL(string: "https://x.org/lists")!)
        try JSONParameterEncoder(encoder: encoder).encode(urlRequest: &request, with: NewList(note: "n"))
        let parsed = try #require(JSONSerialization.jsonObject(with: request.httpBody ?? Data()) as? NSDictionary)
        #expect(parsed == ["created_at": 978_307_200, "is_public": true, "name": "Favourites / 2024", "note": "n"])
    }

    @Test("keeps a Content-Type the caller set")
    func keepsContentType() throws {
        var request = URLRequest(url: URL(string: "https://x.org/lists")!)
        request.setValue("application/merge-patch+json", forHTTPHeaderField: "Content-Type")
        try JSONParameterEncoder().encode(urlRequest: &request, with: NewList())
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/merge-patch+json")
    }

    @Test("an encoding error becomes RequestBuildError.encodingFailed")
    func typedError() throws {
        var request = URLRequest(url: URL(string: "https://x.org/lists")!)
        let error = #expect(throws: RequestBuildError.self) {
            try JSONParameterEncoder().encode(urlRequest: &request, with: Failing())
        }
        guard case .encodingFailed(let reason)? = error else {
            Issue.record("expected encodingFailed, got \(error)")
            return
        }
        #expect(reason.contains("nope"))
        #expect(request.httpBody == nil)
    }
}
