extension RequestCompression {
    /// The stream zlib makes for this compression, or `nil` for ``none``.
    var deflaterFormat: Deflater.Format? {
        switch self {
        case .none: nil
        case .gzip: .gzip
        case .deflate: .zlib
        }
    }
}
