import NetworkLayer

/// How the `events` command prints an event: one line per data line, the first with its id and type.
public enum EventLine {
    /// `event`, as the lines the command prints, such as `#2 goal  12' Rovers 1-0`.
    public static func render(_ event: ServerSentEvent) -> [String] {
        let prefix = "#\(event.id ?? "-") \(event.event)  "
        let indent = String(repeating: " ", count: prefix.count)
        return event.data.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { index, line in
            (index == 0 ? prefix : indent) + line
        }
    }
}
