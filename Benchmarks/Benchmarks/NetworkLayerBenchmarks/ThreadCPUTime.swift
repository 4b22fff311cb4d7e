import Benchmark
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The calling thread's CPU time, with nanosecond resolution.
///
/// The process CPU time that package-benchmark reports (`cpuTotal`) ticks in 10 ms steps on Linux,
/// too coarse for iterations of a few milliseconds. A thread's own CPU time is exact, and, unlike
/// wall-clock time, hardly moves when other processes compete for the machine's cores, so the
/// ratios of CPU-bound benchmarks stay put on a busy machine.
enum ThreadCPUTime {
    /// The custom metric the CPU-bound benchmarks record, per iteration (nanoseconds).
    static var metric: BenchmarkMetric { .custom("Thread CPU time (ns)", polarity: .prefersSmaller) }

    static func now() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Int(time.tv_sec) * 1_000_000_000 + Int(time.tv_nsec)
    }

    /// Runs `operation` once per inner iteration of `benchmark` on this thread and records the CPU time it took.
    static func measure(_ benchmark: Benchmark, _ operation: () throws -> Void) rethrows {
        let start = now()
        for _ in benchmark.scaledIterations {
            try operation()
        }
        benchmark.measurement(metric, now() - start)
    }
}
