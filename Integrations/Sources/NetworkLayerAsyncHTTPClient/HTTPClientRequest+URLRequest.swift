#if AsyncHTTPClient  // the package trait (Package.swift); without it, only the stand-in (+TraitOff.swift)
import AsyncHTTPClient
import Foundation
import NIOCore
@_spi(Transport) import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
extension HTTPClientRequest {
    /// `request` as AsyncHTTPClient sends it, with `body` (or else the request's `httpBody`), the cookies
    /// `cookies` holds for its URL unless it sets `Cookie` itself, and upload progress reported to `progress`.
    init(
        _ request: URLRequest, body: RequestBody?, cookies: HTTPCookieStorage?, progress: TransferProgressHandler?
    ) throws {
        guard let url = request.url else { throw NetworkError(.unsupportedURL, detail: "the request has no URL") }
        self.init(url: url.absoluteString)
        method = .init(rawValue: request.httpMethod ?? "GET")
        for (name, value) in request.allHTTPHeaderFields ?? [:] {
            headers.add(name: name, value: value)
        }
        if let cookies, request.value(forHTTPHeaderField: "Cookie") == nil, let stored = cookies.cookies(for: url),
            let field = HTTPCookie.requestHeaderFields(with: stored)["Cookie"]
        {
            headers.add(name: "Cookie", value: field)
        }
        let content = body ?? request.httpBody.map(RequestBody.data)
        if let content { self.body = try Self.body(content, progress: progress) }
    }

    private static func body(_ content: RequestBody, progress: TransferProgressHandler?) throws -> Body {
        switch content {
        case .data(let data):
            guard let progress else { return .bytes(ByteBuffer(bytes: data)) }
            let total = Int64(data.count)
            return .stream(Counted(DataChunks(data), total: total, progress: progress), length: .known(total))
        case .file(let fileURL):
            let chunks = try FileChunks(fileURL)
            return .stream(Counted(chunks, total: chunks.length, progress: progress), length: .known(chunks.length))
        case .stream(let chunks, let length):
            let buffers = Counted(chunks, total: length, progress: progress)
            return .stream(buffers, length: length.map { .known($0) } ?? .unknown)
        }
    }
}

/// The chunks of an upload as `ByteBuffer`s, reporting the bytes handed to the client so far.
@available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
struct Counted<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == Data {
    typealias Element = ByteBuffer
    let base: Base
    let total: Int64?
    let progress: TransferProgressHandler?

    init(_ base: Base, total: Int64?, progress: TransferProgressHandler?) {
        (self.base, self.total, self.progress) = (base, total, progress)
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let total: Int64?
        let progress: TransferProgressHandler?
        var sent: Int64 = 0

        mutating func next() async throws -> ByteBuffer? {
            guard let chunk = try await base.next() else { return nil }
            sent += Int64(chunk.count)
            progress?(TransferProgress(completedBytes: sent, totalBytes: total))
            return ByteBuffer(bytes: chunk)
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: base.makeAsyncIterator(), total: total, progress: progress)
    }
}
#endif
