import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension Redactor {
    /// The secret values `request` sent, to hide where a response echoes them: the values of secret
    /// headers (and the credential after a scheme such as `Bearer`), secret query items and secret
    /// fragment parameters.
    func secrets(sentWith request: URLRequest) -> Set<String> {
        var secrets: Set<String> = []
        for (name, value) in request.allHTTPHeaderFields ?? [:] where hidesHeader(name) {
            secrets.insert(value)
            if let credential = value.split(separator: " ").last { secrets.insert(String(credential)) }
        }
        guard let url = request.url, let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return secrets }
        for item in components.queryItems ?? [] where hidesParameter(item.name) {
            if let value = item.value { secrets.insert(value) }
        }
        for pair in (components.fragment ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            if parts.count == 2, hidesParameter(String(parts[0])) { secrets.insert(String(parts[1])) }
        }
        return secrets
    }
}
