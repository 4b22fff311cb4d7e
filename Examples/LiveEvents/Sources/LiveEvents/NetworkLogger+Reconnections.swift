import Foundation
import NetworkLayer

extension NetworkLogger {
    /// Writes one line to standard error each time the stream connects again: how long it waits, and after
    /// what ("↻ GET http://127.0.0.1:8000/stream: reconnecting in 3.0 s, after Cannot connect to …").
    public static let reconnections = NetworkLogger(
        sink: .entries { entry in
            guard entry.event == .reconnect else { return }
            FileHandle.standardError.write(Data((entry.text + "\n").utf8))
        })
}
