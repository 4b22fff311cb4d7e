import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// The header fields that some redactors hide, judged once per name: a router sends the same few names
/// with every request, and judging one (normalising it, searching it for secret fragments) costs more than
/// looking it up.
final class SecretHeaderNames: Sendable {
    /// The most names remembered; a name past them is judged each time it comes.
    static let capacity = 256

    private let redactors: [Redactor]
    private let verdicts = Locked([String: Bool]())

    /// The fields the default ``Redactor`` hides.
    static let standard = SecretHeaderNames(redactors: [.standard])

    init(redactors: [Redactor]) {
        self.redactors = redactors
    }

    /// The names of the fields of `request` that any of the redactors hides, lowercased.
    func names(in request: URLRequest) -> Set<String> {
        let names = Array((request.allHTTPHeaderFields ?? [:]).keys)
        let known = verdicts.withLock { verdicts in names.map { verdicts[$0] } }
        var judged: [String: Bool] = [:]
        var secret: Set<String> = []
        for (name, verdict) in zip(names, known) {
            let isSecret = verdict ?? redactors.contains { $0.hidesHeader(name) }
            if verdict == nil { judged[name] = isSecret }
            if isSecret { secret.insert(name.lowercased()) }
        }
        if !judged.isEmpty {
            verdicts.withLock { verdicts in
                for (name, isSecret) in judged where verdicts.count < Self.capacity { verdicts[name] = isSecret }
            }
        }
        return secret
    }
}
