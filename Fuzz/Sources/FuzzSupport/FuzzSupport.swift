// Shared helpers for the fuzz targets.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Checks an invariant of the code under test. On failure it prints the message and aborts, which
/// libFuzzer reports as a crash and saves the input as `crash-<sha1>`.
///
/// `precondition` is not used because optimised builds drop its message.
@inline(__always)
public func fuzzExpect(
    _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
    file: StaticString = #fileID, line: UInt = #line
) {
    if !condition() {
        var text = "fuzz invariant violated at \(file):\(line): \(message())\n"
        text.withUTF8 { _ = write(2, $0.baseAddress, $0.count) }
        abort()
    }
}

/// Reads a fuzz input front to back; reads past the end yield zeros or empty slices.
public struct FuzzReader {
    public let bytes: [UInt8]
    public private(set) var offset = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Whether every byte has been read.
    public var isAtEnd: Bool { offset >= bytes.count }

    /// The bytes not read yet.
    public var rest: ArraySlice<UInt8> { bytes[min(offset, bytes.count)...] }

    /// The next byte, or 0 at the end.
    public mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// The next four bytes as a little-endian integer (missing bytes read as 0).
    public mutating func uint32() -> UInt32 {
        var value: UInt32 = 0
        for shift in stride(from: 0, to: 32, by: 8) { value |= UInt32(byte()) << UInt32(shift) }
        return value
    }

    /// The bytes up to (not including) the next `separator`, consuming the separator; the rest when there is none.
    public mutating func until(_ separator: UInt8) -> ArraySlice<UInt8> {
        let remaining = rest
        if let index = remaining.firstIndex(of: separator) {
            offset = index + 1
            return remaining[..<index]
        }
        offset = bytes.count
        return remaining
    }
}

/// Wraps `body` as the libFuzzer callback body: copies the input into an array.
@inline(__always)
public func withFuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int, _ body: ([UInt8]) -> Void) -> CInt {
    let bytes = size > 0 && data != nil ? Array(UnsafeBufferPointer(start: data, count: size)) : []
    body(bytes)
    return 0
}

/// The byte that starts a repeat in ``expandingRepeats(_:limit:)``.
public let fuzzRepeatMarker: UInt8 = 0x01

/// Expands repeat instructions so that a short input can stand for a deeply nested or very long text.
///
/// `0x01 <high> <low> <length> <length bytes>` becomes those bytes written `((high << 8) | low) * 4`
/// times (up to 262,140), so ``0x01 0xFF 0xFF 0x03 `${`` is a template string nested 262,140 deep: the
/// shape of rel-3 R4, which a libFuzzer input of at most 4 KiB could not reach byte by byte. Every
/// other byte is copied. The output stops at `limit` bytes: 256 KiB is five times the nesting that overflowed
/// the fuzz build's stack (16,384 levels of `` `${ ``) while keeping each run well inside libFuzzer's timeout.
public func expandingRepeats(_ bytes: [UInt8], limit: Int = 256 * 1024) -> [UInt8] {
    var output: [UInt8] = []
    var index = 0
    while index < bytes.count, output.count < limit {
        guard bytes[index] == fuzzRepeatMarker, index + 3 < bytes.count else {
            output.append(bytes[index])
            index += 1
            continue
        }
        let count = (Int(bytes[index + 1]) << 8 | Int(bytes[index + 2])) * 4
        let length = Int(bytes[index + 3])
        let start = index + 4
        let end = min(bytes.count, start + length)
        index = end
        guard end > start else { continue }
        let unit = bytes[start..<end]
        for _ in 0..<count where output.count < limit { output.append(contentsOf: unit) }
    }
    return Array(output.prefix(limit))
}
