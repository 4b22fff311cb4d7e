import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension ResponseHead {
    /// Whether a response to `request` with this head can carry a body at all: not for `HEAD`, nor with
    /// status 1xx, 204 or 304 (RFC 9110 §6.4.1).
    @_spi(Transport) public func mayHaveBody(after request: URLRequest) -> Bool {
        mayHaveBody(answeringHEAD: request.httpMethod == "HEAD")
    }

    /// ``mayHaveBody(after:)`` for a request known only by whether it is a `HEAD`, which redirects keep.
    func mayHaveBody(answeringHEAD isHEAD: Bool) -> Bool {
        !isHEAD && statusCode >= 200 && statusCode != 204 && statusCode != 304
    }

    /// The length the body has as it is read: the `Content-Length`, unless the body is compressed
    /// (transports hand over the decoded bytes, so the length would not match).
    var decodedLength: Int64? {
        let encoding = value(for: "Content-Encoding")?.lowercased() ?? "identity"
        return encoding == "identity" ? expectedContentLength : nil
    }

    /// The error a head shows by itself, or `nil`: a `Content-Length` that is not one plain decimal number
    /// (`1*DIGIT`), fields whose values disagree, or a length past `Int64.max`. Each makes the body's end
    /// unknowable, or read differently by different parsers (RFC 9112 §6.3), so the response cannot be trusted,
    /// whatever bytes arrived.
    ///
    /// A transport checks it as soon as the head arrives, with ``framingError(delivered:after:)`` once the body
    /// has; the router checks it again whichever transport carried the response.
    @_spi(Transport) public var framingError: NetworkError? {
        switch contentLengthField {
        case .absent, .length(_, isPastLargest: false): nil
        case .length(_, isPastLargest: true):
            NetworkError(.badResponse, detail: "Content-Length past the largest length a body can have")
        case .invalid(let reason): NetworkError(.badResponse, detail: reason)
        }
    }

    /// The error of a body of `count` bytes that arrived whole under this head, in answer to `request`, or
    /// `nil`: a count that contradicts the `Content-Length` of a body that is not compressed means the
    /// transport framed the body otherwise than the head says (for example by another `Content-Length`
    /// field that the head does not show).
    @_spi(Transport) public func framingError(delivered count: Int64, after request: URLRequest) -> NetworkError? {
        framingError(delivered: count, answeringHEAD: request.httpMethod == "HEAD")
    }

    /// ``framingError(delivered:after:)`` for a request known only by whether it is a `HEAD`.
    func framingError(delivered count: Int64, answeringHEAD isHEAD: Bool) -> NetworkError? {
        if let error = framingError { return error }
        guard mayHaveBody(answeringHEAD: isHEAD), let length = decodedLength, length != count else { return nil }
        return NetworkError(
            .badResponse, detail: "a body of \(count) bytes where Content-Length says \(length)")
    }
}
