extension TransportRequest {
    /// The failure that stops this request before it is sent: its host is pinned, and it goes over plain `http`
    /// or `transport` cannot check the host's pins (``HTTPTransport/pinningLimitation(for:)``).
    func pinningRefusal(by transport: any HTTPTransport) -> NetworkError? {
        guard let pinning = certificatePinning, let url = head.url, let host = url.host else { return nil }
        let pins = pinning.pins(for: host)
        guard !pins.isEmpty else { return nil }
        let limitation =
            url.scheme?.lowercased() == "https" ? transport.pinningLimitation(for: pins) : "pins hold only over https"
        return limitation.map { CertificatePinningError.unsupported(host: host, reason: $0).networkError }
    }
}
