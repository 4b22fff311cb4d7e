import NetworkLayer

extension NetworkLogger {
    /// What begins every log entry of a call the sample's recorded traffic answered.
    public static let sampleDataMark = "[offline: replayed from the sample's recorded traffic] "

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
