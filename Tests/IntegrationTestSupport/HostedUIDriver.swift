import CognitoAuth
import CognitoAuthTesting
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The hosted UI's browser driver and the Python that can run it (the backend's virtualenv has Selenium).
package enum HostedUIDriver {
    package static let root = LocalBackend.repositoryRoot
    package static let script = root.appendingPathComponent("Assets/local-backend/browser_sign_in.py").path
    /// The backend's virtualenv: `$LATCHKEY_VENV` when set (as `Scripts/local-backend` reads it), else `.venv`.
    package static let python =
        (ProcessInfo.processInfo.environment["LATCHKEY_VENV"].flatMap { $0.isEmpty ? nil : $0 }
            ?? root.appendingPathComponent(".venv").path) + "/bin/python"

    /// Whether the driver is in this checkout (the backend with a hosted UI is merged).
    package static var isAvailable: Bool { FileManager.default.fileExists(atPath: script) }
    /// Whether a real browser can run: Debian's chromium and chromedriver.
    package static var hasBrowser: Bool {
        isAvailable && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromium")
            && FileManager.default.isExecutableFile(atPath: "/usr/bin/chromedriver")
    }
    /// `$BROWSER` for the CLI: the virtualenv's Python running the driver.
    package static var browserCommand: String { "\(python) \(script)" }

    /// A loopback port nothing listens on now.
    package static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestSupportError(description: "socket() failed") }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = in_addr_t(0x7F00_0001).bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else { throw TestSupportError(description: "bind() failed") }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// `browser_sign_in.py --print-redirect URL`: signs in with plain HTTP and returns the redirect URL.
    package static func printRedirect(_ url: String, username: String? = nil, provider: String? = nil) async throws
        -> String
    {
        var environment = ["LATCHKEY_BROWSER_PASSWORD": Integration.password]
        if let username { environment["LATCHKEY_BROWSER_USERNAME"] = username }
        if let provider { environment["LATCHKEY_BROWSER_PROVIDER"] = provider }
        let outcome = try await ChildProcess.spawn(
            python, [script, "--print-redirect", url], environment: environment, timeout: .seconds(60)
        ).wait()
        guard outcome.status == 0, let line = outcome.stdout.split(separator: "\n").last else {
            throw TestSupportError(description: "browser_sign_in.py --print-redirect failed: \(outcome)")
        }
        return String(line).trimmingCharacters(in: .whitespaces)
    }

    /// The authorize URL printed by `sign-in --web --no-browser` (the line after the explanation).
    package static func authorizeURL(in text: String) -> String? {
        text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .first { $0.hasPrefix("http") && $0.contains("/oauth2/authorize?") }
    }
}
