#if Logging  // the package trait (Package.swift); without it, this module is empty
import Logging
import NetworkLayer

extension LogSink {
    /// A sink that writes each entry to `logger`, with the request's facts as metadata.
    ///
    /// ```swift
    /// let networkLogger = NetworkLogger(sink: .swiftLog(Logger(label: "api.client")))
    /// let router = Router<MovieAPI>(configuration: RouterConfiguration(logger: networkLogger))
    /// ```
    ///
    /// The message is the entry's first line (`→ GET https://…`, `← 200 GET https://… (12 ms)`); the metadata
    /// holds `http.request.method`, `url.full` (secrets hidden), `http.response.status_code`, `duration_ms`,
    /// `attempt` and, for failures, `error`. Levels follow swift-log's advice for libraries, which leaves
    /// `info` and above to what the caller cannot learn otherwise: requests at `trace`, responses and failures
    /// at `debug` (the caller receives them anyway); the headers and body preview go along at `trace` only.
    /// Everything is redacted by the ``NetworkLayer/NetworkLogger``'s ``NetworkLayer/Redactor`` before it gets here.
    public static func swiftLog(_ logger: Logger) -> LogSink {
        .entries { entry in
            let level = Self.level(of: entry)
            guard logger.logLevel <= level else { return }
            let lines = entry.text.split(separator: "\n", maxSplits: 1)
            let headline = lines.first.map(String.init) ?? entry.text
            var metadata = Self.metadata(of: entry)
            if logger.logLevel <= .trace, lines.count > 1 { metadata["details"] = .string(String(lines[1])) }
            logger.log(level: level, "\(headline)", metadata: metadata)
        }
    }

    static func level(of entry: LogEntry) -> Logger.Level {
        entry.event == .request ? .trace : .debug
    }

    static func metadata(of entry: LogEntry) -> Logger.Metadata {
        var metadata: Logger.Metadata = [
            "http.request.method": .string(entry.method),
            "url.full": .string(entry.url),
            "attempt": .stringConvertible(entry.attempt),
        ]
        if let status = entry.statusCode { metadata["http.response.status_code"] = .stringConvertible(status) }
        if let duration = entry.duration {
            metadata["duration_ms"] = .stringConvertible(Int((duration * 1000).rounded()))
        }
        if let failure = entry.failure { metadata["error"] = .string(failure) }
        return metadata
    }
}
#endif
