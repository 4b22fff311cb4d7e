import Foundation

/// The chunks a replayed body arrives in: a Server-Sent Events body event by event, any other in pieces of at
/// most ``chunkSize`` bytes, as a transport would hand them over.
enum HARReplayBody {
    /// The largest chunk of a body that is not an event stream.
    static let chunkSize = 64 * 1024

    /// `body`, of media type `mimeType`, in chunks.
    static func chunks(of body: Data, mimeType: String) -> [Data] {
        guard !body.isEmpty else { return [] }
        if mimeType.lowercased().hasPrefix("text/event-stream") { return events(of: body) }
        return stride(from: 0, to: body.count, by: chunkSize).map {
            body.subdata(in: $0..<min($0 + chunkSize, body.count))
        }
    }

    /// Each event with the blank line that ends it (`\n\n`, `\r\n\r\n` or `\r\r`); what follows the last one
    /// as a chunk of its own.
    private static func events(of body: Data) -> [Data] {
        let bytes = [UInt8](body)
        var chunks: [Data] = []
        var start = 0
        var index = 0
        while index < bytes.count {
            let end = blankLineEnd(in: bytes, at: index)
            if let end {
                chunks.append(Data(bytes[start..<end]))
                start = end
                index = end
            } else {
                index += 1
            }
        }
        if start < bytes.count { chunks.append(Data(bytes[start...])) }
        return chunks
    }

    /// The index after a line break followed by an empty line that starts at `index`, or `nil`.
    private static func blankLineEnd(in bytes: [UInt8], at index: Int) -> Int? {
        let (cr, lf) = (UInt8(ascii: "\r"), UInt8(ascii: "\n"))
        for pattern in [[cr, lf, cr, lf], [lf, lf], [cr, cr], [lf, cr, lf], [cr, lf, lf]]
        where index + pattern.count <= bytes.count && bytes[index..<index + pattern.count].elementsEqual(pattern) {
            return index + pattern.count
        }
        return nil
    }

    /// A body that hands over `chunks`, pausing `pause` seconds before each through `sleep`.
    static func body(
        _ chunks: [Data], pause: TimeInterval, sleep: (@Sendable (TimeInterval) async throws -> Void)?
    ) -> ResponseBody {
        ResponseBody.produced { writer in
            do {
                for chunk in chunks {
                    if let sleep, pause > 0 { try await sleep(pause) }
                    guard writer.write(chunk) else { return }
                    await writer.waitForDemand()
                }
                writer.finish()
            } catch {
                writer.fail(error)
            }
        }
    }
}
