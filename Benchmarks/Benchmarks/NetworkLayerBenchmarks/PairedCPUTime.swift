import Benchmark

/// A NetworkLayer operation and its Foundation baseline measured in the same iteration, in alternating
/// blocks on the same thread, so that their ratio holds even when the machine's speed drifts between
/// iterations (the separate benchmarks of each stay for the absolute figures and allocations).
enum PairedCPUTime {
    /// Operations per block; each iteration runs ``blocksPerSide`` blocks of each side in turn.
    static let block = 100
    static let blocksPerSide = 10

    /// The subject's CPU time over the baseline's, in thousandths (1000 = as fast), per iteration.
    static var ratio: BenchmarkMetric {
        .custom("Subject/baseline CPU time x1000", polarity: .prefersSmaller, useScalingFactor: false)
    }

    /// Registers `name`, which records ``ratio`` for `subject` against `baseline`.
    static func register(
        _ name: String,
        subject: @escaping () throws -> Void,
        baseline: @escaping () throws -> Void
    ) {
        Benchmark(name, configuration: Settings.pairedCPUBound) { (benchmark: Benchmark) throws in
            // Which side opens flips every iteration, so that neither always runs on a colder cache.
            let subjectFirst = benchmark.currentIteration.isMultiple(of: 2)
            var subjectTime = 0
            var baselineTime = 0
            for round in 0..<(2 * blocksPerSide) {
                let isSubject = round.isMultiple(of: 2) == subjectFirst
                let operation = isSubject ? subject : baseline
                let start = ThreadCPUTime.now()
                for _ in 0..<block { try operation() }
                let elapsed = ThreadCPUTime.now() - start
                if isSubject { subjectTime += elapsed } else { baselineTime += elapsed }
            }
            benchmark.measurement(ratio, subjectTime * 1000 / max(baselineTime, 1))
        }
    }
}
