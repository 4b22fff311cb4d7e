/// Maps a response's status code to success or the matching ``NetworkError``: the check
/// `NetworkManager` and `Router.stream(_:)` apply, and BeagleAdapter too (hence `package`).
package enum StatusValidation {
    /// `.success(response)` when `acceptable` contains the status; otherwise the failure for its class:
    /// 401/403 ``NetworkError/Kind/authentication``, 404 ``NetworkError/Kind/notFound``, other 4xx
    /// ``NetworkError/Kind/clientError``, 5xx ``NetworkError/Kind/serverError``, 3xx
    /// ``NetworkError/Kind/unexpectedRedirect``, anything else ``NetworkError/Kind/unacceptableStatusCode``.
    package static func validate(_ response: Response, acceptable: Set<Int>) -> Result<Response, NetworkError> {
        let status = response.statusCode
        if acceptable.contains(status) { return .success(response) }
        switch status {
        case 401, 403: return .failure(NetworkError(.authentication, response: response))
        case 404: return .failure(NetworkError(.notFound, response: response))
        case 400...499: return .failure(NetworkError(.clientError, response: response))
        case 500...599: return .failure(NetworkError(.serverError, response: response))
        case 300...399: return .failure(NetworkError(.unexpectedRedirect, response: response))
        default: return .failure(NetworkError(.unacceptableStatusCode, response: response))
        }
    }
}
