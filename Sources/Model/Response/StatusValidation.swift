/// Maps a response's status code to success or the matching ``NetworkError``: the check
/// `NetworkManager` and `Router.stream(_:)` apply, and BeagleAdapter too (hence `package`).
package enum StatusValidation {
    /// `.success(response)` when `acceptable` contains the status; otherwise the failure for its class:
    /// 401/403 ``NetworkError/authentication(_:)``, 404 ``NetworkError/notFound(_:)``, other 4xx
    /// ``NetworkError/clientError(_:)``, 5xx ``NetworkError/serverError(_:)``, 3xx
    /// ``NetworkError/unexpectedRedirect(_:)``, anything else ``NetworkError/unacceptableStatusCode(_:)``.
    package static func validate(_ response: Response, acceptable: Set<Int>) -> Result<Response, NetworkError> {
        let status = response.statusCode
        if acceptable.contains(status) { return .success(response) }
        switch status {
        case 401, 403: return .failure(.authentication(response))
        case 404: return .failure(.notFound(response))
        case 400...499: return .failure(.clientError(response))
        case 500...599: return .failure(.serverError(response))
        case 300...399: return .failure(.unexpectedRedirect(response))
        default: return .failure(.unacceptableStatusCode(response))
        }
    }
}
