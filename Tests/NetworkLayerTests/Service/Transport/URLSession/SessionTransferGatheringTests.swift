import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("A body gathered whole by the URLSession transport")
struct SessionTransferGatheringTests {
    /// An announced `Content-Length`, and the size limit of the transfer.
    struct Case: Sendable, CustomTestStringConvertible {
        let announced: String?
        let limit: Int?
        var testDescription: String {
            "Content-Length \(announced ?? "none"), limit \(limit.map(String.init) ?? "none")"
        }
    }

    static let body = Data((0..<(300 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31) })

    @Test(arguments: [
        Case(announced: nil, limit: nil),
        Case(announced: "\(body.count)", limit: nil),
        Case(announced: "\(body.count)", limit: 400 * 1024),
        Case(announced: "100", limit: nil),
        Case(announced: "99999999999999999999", limit: 1024 * 1024),
        Case(announced: "\(body.count * 1000)", limit: nil),
    ])
    func keepsEveryByteInOrder(_ test: Case) throws {
        let url = try #require(URL(string: "http://127.0.0.1/body"))
        var headers: HTTPHeaders = [:]
        if let announced = test.announced { headers["Content-Length"] = announced }
        var options = TransferOptions()
        options.keepsWholeBody = true
        options.maximumResponseSize = test.limit
        var transfer = SessionTransfer(options: options) { _ in }
        transfer.head = ResponseHead(statusCode: 200, headers: headers, url: url)
        for start in stride(from: 0, to: Self.body.count, by: 16 * 1024) {
            transfer.gather(Self.body.subdata(in: start..<min(start + 16 * 1024, Self.body.count)))
        }
        #expect(transfer.body == Self.body)
    }
}
