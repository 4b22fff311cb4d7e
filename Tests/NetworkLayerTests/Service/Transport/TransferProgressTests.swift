import Foundation
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("TransferProgress")
struct TransferProgressTests {
    @Test(
        "fractionCompleted and isFinished",
        arguments: [
            (TransferProgress(completedBytes: 0, totalBytes: 100), 0.0 as Double?, false),
            (TransferProgress(completedBytes: 50, totalBytes: 100), 0.5, false),
            (TransferProgress(completedBytes: 100, totalBytes: 100), 1, true),
            (TransferProgress(completedBytes: 0, totalBytes: 0), 1, true),
            (TransferProgress(completedBytes: 10, totalBytes: nil), nil, false),
        ]
    )
    func fraction(progress: TransferProgress, fraction: Double?, finished: Bool) {
        #expect(progress.fractionCompleted == fraction)
        #expect(progress.isFinished == finished)
    }
}
