/// The message padding MD5 and SHA-256 share: the bytes, a `0x80`, zeros up to 8 bytes short of a multiple
/// of 64, and the message's length in bits as a 64-bit number.
enum HashPadding {
    /// `message` padded and cut into 64-byte blocks; the length is written big-endian (SHA-256) or
    /// little-endian (MD5).
    static func blocks(of message: some Collection<UInt8>, lengthBigEndian: Bool) -> [ArraySlice<UInt8>] {
        var bytes = Array(message)
        let bitLength = UInt64(truncatingIfNeeded: bytes.count) &* 8
        bytes.append(0x80)
        bytes.append(contentsOf: repeatElement(0, count: (64 + 56 - bytes.count % 64) % 64))
        let order = lengthBigEndian ? Array((0..<8).reversed()) : Array(0..<8)
        bytes.append(contentsOf: order.map { UInt8(truncatingIfNeeded: bitLength >> ($0 * 8)) })
        return stride(from: 0, to: bytes.count, by: 64).map { bytes[$0..<$0 + 64] }
    }

}
