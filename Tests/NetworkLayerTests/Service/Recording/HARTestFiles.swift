import Foundation

@_spi(Transport) @testable import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A HAR file in a directory of its own, gone with the test.
final class HARTestFile: Sendable {
    let directory: URL
    let url: URL

    init() {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("har-\(UUID().uuidString)")
        url = directory.appendingPathComponent("exchanges.har")
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The file's bytes, or none.
    var data: Data { (try? Data(contentsOf: url)) ?? Data() }

    /// The file's text.
    var text: String { String(decoding: data, as: UTF8.self) }

    /// The file, parsed.
    func archive() throws -> HARArchive { try HARArchive.read(data) }
}

/// A transport that answers each request through `respond`, with its body whole or in chunks.
struct RespondingTransport: HTTPTransport {
    let respond: @Sendable (URLRequest) -> (status: Int, headers: HTTPHeaders, chunks: [Data])
    let requests = Locked<[URLRequest]>([])

    func send(_ request: TransportRequest) async throws -> TransportResponse {
        let head = try await request.bufferedHead()
        requests.withLock { $0.append(head) }
        let (status, headers, chunks) = respond(head)
        guard let url = head.url, let responseHead = ResponseHead(statusCode: status, headers: headers, url: url) else {
            throw NetworkError(.badResponse, detail: "no URL")
        }
        let body = ResponseBody.produced { writer in
            for chunk in chunks {
                guard writer.write(chunk) else { return }
                await writer.waitForDemand()
            }
            writer.finish()
        }
        return TransportResponse(head: responseHead, body: chunks.count == 1 ? ResponseBody(chunks[0]) : body)
    }
}

extension TestEndpoint {
    /// An endpoint at `path` under `https://api.example.com/3`.
    static func at(_ path: String, _ method: HTTPMethod = .get, task: HTTPTask = .request, headers: HTTPHeaders? = nil)
        -> TestEndpoint
    {
        TestEndpoint(path: path, httpMethod: method, task: task, headers: headers)
    }
}
