import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@Suite("ResponseHead")
struct ResponseHeadTests {
    private let url = URL(string: "https://api.example.com/v1/items")!

    private func makeHead(status: Int = 200, _ fields: [(String, String)] = []) -> ResponseHead? {
        var headers = HTTPHeaders()
        for (name, value) in fields { headers.add(name: name, value: value) }
        return ResponseHead(statusCode: status, headers: headers, url: url)
    }

    @Test("a head from parts gives Foundation's response with the same status, URL and fields, built once")
    func foundationResponse() throws {
        let head = try #require(
            makeHead([("Content-Type", "application/json"), ("Set-Cookie", "a=1"), ("Set-Cookie", "b=2")]))
        #expect(head.statusCode == 200)
        #expect(head.url == url)
        let response = head.httpURLResponse
        #expect(response.statusCode == 200)
        #expect(response.url == url)
        #expect(response.value(forHTTPHeaderField: "content-type") == "application/json")
        #expect(response.value(forHTTPHeaderField: "Set-Cookie") == "a=1, b=2")
        #expect(head.httpURLResponse === response)
        let copy = head
        #expect(copy.httpURLResponse === response)
    }

    @Test("a head from Foundation's response hands back that response")
    func fromFoundation() throws {
        let response = try #require(
            HTTPURLResponse(url: url, statusCode: 404, httpVersion: "HTTP/1.1", headerFields: ["Content-Length": "7"]))
        let head = ResponseHead(response)
        #expect(head.httpURLResponse === response)
        #expect(head.statusCode == 404)
        #expect(head.url == url)
        #expect(head.expectedContentLength == 7)
        #expect(head.value(for: "content-length") == "7")
    }

    @Test("statuses Foundation cannot represent give no head", arguments: [-1, 0, 99, 1000])
    func unrepresentableStatus(status: Int) {
        #expect(makeHead(status: status) == nil)
    }

    @Test(
        "Content-Length reads as a length only when its values agree",
        arguments: [
            (["17697"], Int64?.some(17697)),
            ([" 42 "], 42),
            (["5", "5"], 5),
            (["5, 5"], 5),
            (["5", "6"], nil),
            (["-1"], nil),
            (["ten"], nil),
            ([], nil),
            (["+9"], nil),
            (["0x5"], nil),
            (["5 9"], nil),
            (["9.0"], nil),
            (["9,"], nil),
            ([""], nil),
            (["0009"], 9),
            (["9", "009"], 9),
            (["9223372036854775807"], Int64.max),
            (["10000000000000000000"], Int64.max),
        ] as [([String], Int64?)]
    )
    func contentLength(values: [String], length: Int64?) throws {
        let head = try #require(makeHead(values.map { ("Content-Length", $0) }))
        #expect(head.expectedContentLength == length)
    }

    @Test(
        "a head from Foundation reads Content-Length by the same rule",
        arguments: [("+9", Int64?.none), ("9", 9), ("10000000000000000000", Int64.max)])
    func foundationContentLength(value: String, length: Int64?) throws {
        let response = try #require(
            HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: ["Content-Length": value])
        )
        #expect(ResponseHead(response).expectedContentLength == length)
    }
}
