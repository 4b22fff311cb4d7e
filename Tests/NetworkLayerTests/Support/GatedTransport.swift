import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A transport that holds every request until ``open()``, counting the requests it was sent and those
/// cancelled while held. The body of the n-th request is `response n`, so equal bodies mean one request;
/// with an `inner` transport, the held requests go on through it instead.
struct GatedTransport: HTTPTransport {
    let sends = Locked(0)
    let cancelled = Locked(0)
    let requests = Locked<[URLRequest]>([])
    private let isOpen: Locked<Bool>
    private let inner: (any HTTPTransport)?

    init(open: Bool = false, inner: (any HTTPTransport)? = nil) {
        isOpen = Locked(open)
        self.inner = inner
    }

    /// Lets every held request, and every later one, through.
    func open() {
        isOpen.withLock { $0 = true }
    }

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let number = sends.increment()
        requests.withLock { $0.append(request.head) }
        while !isOpen.current {
            do {
                try await Task.sleep(nanoseconds: 1_000_000)
            } catch {
                cancelled.increment()
                throw error
            }
        }
        if let inner { return try await inner.send(request) }
        guard let url = request.head.url, let head = ResponseHead(statusCode: 200, url: url) else {
            throw NetworkError(.badResponse, detail: "no URL")
        }
        return TransportResponse(head: head, body: ResponseBody(Data("response \(number)".utf8)))
    }
}
