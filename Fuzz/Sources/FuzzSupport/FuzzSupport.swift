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
