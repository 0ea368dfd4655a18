import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A real HTTP proxy on loopback for tests: Debian's `tinyproxy`, run in the foreground as a child.
///
/// It listens on 127.0.0.1 only, logs every request (``requestLines``), and is stopped by ``stop()``
/// or at the end of its deadline. `allowedConnectPorts` limits the ports `CONNECT` may reach (an
/// empty list allows all), so a test can make the proxy refuse a tunnel.
public final class TinyProxy: Sendable {
    /// The port it listens on.
    public let port: Int
    /// The proxy's URL, `http://127.0.0.1:<port>`.
    public var url: String { "http://127.0.0.1:\(port)" }
    private let child: ChildProcess
    private let logPath: String

    /// Whether `tinyproxy` is installed (`.ci/run` installs it; `apt-get install tinyproxy`).
    public static var executable: String? {
        ["/usr/bin/tinyproxy", "/usr/sbin/tinyproxy", "/usr/local/bin/tinyproxy", "/opt/homebrew/bin/tinyproxy"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts a proxy and waits (at most 10 s) until it accepts connections.
    public init(allowedConnectPorts: [Int] = [], lifetime: Duration = .seconds(300)) async throws {
        guard let executable = Self.executable else {
            throw TestKitError("tinyproxy is not installed: apt-get install -y tinyproxy (.ci/run does it)")
        }
        let directory = try TestScratch.directory("tinyproxy")
        let port = try freeLoopbackPort()
        logPath = directory + "/tinyproxy.log"
        var config = """
            Port \(port)
            Listen 127.0.0.1
            Timeout 30
            LogFile "\(logPath)"
            LogLevel Info
            MaxClients 50
            Allow 127.0.0.1

            """
        for allowed in allowedConnectPorts { config += "ConnectPort \(allowed)\n" }
        try config.write(toFile: directory + "/tinyproxy.conf", atomically: true, encoding: .utf8)
        self.port = port
        child = try ChildProcess.spawn(
            executable, ["-d", "-c", directory + "/tinyproxy.conf"], input: .keptOpen, timeout: lifetime)
        do {
            try await waitUntilListening(port: port, child: child, what: "tinyproxy")
        } catch {
            child.kill()
            throw error
        }
    }

    /// The request lines the proxy logged, such as `CONNECT 127.0.0.1:5000 HTTP/1.1`.
    public var requestLines: [String] {
        let log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "): ", options: []), line.contains("Request (file descriptor") else {
                return nil
            }
            return String(line[range.upperBound...])
        }
    }

    /// The whole log, for a failure message.
    public var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    /// Stops the proxy (SIGTERM, then the child's deadline kills it if it lingers).
    public func stop() {
        child.kill(SIGTERM)
    }

    deinit { child.kill(SIGTERM) }
}

/// A test-kit failure with a readable message.
public struct TestKitError: Error, CustomStringConvertible, Sendable {
    /// What went wrong, in a sentence for the test's failure message.
    public var description: String
    /// Creates an error with the message `description`.
    public init(_ description: String) { self.description = description }
}

/// A port on 127.0.0.1 that was free a moment ago (bound to port 0, read, closed).
public func freeLoopbackPort() throws -> Int {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { throw TestKitError("socket() failed: errno \(errno)") }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
    }
    guard bound == 0 else { throw TestKitError("bind() failed: errno \(errno)") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
}

/// Whether something accepts TCP connections on 127.0.0.1:`port`.
func isListening(port: Int) -> Bool {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(clamping: port).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
        }
    }
}

/// Polls every 20 ms, for at most 10 s, until `port` accepts connections; fails early if `child` exits.
func waitUntilListening(port: Int, child: ChildProcess, what: String) async throws {
    let deadline = ContinuousClock.now + .seconds(10)
    while !isListening(port: port) {
        if child.hasExited {
            throw TestKitError("\(what) exited before listening: \(child.stderrSoFar) \(child.stdoutSoFar)")
        }
        if ContinuousClock.now > deadline { throw TestKitError("\(what) did not listen on port \(port) within 10 s") }
        try await Task.sleep(for: .milliseconds(20))
    }
}
