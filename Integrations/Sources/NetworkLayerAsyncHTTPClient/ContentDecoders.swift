#if AsyncHTTPClient  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import Foundation
@_spi(Transport) import NetworkLayer

/// The content codings the transport decodes itself, beside the gzip and deflate that AsyncHTTPClient does:
/// `br` and `zstd`, where the system's libraries are built in (Package.swift: on Linux).
enum ContentDecoders {
    /// The most bytes one decoded chunk holds.
    static let chunkSize = 64 * 1024

    /// The codings decoded here, for `Accept-Encoding`.
    static var codings: [String] {
        var codings: [String] = []
        #if canImport(CBrotli)
        codings.append("br")
        #endif
        #if canImport(CZstd)
        codings.append("zstd")
        #endif
        return codings
    }

    /// A decoder for the body under `head`, or `nil` when its `Content-Encoding` is not one coding decoded
    /// here (as AsyncHTTPClient decodes only a single gzip or deflate, a list of codings is left as it is).
    static func decoder(for head: ResponseHead) -> (any ContentDecoder)? {
        let fields = head.headers.values(for: "Content-Encoding")
        guard fields.count == 1, let coding = fields.first?.trimmingCharacters(in: .whitespaces).lowercased() else {
            return nil
        }
        return decoder(for: coding)
    }

    /// A decoder of `coding`, a lowercased coding name, or `nil` when it is not decoded here.
    static func decoder(for coding: String) -> (any ContentDecoder)? {
        switch coding {
        #if canImport(CBrotli)
        case "br": BrotliDecoder()
        #endif
        #if canImport(CZstd)
        case "zstd": ZstdDecoder()
        #endif
        default: nil
        }
    }
}
#endif
