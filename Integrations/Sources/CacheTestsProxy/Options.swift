import Foundation

/// The command line: `--port N` (default 0, any free port) and `--origin URL` (default
/// `http://127.0.0.1:8000`, where HOW-TO-RUN.md starts the suite's server). The origin must be on the
/// loopback interface: the proxy is a test tool, and forwards nowhere else.
struct Options {
    var port = 0
    var origin: URL

    struct UsageError: Error, CustomStringConvertible {
        var description: String
    }

    init(arguments: [String]) throws {
        var originText = "http://127.0.0.1:8000"
        var remaining = arguments[...]
        while let option = remaining.popFirst() {
            guard let value = remaining.popFirst() else { throw UsageError(description: "\(option) needs a value") }
            switch option {
            case "--port":
                guard let port = Int(value), (0...65_535).contains(port) else {
                    throw UsageError(description: "not a port: \(value)")
                }
                self.port = port
            case "--origin":
                originText = value.hasSuffix("/") ? String(value.dropLast()) : value
            default:
                throw UsageError(description: "unknown option \(option); use --port N --origin URL")
            }
        }
        guard let origin = URL(string: originText), origin.scheme == "http", origin.path.isEmpty,
            ["127.0.0.1", "localhost", "::1", "[::1]"].contains(origin.host ?? "")
        else { throw UsageError(description: "the origin must be http://HOST:PORT on the loopback interface") }
        self.origin = origin
    }
}
