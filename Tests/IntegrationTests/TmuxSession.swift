import CognitoAuthTesting
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A command running in a detached tmux session on a private server socket, for end-to-end tests of
/// the full-screen UI. Text goes in with `send-keys`, the screen comes back with `capture-pane`, and
/// every wait polls the screen every 20 ms (never a fixed sleep as synchronisation).
///
/// The command runs as `<command>; echo EXIT=$?; exec sh`, so the pane stays open after the app exits,
/// its exit status is on the screen, and commands (such as `stty -a`) can be typed into the same pane.
final class TmuxSession: @unchecked Sendable {
    /// Thrown when a wait times out; its description holds the screen.
    struct Timeout: Error, CustomStringConvertible {
        var what: String
        var screen: String
        var description: String { "timed out waiting for \(what); the screen was:\n\(screen)" }
    }

    /// The tmux executable, when installed.
    static let executable: String? = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux", "/opt/homebrew/bin/tmux"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Whether tmux is installed (for `.enabled(if:)`).
    static var isAvailable: Bool { executable != nil }

    /// Whether tmux and the built binary are both there.
    static var canRunApp: Bool { isAvailable && LatchkeyBinary.url != nil }

    /// The private server socket name (`tmux -L`).
    let socket: String
    /// The session (and target) name.
    let target = "lk"
    private var killed = false

    /// Starts `arguments` (already resolved: the first is the executable) with `environment` added,
    /// under `env -u LINES -u COLUMNS LANG=C.UTF-8`, in a detached session of `columns`×`rows`.
    /// `NO_COLOR` is removed unless `environment` sets it.
    init(
        _ arguments: [String], environment: [String: String] = [:], columns: Int = 100, rows: Int = 30,
        name: String = "e2e"
    ) throws {
        guard Self.isAvailable else { throw Failure("tmux is not installed") }
        socket = "lk-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var env = ["env", "-u", "LINES", "-u", "COLUMNS", "-u", "TMUX"]
        if environment["NO_COLOR"] == nil { env += ["-u", "NO_COLOR"] }
        env.append("LANG=C.UTF-8")
        env += environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let command = (env + arguments).map(Self.quote).joined(separator: " ")
        let shell = "\(command); echo EXIT=$?; PS1='$ ' exec sh"
        let result = tmux([
            "new-session", "-d", "-s", target, "-x", "\(columns)", "-y", "\(rows)", "sh", "-c", shell,
        ])
        guard result.status == 0 else { throw Failure("tmux new-session failed: \(result.output)") }
        // Keep the requested size even if a client ever attaches.
        _ = tmux(["set-option", "-t", target, "window-size", "manual"])
    }

    /// A plain error with a message.
    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    static func quote(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy({ $0.isLetter || $0.isNumber || "-_./=:@%+,".contains($0) }),
            word.allSatisfy(\.isASCII)
        {
            return word
        }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs tmux on this session's socket and returns its status and combined output.
    ///
    /// tmux runs through ``ChildProcess``: every descriptor above 2 is closed in the child, so the
    /// tmux server the first command forks cannot hold the test process's pipes open, and the call
    /// is bounded (a wedged tmux client is killed after 20 s and reported as status 124).
    @discardableResult
    func tmux(_ arguments: [String]) -> (status: Int32, output: String) {
        Self.spawn(Self.executable ?? "/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments)
    }

    static func spawn(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
        var environment: [String: String] = [:]
        let inherited = ProcessInfo.processInfo.environment
        if inherited["TERM"] == nil || inherited["TERM"] == "dumb" { environment["TERM"] = "xterm-256color" }
        do {
            let outcome = try ChildProcess.spawn(
                executable, arguments, environment: environment, removing: ["TMUX"], timeout: .seconds(20)
            ).waitSynchronously()
            return (outcome.status, outcome.stdout + outcome.stderr)
        } catch let failure as ChildProcess.Failure {
            return (124, failure.description)
        } catch {
            return (-1, "\(error)")
        }
    }

    /// Sends `text` literally (`send-keys -l`).
    func type(_ text: String) {
        tmux(["send-keys", "-t", target, "-l", "--", text])
    }

    /// Sends keys by name (`Tab`, `BTab`, `Escape`, `Enter`, `C-c`, `BSpace`, …).
    func press(_ keys: String...) {
        press(keys)
    }

    /// Sends keys by name.
    func press(_ keys: [String]) {
        guard !keys.isEmpty else { return }
        tmux(["send-keys", "-t", target] + keys)
    }

    /// The visible screen as text (`escapes`: with the SGR sequences, `capture-pane -e`).
    func screen(escapes: Bool = false) -> String {
        tmux(["capture-pane", "-p", "-t", target] + (escapes ? ["-e"] : [])).output
    }

    /// The pane's size as tmux reports it.
    var paneSize: (columns: Int, rows: Int)? {
        let text = tmux(["display-message", "-p", "-t", target, "#{pane_width}x#{pane_height}"]).output
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "x").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    /// The pid of the app: the child of the pane's shell (the `env` wrapper execs the app).
    var appPID: Int32? {
        let text = tmux(["display-message", "-p", "-t", target, "#{pane_pid}"]).output
        guard let shell = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        guard let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        else { return nil }
        return children.split(separator: " ").compactMap { Int32($0) }.first
    }

    /// Polls the screen every 20 ms until `condition` holds; returns that screen, or throws ``Timeout``
    /// with the last screen.
    @discardableResult
    func waitUntil(
        _ what: String, timeout: TimeInterval = 20, escapes: Bool = false, _ condition: (String) -> Bool
    ) async throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let text = screen(escapes: escapes)
            if condition(text) { return text }
            if Date() > deadline { throw Timeout(what: what, screen: text) }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Polls until every one of `texts` is on the screen.
    @discardableResult
    func waitFor(_ texts: String..., timeout: TimeInterval = 20) async throws -> String {
        try await waitUntil(texts.map { "\"\($0)\"" }.joined(separator: " and "), timeout: timeout) { screen in
            texts.allSatisfy { screen.contains($0) }
        }
    }

    /// The exit status printed by the wrapper, if the app has exited.
    var exitStatus: Int32? {
        Self.exitStatus(in: screen())
    }

    static func exitStatus(in screen: String) -> Int32? {
        guard let range = screen.range(of: #"EXIT=[0-9]+"#, options: .regularExpression) else { return nil }
        return Int32(screen[range].dropFirst(5))
    }

    /// Polls until the wrapper printed `EXIT=<n>` and returns n.
    func waitForExit(timeout: TimeInterval = 20) async throws -> Int32 {
        let screen = try await waitUntil("the app to exit (EXIT=<n>)", timeout: timeout) {
            Self.exitStatus(in: $0) != nil
        }
        return Self.exitStatus(in: screen) ?? -1
    }

    /// Resizes the window and polls until tmux reports the new size (tmux holds back a second resize
    /// that comes within about 250 ms of the first, so the request is repeated while it has not landed).
    func resize(columns: Int, rows: Int, timeout: TimeInterval = 10) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        var lastRequest = Date.distantPast
        while true {
            if let size = paneSize, size.columns == columns, size.rows == rows { return }
            if Date() > deadline {
                throw Timeout(
                    what: "the pane to become \(columns)x\(rows) (it is \(String(describing: paneSize)))",
                    screen: screen())
            }
            if Date().timeIntervalSince(lastRequest) > 0.3 {
                tmux(["resize-window", "-t", target, "-x", "\(columns)", "-y", "\(rows)"])
                lastRequest = Date()
            }
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Stops the server (and the app in it). Safe to call twice.
    func kill() {
        guard !killed else { return }
        killed = true
        tmux(["kill-server"])
    }

    deinit { kill() }
}

/// Starting the built `latchkey` against the local backend in tmux.
enum TerminalApp {
    /// The environment every run uses: a file store, no interactive backtrace prompt.
    static let baseEnvironment = ["LATCHKEY_STORE": "file", "SWIFT_BACKTRACE": "interactive=no"]

    /// A fresh temporary directory.
    static func temporaryDirectory(_ name: String) throws -> String {
        try TestScratch.directory("e2e-" + name)
    }

    /// Starts `latchkey --config <config> --store <store> <extra>` in a new tmux session.
    static func start(
        config: String, store: String, extra: [String] = [], environment: [String: String] = [:], columns: Int = 100,
        rows: Int = 30, name: String = "e2e"
    ) throws -> TmuxSession {
        guard let binary = LatchkeyBinary.url else { throw TmuxSession.Failure("the latchkey binary is not built") }
        let env = baseEnvironment.merging(environment) { $1 }
        return try TmuxSession(
            [binary.path, "--config", config, "--store", store] + extra, environment: env, columns: columns, rows: rows,
            name: name)
    }
}
