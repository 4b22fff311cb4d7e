import Foundation

/// The bytes of one file of a ``DirectoryCacheStorage``: a record and the key it is stored under.
///
/// Version 1: the magic `NLCache` and a version byte, the lengths of the key, the variant and the head (32-bit)
/// and of the body (64-bit), a 64-bit FNV-1a checksum of what follows, then the key, the variant (both UTF-8),
/// the head and the body; integers big-endian. A file is read back only when every part of that holds: its
/// magic and version, lengths that add up to its size exactly, a body within the limit, and the checksum.
enum CacheRecordFile {
    static let magic = Array("NLCache".utf8) + [1]
    static let headerSize = magic.count + 4 + 4 + 4 + 8 + 8

    /// The file's bytes for `record` stored under `key`.
    static func encode(_ record: CacheRecord, forKey key: String) -> Data {
        let parts = [Data(key.utf8), Data(record.variant.utf8), record.head.encoded(), record.body]
        var data = Data(magic)
        data.reserveCapacity(headerSize + parts.reduce(0) { $0 + $1.count })
        for part in parts.dropLast() { append(UInt32(truncatingIfNeeded: part.count), to: &data) }
        append(UInt64(record.body.count), to: &data)
        append(parts.reduce(into: Checksum()) { $0.add($1) }.value, to: &data)
        for part in parts { data.append(part) }
        return data
    }

    /// The key and record in `data`; `nil` for bytes that are not a whole version-1 file, whose checksum does
    /// not match, or whose body is larger than `maximumBodySize`.
    static func decode(_ data: Data, maximumBodySize: Int) -> (key: String, record: CacheRecord)? {
        guard data.count >= headerSize, data.starts(with: magic) else { return nil }
        var offset = magic.count
        let lengths = [4, 4, 4, 8].map { width in
            defer { offset += width }
            return integer(in: data, at: offset, width: width)
        }
        let checksum = integer(in: data, at: offset, width: 8)
        let remaining = UInt64(data.count - headerSize)
        // Each length is checked against what remains before it is added, so the sum cannot overflow.
        guard lengths[3] <= UInt64(maximumBodySize), lengths.allSatisfy({ $0 <= remaining }),
            lengths.reduce(0, +) == remaining
        else { return nil }
        var start = headerSize
        let parts = lengths.map { length in
            defer { start += Int(length) }
            return data.subdata(in: data.startIndex + start..<data.startIndex + start + Int(length))
        }
        guard parts.reduce(into: Checksum(), { $0.add($1) }).value == checksum,
            let key = String(data: parts[0], encoding: .utf8),
            let variant = String(data: parts[1], encoding: .utf8),
            let head = StoredResponse(decoding: parts[2])
        else { return nil }
        return (key, CacheRecord(variant: variant, head: head, body: parts[3]))
    }

    /// The big-endian integer of `width` bytes at `offset` from the start of `data`.
    private static func integer(in data: Data, at offset: Int, width: Int) -> UInt64 {
        let start = data.startIndex + offset
        return data[start..<start + width].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    private static func append<Integer: FixedWidthInteger>(_ value: Integer, to data: inout Data) {
        withUnsafeBytes(of: value.bigEndian) { data.append(contentsOf: $0) }
    }

    /// FNV-1a, 64-bit: finds a flipped or lost byte, not a forgery (the directory is the owner's alone).
    private struct Checksum {
        private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add(_ data: Data) {
            data.withUnsafeBytes { buffer in
                for byte in buffer {
                    value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
                }
            }
        }
    }
}
