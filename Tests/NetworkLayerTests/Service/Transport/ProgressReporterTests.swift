import Foundation
import TestSupport
import Testing

@_spi(Transport) @testable import NetworkLayer

@Suite("ProgressReporter")
struct ProgressReporterTests {
    private func record(_ body: (ProgressReporter) -> Void) -> [TransferProgress] {
        let reports = Locked<[TransferProgress]>([])
        body(ProgressReporter { progress in reports.withLock { $0.append(progress) } })
        return reports.current
    }

    @Test("reports never go backwards, repeats are dropped, and finish completes the total")
    func monotonic() {
        let reports = record { reporter in
            reporter.report(completed: 10, total: 100)
            reporter.report(completed: 10, total: 100)
            reporter.report(completed: 60, total: 100)
            reporter.report(completed: 5, total: 100)  // a re-sent body starting over
            reporter.report(completed: 100, total: 100)
            reporter.finish()
        }
        #expect(reports.map(\.completedBytes) == [10, 60, 100])
        #expect(reports.last == TransferProgress(completedBytes: 100, totalBytes: 100))
    }

    @Test("an unknown total becomes the transferred size at the end")
    func unknownTotal() {
        let reports = record { reporter in
            reporter.report(completed: 3, total: nil)
            reporter.report(completed: 7, total: nil)
            reporter.finish()
        }
        #expect(reports.map(\.totalBytes) == [nil, nil, 7])
        #expect(reports.last?.isFinished == true)
    }

    @Test("a total smaller than what arrived is raised to it")
    func totalRaised() {
        let reports = record { $0.report(completed: 12, total: 10) }
        #expect(reports == [TransferProgress(completedBytes: 12, totalBytes: 12)])
    }
}
