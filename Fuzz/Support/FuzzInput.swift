import Foundation

@testable import NetworkLayer

/// Reads typed values from the fuzzer's bytes, front to back; past the end every read is zero.
struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    init(_ data: UnsafePointer<UInt8>, _ size: Int) {
        bytes = Array(UnsafeBufferPointer(start: data, count: size))
    }

    var isAtEnd: Bool { position >= bytes.count }

    mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func bool() -> Bool { byte() & 1 == 1 }

    mutating func uint64() -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<8 { value = value << 8 | UInt64(byte()) }
        return value
    }

    /// A small integer most of the time, any `Int` sometimes, so both ends get exercised.
    mutating func int() -> Int {
        switch byte() % 4 {
        case 0: Int(Int8(bitPattern: byte()))
        case 1: Int(Int16(bitPattern: UInt16(byte()) << 8 | UInt16(byte())))
        default: Int(truncatingIfNeeded: uint64())
        }
    }

    /// Any `Double`, NaN and the infinities included.
    mutating func double() -> Double {
        switch byte() % 8 {
        case 0: .nan
        case 1: .infinity
        case 2: -.infinity
        case 3: Double(Int8(bitPattern: byte())) / 4
        default: Double(bitPattern: uint64())
        }
    }

    /// A string of up to `maxLength` bytes: a length byte, then the bytes, repaired into valid UTF-8.
    mutating func string(maxLength: Int = 32) -> String {
        let length = Int(byte()) % (maxLength + 1)
        var raw: [UInt8] = []
        raw.reserveCapacity(length)
        for _ in 0..<length where !isAtEnd { raw.append(byte()) }
        return String(decoding: raw, as: UTF8.self)
    }

    /// Everything not read yet, as a string.
    mutating func rest() -> String {
        var raw: [UInt8] = []
        while !isAtEnd { raw.append(byte()) }
        return String(decoding: raw, as: UTF8.self)
    }

    mutating func restData() -> Data {
        var raw: [UInt8] = []
        while !isAtEnd { raw.append(byte()) }
        return Data(raw)
    }
}

/// Stops the run with a message; libFuzzer records the input that got here as a crash.
func fuzzFail(_ message: @autoclosure () -> String, file: StaticString = #file, line: UInt = #line) -> Never {
    FileHandle.standardError.write(Data("fuzz invariant violated at \(file):\(line): \(message())\n".utf8))
    abort()
}

func fuzzCheck(
    _ condition: @autoclosure () -> Bool,
    _ message: @autoclosure () -> String,
    file: StaticString = #file,
    line: UInt = #line
) {
    if !condition() { fuzzFail(message(), file: file, line: line) }
}
