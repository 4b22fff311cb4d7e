import Foundation

@_spi(Transport) @testable import NetworkLayer

extension StoredResponse {
    /// A stored `200` for `file:///sample` whose one field, `X-Sample`, holds `marker`, so tests of a storage
    /// can tell heads apart.
    static func sample(_ marker: String) -> StoredResponse {
        let url = URL(fileURLWithPath: "/sample")
        guard let head = ResponseHead(statusCode: 200, headers: ["X-Sample": marker], url: url) else {
            preconditionFailure("200 is a valid status")
        }
        return StoredResponse(
            head, url: url, requestTime: Date(timeIntervalSince1970: 0),
            responseTime: Date(timeIntervalSince1970: 1), varyNames: [], isCredentialBound: false, shared: false)
    }
}
