import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Reports a connection that dropped as `URLError(.networkConnectionLost)` on every platform.
///
/// Apple platforms do already. Foundation on Linux passes curl's errors on instead: a connection closed
/// before any response arrives as `badServerResponse` ("Empty reply from server"), a body cut short as
/// `unknown` ("transfer closed with N bytes remaining to read", or a chunked body cut inside a chunk).
/// Told apart by what had arrived, not by curl's wording, they become `networkConnectionLost`, so a
/// ``RetryPolicy`` retries them as it does on Apple platforms; Foundation's error stays as the
/// underlying error.
enum ConnectionLoss {
    /// `error`, or `networkConnectionLost` when it says in Linux's terms that the connection dropped.
    static func normalized(_ error: any Error, after transfer: SessionTransfer) -> any Error {
        #if canImport(FoundationNetworking)
        guard let urlError = error as? URLError else { return error }
        let lostBeforeReply =
            urlError.code == .badServerResponse && transfer.response == nil && transfer.receivedBytes == 0
        let lostMidBody =
            urlError.code == .unknown
            && transfer.response.map { !Self.isComplete(transfer, head: ResponseHead($0)) } == true
        guard lostBeforeReply || lostMidBody else { return error }
        var userInfo = urlError.userInfo
        userInfo[NSUnderlyingErrorKey] = urlError as NSError
        return URLError(.networkConnectionLost, userInfo: userInfo)
        #else
        return error
        #endif
    }

    /// Whether every byte of the body had arrived: never known for a body without a length (chunked,
    /// compressed, or delimited by the connection's close), whose failure then means it was cut.
    private static func isComplete(_ transfer: SessionTransfer, head: ResponseHead) -> Bool {
        guard let length = head.decodedLength else { return false }
        return transfer.receivedBytes >= length
    }
}
