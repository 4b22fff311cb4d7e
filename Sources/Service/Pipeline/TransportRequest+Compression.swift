import Foundation

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension TransportRequest {
    /// This request with its body compressed as `compression` says and `Content-Encoding` set, or `nil` when it
    /// goes out as it is: no compression, no body or one under the minimum size, a `Content-Encoding` already
    /// set, or a body that is a stream of its own.
    ///
    /// A body in memory is compressed whole, so it keeps a `Content-Length`; a file is compressed as it is read,
    /// and goes out chunked.
    func compressed(by compression: RequestCompression) throws -> TransportRequest? {
        guard let coding = compression.contentCoding, let minimum = compression.minimumSize,
            let format = compression.deflaterFormat, head.value(forHTTPHeaderField: "Content-Encoding") == nil
        else { return nil }
        var request = self
        switch body {
        case nil:
            guard let data = head.httpBody, let packed = try Self.compress(data, atLeast: minimum, format: format)
            else { return nil }
            request.head.httpBody = packed
        case .data(let data)?:
            guard let packed = try Self.compress(data, atLeast: minimum, format: format) else { return nil }
            request.body = .data(packed)
            request.head.httpBody = nil
        case .file(let file)?:
            guard let length = body?.length, length > 0, length >= minimum else { return nil }
            request.body = .stream(try CompressedFileReader.chunks(of: file, format: format), length: nil)
        case .stream?:
            return nil
        }
        request.head.setValue(coding, forHTTPHeaderField: "Content-Encoding")
        request.head.setValue(nil, forHTTPHeaderField: "Content-Length")
        return request
    }

    /// `data` compressed whole, or `nil` when it is empty or smaller than `minimum`.
    private static func compress(_ data: Data, atLeast minimum: Int, format: Deflater.Format) throws -> Data? {
        guard !data.isEmpty, data.count >= minimum else { return nil }
        guard let packed = Deflater.compress(data, format: format) else { throw CompressionUnavailable() }
        return packed
    }
}
