import NetworkLayer

extension NetworkLogger {
    /// What begins every log entry of a call the built-in sample data answered.
    public static let sampleDataMark = "[offline: answered by the built-in sample data] "

    /// This logger with every entry marked by ``sampleDataMark``, so that an offline log never reads as if
    /// the request had gone to the URL it shows.
    func markingSampleData() -> NetworkLogger {
        var marked = self
        let sink = self.sink
        marked.sink = .entries { entry in
            var marked = entry
            marked.text = Self.sampleDataMark + entry.text
            sink.write(marked)
        }
        return marked
    }
}
