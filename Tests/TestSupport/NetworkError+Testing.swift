import NetworkLayer

extension NetworkError {
    /// This error, when it is of `kind`: `guard let failure = error.ifKind(.timedOut) else { … }`.
    public func ifKind(_ kind: Kind) -> NetworkError? { self.kind == kind ? self : nil }

    /// The response this error carries, when it is of `kind`.
    public func response(ifKind kind: Kind) -> Response? { self.kind == kind ? response : nil }

    /// The request-building failure this error wraps, when it is of kind ``NetworkError/Kind/invalidRequest``.
    public var buildError: RequestBuildError? { kind == .invalidRequest ? underlyingError as? RequestBuildError : nil }
}

extension NetworkError {
    /// The limit a ``NetworkError/Kind/responseTooLarge`` failure names in its detail ("limit 4 bytes", "longer
    /// than 32 bytes"), or `nil` for any other failure.
    public var sizeLimit: Int? {
        guard kind == .responseTooLarge, let words = detail?.split(separator: " ") else { return nil }
        return zip(words, words.dropFirst()).first { $0.1 == "bytes" }.flatMap { Int($0.0) }
    }
}
