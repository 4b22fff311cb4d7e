import Foundation
@_spi(Transport) import NetworkLayer
import Testing

@Suite("StatusValidation")
struct StatusValidationTests {
    @Test(
        "maps a status to success or the matching error",
        arguments: [
            (200, "success"), (201, "success"), (204, "success"), (299, "success"),
            (101, "unacceptableStatusCode"),
            (301, "unexpectedRedirect"), (304, "unexpectedRedirect"),
            (400, "clientError"), (401, "authentication"), (403, "authentication"), (404, "notFound"),
            (409, "clientError"), (418, "clientError"), (422, "clientError"), (429, "clientError"),
            (500, "serverError"), (502, "serverError"), (503, "serverError"), (599, "serverError"),
            (600, "unacceptableStatusCode"),
        ]
    )
    func maps(status: Int, expected: String) {
        let result = StatusValidation.validate(.stub(status), acceptable: Set(200..<300))
        #expect(result.errorKind == expected)
        #expect((try? result.get())?.statusCode ?? result.failureStatus == status)
    }

    @Test(
        "custom acceptable codes",
        arguments: [
            ([200] as Set<Int>, 204, "unacceptableStatusCode"),
            ([200, 404] as Set<Int>, 404, "success"),
            ([304] as Set<Int>, 304, "success"),
            ([201] as Set<Int>, 200, "unacceptableStatusCode"),
            (Set(200..<300), 404, "notFound"),
        ]
    )
    func customAcceptable(acceptable: Set<Int>, status: Int, expected: String) {
        #expect(StatusValidation.validate(.stub(status), acceptable: acceptable).errorKind == expected)
    }
}

extension Result where Success == Response, Failure == NetworkError {
    /// The status the failure carries.
    var failureStatus: Int? {
        if case .failure(let error) = self { return error.statusCode }
        return nil
    }
}
