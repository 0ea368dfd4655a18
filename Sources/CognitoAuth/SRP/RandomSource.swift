/// A source of random bytes: the edge that tests replace to make SRP and jitter deterministic.
public protocol RandomSource: Sendable {
    /// Returns `count` random bytes.
    func bytes(count: Int) -> [UInt8]
}

extension RandomSource {
    /// A random fraction in [0, 1).
    public func unitInterval() -> Double {
        let raw = bytes(count: 8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        return Double(raw >> 11) / Double(UInt64(1) << 53)
    }
}

/// Cryptographically secure random bytes from the system.
public struct SystemRandomSource: RandomSource {
    /// Creates a source backed by the system's secure generator; it holds no state.
    public init() {}

    /// Returns `count` random bytes from the system's CSPRNG.
    public func bytes(count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }
}
