import Foundation

extension NetworkError {
    /// How the line starts: the kind, or, for a failure to reach a host, the host and the cause
    /// ("Cannot connect to 127.0.0.1:8080 (connection refused)").
    var headline: String {
        guard let unreachable = unreachableHost else { return kind.description }
        return particulars.map { "\(unreachable) (\($0))" } ?? unreachable
    }

    /// "Cannot connect to 127.0.0.1:8080" or "Cannot find host example.com", when the request could not
    /// reach the host of a known URL.
    var unreachableHost: String? {
        guard let url, let host = url.host, !host.isEmpty else { return nil }
        switch kind {
        case .cannotConnect: return "Cannot connect to \(hostAndPort ?? host)"
        case .cannotFindHost: return "Cannot find host \(host)"
        default: return nil
        }
    }

    /// What to check, for the failures with one likely cause.
    var advice: String? {
        switch kind {
        case .cannotConnect:
            "check that a server is listening on \(hostAndPort ?? "that host and port")"
        case .cannotFindHost:
            "check the host name and the network's DNS"
        case .notConnected:
            "check the device's network connection"
        case .timedOut:
            "if the server is only slow, raise the endpoint's timeout or deadline"
        case .secureConnection where underlyingError is CertificatePinningError:
            nil
        case .secureConnection:
            "check that the server's certificate is valid, trusted and issued for this host name"
        case .responseTooLarge:
            "raise RouterConfiguration.maximumResponseSize, or stream or download the body"
        case .tooManyRedirects:
            "the server redirects in a loop, or further than the transport's hop limit"
        case .unsupportedURL:
            "use an http or https URL with a host"
        default:
            nil
        }
    }

    /// `host:port` of the request's URL, with the scheme's port when the URL names none.
    private var hostAndPort: String? {
        guard let url, let host = url.host, !host.isEmpty else { return nil }
        let port = url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80)
        return host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
