#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a signal's action says, read without calling through its handler.
enum SignalDisposition {
    /// Whether `action` ignores its signal (SIG_IGN, the handler value 1), read from the handler union's raw
    /// bytes: reading a default (null) handler through its imported type would trap.
    static func isIgnored(_ action: sigaction) -> Bool {
        #if os(Linux)
            let handler = withUnsafeBytes(of: action.__sigaction_handler) { $0.load(as: Int.self) }
        #else
            let handler = withUnsafeBytes(of: action.__sigaction_u) { $0.load(as: Int.self) }
        #endif
        return handler == 1
    }
}
