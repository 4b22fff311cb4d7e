import Foundation

/// The command line of `loadtest`.
struct Options: Sendable {
    /// Which of the router's APIs a phase drives, and how.
    enum API: String, Sendable, CaseIterable {
        case completion
        case async
        /// `async` requests, each cancelled at a random moment (see ``CancellationTiming``): before it is
        /// sent, while it waits, or as it completes.
        case cancelling
    }

    /// What sends the requests.
    enum Client: String, Sendable {
        /// The library's `Router` over its `URLSessionTransport`.
        case router
        /// A bare `URLSession`, the baseline the router's figures are compared with.
        case urlSession = "urlsession"
    }

    static let usage = """
        usage: loadtest --url URL [--requests N] [--concurrency N] [--warmup N] [--api all|completion|async|cancelling]
                        [--max-rss-growth-mb N] [--timeout SECONDS] [--client router|urlsession] [--rss-every N]

          --url                 what every request GETs, e.g. http://127.0.0.1:8080/get (httpbin echoes the query)
          --requests            requests per API phase                                    [10000]
          --concurrency         requests in flight at once                                [64]
          --warmup              requests sent (completion API) before the baseline RSS    [1000]
          --api                 the phases: completion, async, cancelling, or all of them [all]
          --max-rss-growth-mb   allowed RSS growth from after the warm-up to the end      [32]
          --timeout             seconds a phase may take before its missing requests count as lost [300]
          --client              what sends the requests: the library's router, or a bare URLSession [router]
          --rss-every           also read RSS after every N completions, and fit its growth per N    [off]
        """

    var url: URL
    var requests = 10_000
    var concurrency = 64
    var warmup = 1_000
    var apis: [API] = API.allCases
    var maximumRSSGrowthMB = 32
    var timeout: TimeInterval = 300
    var client = Client.router
    /// Completions between RSS readings within a phase; 0 reads RSS only after each phase.
    var rssEvery = 0

    /// Parses `arguments` (without the program name).
    init(parsing arguments: [String]) throws(UsageError) {
        var url: URL?
        var remaining = arguments[...]
        while let flag = remaining.popFirst() {
            if flag == "-h" || flag == "--help" { throw UsageError(message: nil) }
            guard let value = remaining.popFirst() else { throw UsageError(message: "\(flag) needs a value") }
            switch flag {
            case "--url":
                guard let parsed = URL(string: value), parsed.scheme != nil, parsed.host != nil else {
                    throw UsageError(message: "not an absolute URL: \(value)")
                }
                url = parsed
            case "--requests": requests = try Self.count(value, for: flag, minimum: 1)
            case "--concurrency": concurrency = try Self.count(value, for: flag, minimum: 1)
            case "--warmup": warmup = try Self.count(value, for: flag, minimum: 0)
            case "--max-rss-growth-mb": maximumRSSGrowthMB = try Self.count(value, for: flag, minimum: 0)
            case "--timeout": timeout = TimeInterval(try Self.count(value, for: flag, minimum: 1))
            case "--rss-every": rssEvery = try Self.count(value, for: flag, minimum: 0)
            case "--client":
                guard let parsed = Client(rawValue: value) else {
                    throw UsageError(message: "--client must be router or urlsession, not \(value)")
                }
                client = parsed
            case "--api":
                if value == "all" {
                    apis = API.allCases
                } else if let api = API(rawValue: value) {
                    apis = [api]
                } else {
                    throw UsageError(message: "--api must be all, completion, async or cancelling, not \(value)")
                }
            default:
                throw UsageError(message: "unknown option \(flag)")
            }
        }
        guard let url else { throw UsageError(message: "--url is required") }
        self.url = url
    }

    private static func count(_ text: String, for flag: String, minimum: Int) throws(UsageError) -> Int {
        guard let value = Int(text), value >= minimum else {
            throw UsageError(message: "\(flag) must be a whole number of at least \(minimum), not \(text)")
        }
        return value
    }
}

/// A command line that cannot be run; `message` is nil when help was asked for.
struct UsageError: Error {
    let message: String?
}
