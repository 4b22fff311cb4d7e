import Foundation
import NetworkLayer

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Sends many requests through one `Router` (or, to compare, a bare `URLSession`) and checks that each completes exactly once, without
/// errors, and that resident memory stays flat. Exits 1 when a check fails, 2 on a bad command line.
@main
struct LoadTest {
    static func main() async {
        let options: Options
        do {
            options = try Options(parsing: Array(CommandLine.arguments.dropFirst()))
        } catch {
            guard let message = error.message else {
                print(Options.usage)
                exit(0)
            }
            FileHandle.standardError.write(Data("loadtest: \(message)\n\(Options.usage)\n".utf8))
            exit(2)
        }
        exit(await run(options) ? 0 : 1)
    }

    /// Runs the warm-up and every phase, prints the figures, and returns whether every check passed.
    private static func run(_ options: Options) async -> Bool {
        let client = LoadClient(options.client, concurrency: options.concurrency)
        let phase = { (name: String, api: Options.API, requests: Int, rssEvery: Int) in
            Phase(
                name: name, api: api, client: client, target: options.url, requests: requests,
                concurrency: options.concurrency, timeout: options.timeout, rssEvery: rssEvery)
        }
        print(
            "loadtest: \(options.url.absoluteString), \(options.requests) requests per phase, "
                + "concurrency \(options.concurrency), client \(options.client.rawValue), "
                + "\(ProcessInfo.processInfo.activeProcessorCount) cores")

        let rssBefore = ResidentMemory.kibibytes()
        var outcomes: [Phase.Outcome] = []
        if options.warmup > 0 {
            outcomes.append(await phase("warm-up", .completion, options.warmup, 0).run())
        }
        let rssWarm = ResidentMemory.kibibytes()
        for api in options.apis {
            outcomes.append(await phase(api.rawValue, api, options.requests, options.rssEvery).run())
        }
        let rssAfter = ResidentMemory.kibibytes()

        Report.print(outcomes)
        Report.printGrowth(outcomes, every: options.rssEvery)
        let memory = Report.memory(
            before: rssBefore, warm: rssWarm, after: rssAfter, boundMB: options.maximumRSSGrowthMB)
        var failures = outcomes.filter { !$0.summary.isClean }.map { "phase \($0.name) is not clean" }
        if let problem = memory { failures.append(problem) }
        print(failures.isEmpty ? "result: PASS" : "result: FAIL (\(failures.joined(separator: "; ")))")
        return failures.isEmpty
    }
}
