import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The `HTTPURLResponse` of a ``ResponseHead`` from a transport other than Foundation's, built the first time
/// it is read and kept.
///
/// Such a transport hands back status, fields and URL, and most callers read those through the head without
/// ever asking for Foundation's type. Building one with its fields is not cheap on Linux, where Foundation checks
/// and rewrites every field name, so a head pays for that only when it is read.
final class FoundationResponse: Sendable {
    private let state: Locked<State>

    private enum State {
        /// The parts to build from, and Foundation's response without fields, which stands in should
        /// Foundation refuse the fields.
        case parts(url: URL, statusCode: Int, httpVersion: String, headers: HTTPHeaders, bare: HTTPURLResponse)
        case built(HTTPURLResponse)
    }

    /// A response to build from its parts when it is first read; `nil` when Foundation cannot represent it.
    init?(url: URL, statusCode: Int, httpVersion: String, headers: HTTPHeaders) {
        guard let bare = HTTPURLResponse(url: url, statusCode: statusCode, httpVersion: httpVersion, headerFields: nil)
        else { return nil }
        state = Locked(.parts(url: url, statusCode: statusCode, httpVersion: httpVersion, headers: headers, bare: bare))
    }

    /// Foundation's response, built on the first call.
    var response: HTTPURLResponse {
        state.withLock { state in
            switch state {
            case .built(let response):
                return response
            case .parts(let url, let statusCode, let httpVersion, let headers, let bare):
                let response =
                    HTTPURLResponse(
                        url: url, statusCode: statusCode, httpVersion: httpVersion, headerFields: headers.joinedFields)
                    ?? bare
                state = .built(response)
                return response
            }
        }
    }
}
