#if canImport(Security)
import Foundation
import Security

/// Certificate pinning on Apple platforms, where Foundation asks the delegate whether to trust each server.
extension SessionDelegate {
    /// Answers a server-trust challenge: the system's own evaluation (a chain to a trusted root, the host name,
    /// the dates), then, for a host the task's ``CertificatePinning`` pins, the pins against every certificate of
    /// the evaluated chain. A chain that shows none fails the task with
    /// ``CertificatePinningError/mismatch(host:presented:)`` before the request is sent.
    func answerServerTrust(
        _ challenge: URLAuthenticationChallenge,
        task: URLSessionTask,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        let host = challenge.protectionSpace.host
        let pinning = transfers.withLock { $0[task.taskIdentifier]?.options.certificatePinning }
        guard let pinning, !pinning.pins(for: host).isEmpty, let trust = challenge.protectionSpace.serverTrust,
            SecTrustEvaluateWithError(trust, nil)
        else {
            // Not pinned, or a chain the system refuses: Foundation refuses it again, with its own error.
            completionHandler(.performDefaultHandling, nil)
            return
        }
        if let failure = pinning.failure(host: host, chain: Self.certificates(of: trust)) {
            fail(task, with: failure.networkError)
            completionHandler(.cancelAuthenticationChallenge, nil)
            return
        }
        completionHandler(.useCredential, URLCredential(trust: trust))
    }

    /// The evaluated chain's certificates, DER, leaf first.
    static func certificates(of trust: SecTrust) -> [Data] {
        let chain: [SecCertificate]
        if #available(macOS 12, iOS 15, tvOS 15, watchOS 8, *) {
            chain = SecTrustCopyCertificateChain(trust) as? [SecCertificate] ?? []
        } else {
            chain = (0..<SecTrustGetCertificateCount(trust)).compactMap { SecTrustGetCertificateAtIndex(trust, $0) }
        }
        return chain.map { SecCertificateCopyData($0) as Data }
    }
}
#endif
