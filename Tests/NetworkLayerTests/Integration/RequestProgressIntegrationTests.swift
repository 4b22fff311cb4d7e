import Foundation
@_spi(Transport) import NetworkLayer
import TestSupport
import Testing

@Suite("Integration: progress of a response kept in memory", .needsHTTPBin, .timeLimit(.minutes(1)))
struct RequestProgressIntegrationTests {
    @Test("A body with a Content-Length reports its bytes as they arrive, ending at its size")
    func knownLength() async throws {
        let router = try HTTPBinPeer.makeTransferRouter()
        let progress = UploadIntegrationTests.ProgressLog()

        let response = try await router.request(.range(count: 100_000), progress: progress.handler)

        #expect(response.statusCode == 200)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz".utf8)
        #expect(response.data == Data((0..<100_000).map { alphabet[$0 % alphabet.count] }))
        progress.expectMonotonicAndComplete(total: 100_000)
        #expect(progress.reports.current.count > 1)
        #expect(progress.reports.current.allSatisfy { $0.totalBytes == 100_000 })
    }

    @Test("A chunked body without a length reports no total until the end")
    func unknownLength() async throws {
        let router = try HTTPBinPeer.makeTransferRouter()
        let progress = UploadIntegrationTests.ProgressLog()

        let response = try await router.request(.streamBytes(count: 100_000), progress: progress.handler)

        #expect(response.data.count == 100_000)
        progress.expectMonotonicAndComplete(total: 100_000)
        #expect(progress.reports.current.dropLast().allSatisfy { $0.totalBytes == nil })
    }

    @Test("A body over the size limit fails with responseTooLarge, whether its length is known or not")
    func tooLarge() async throws {
        let router = try HTTPBinPeer.makeTransferRouter(maximumResponseSize: 40_000)
        for endpoint in [TransferEndpoint.bytes(count: 100_000, seed: 1), .streamBytes(count: 100_000)] {
            let progress = UploadIntegrationTests.ProgressLog()
            await #expect {
                _ = try await router.request(endpoint, progress: progress.handler)
            } throws: { error in
                guard (error as? NetworkError)?.sizeLimit == 40_000 else { return false }
                return true
            }
            #expect(progress.reports.current.allSatisfy { $0.completedBytes <= 40_000 })
        }
    }
}
