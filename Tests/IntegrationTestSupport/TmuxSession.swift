import CognitoAuthTesting
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A command running in a detached tmux session on a private server socket, for end-to-end tests of
/// the full-screen UI. Text goes in with `send-keys`, the screen comes back with `capture-pane`, and
/// every wait re-captures the screen only when the pane has written something: a tmux control-mode
/// client (`tmux -C attach`) prints a `%output` line for every write, which wakes the ``Waiter``.
///
/// The command runs as `trap : INT; <command>; echo EXIT=$?; exec sh`, so the pane stays open after the
/// app exits, its exit status is on the screen, and commands (such as `stty -a`) can be typed into the
/// same pane. The trap makes the pane's shell outlive a Ctrl-C that reaches it as SIGINT (the app in
/// cooked mode), as an interactive shell does; the app itself gets SIGINT's default action.
///
/// `@unchecked Sendable`: the mutable state (`killed`, and `controlClient`, set once in `init`) is only
/// touched by the test that owns the session, one call at a time; `ChildProcess` is itself thread-safe.
package final class TmuxSession: @unchecked Sendable {
    /// Thrown when a wait times out; its description holds the screen.
    package struct Timeout: Error, CustomStringConvertible {
        package var what: String
        package var screen: String
        package var description: String { "timed out waiting for \(what); the screen was:\n\(screen)" }
    }

    /// How long a wait on the screen lasts before it fails: a hang detector (the waits return as soon
    /// as the screen shows what they wait for), as generous as ``Waiter/defaultTimeout`` for a loaded
    /// machine.
    package static let defaultTimeout: TimeInterval = 60

    /// The tmux executable, when installed.
    package static let executable: String? = [
        "/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux", "/opt/homebrew/bin/tmux",
    ]
    .first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Whether tmux is installed (for `.enabled(if:)`).
    package static var isAvailable: Bool { executable != nil }

    /// Whether tmux and the built binary are both there.
    package static var canRunApp: Bool { isAvailable && LatchkeyBinary.url != nil }

    /// The private server socket name (`tmux -L`).
    package let socket: String
    /// The session (and target) name.
    package let target = "lk"
    private var killed = false
    /// The control-mode client whose output lines say the pane changed; nil if it could not attach.
    /// Set once at the end of `init` (it attaches to the session `init` creates), then only read.
    private var controlClient: ChildProcess?

    /// Starts `arguments` (already resolved: the first is the executable) with `environment` added,
    /// under `env -u LINES -u COLUMNS LANG=C.UTF-8`, in a detached session of `columns`×`rows`.
    /// `NO_COLOR` is removed unless `environment` sets it; `TMUX` unless `keepsTmuxVariable` (the app
    /// then knows it runs inside this tmux and asks it for its options).
    package init(
        _ arguments: [String], environment: [String: String] = [:], columns: Int = 100, rows: Int = 30,
        name: String = "e2e", keepsTmuxVariable: Bool = false
    ) throws {
        guard Self.isAvailable else { throw Failure("tmux is not installed") }
        socket = "lk-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        var env = ["env", "-u", "LINES", "-u", "COLUMNS"] + (keepsTmuxVariable ? [] : ["-u", "TMUX"])
        if environment["NO_COLOR"] == nil { env += ["-u", "NO_COLOR"] }
        env.append("LANG=C.UTF-8")
        env += environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        let command = (env + arguments).map(Self.quote).joined(separator: " ")
        let shell = "trap : INT; \(command); echo EXIT=$?; PS1='$ ' exec sh"
        let result = tmux([
            "new-session", "-d", "-s", target, "-x", "\(columns)", "-y", "\(rows)", "sh", "-c", shell,
        ])
        guard result.status == 0 else { throw Failure("tmux new-session failed: \(result.output)") }
        // Keep the requested size even if a client ever attaches (the control client below does).
        _ = tmux(["set-option", "-t", target, "window-size", "manual"])
        controlClient = Self.attachControlClient(socket: socket, target: target)
    }

    /// Attaches a control-mode client (`tmux -C attach`): it prints `%output` for every write of the
    /// pane and `%layout-change` for every resize, so each line is a "the screen may have changed"
    /// event. Its standard input is kept open (end-of-file would detach it); `kill-server` ends it,
    /// and its deadline is a backstop for a session that is never killed.
    private static func attachControlClient(socket: String, target: String) -> ChildProcess? {
        guard let executable else { return nil }
        let client = try? ChildProcess.spawn(
            executable, ["-L", socket, "-f", "/dev/null", "-C", "attach-session", "-t", target], input: .keptOpen,
            removing: ["TMUX"], timeout: .seconds(1800))
        return client?.hasExited == false ? client : nil
    }

    /// What wakes a wait on the screen: the control client's output, or, only when control mode could
    /// not attach (or has ended), a slow 100 ms tick, since then nothing announces a change.
    private func screenChanges() -> ChangeSource {
        if let controlClient, !controlClient.hasExited {
            return .signal(controlClient.outputChanges, name: "tmux control-mode output")
        }
        return .polling(every: .milliseconds(100), name: "screen re-capture (no control-mode client)")
    }

    /// A plain error with a message.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
        package init(_ description: String) { self.description = description }
    }

    package static func quote(_ word: String) -> String {
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
    package func tmux(_ arguments: [String]) -> (status: Int32, output: String) {
        Self.spawn(Self.executable ?? "/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments)
    }

    package static func spawn(_ executable: String, _ arguments: [String]) -> (status: Int32, output: String) {
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
    package func type(_ text: String) {
        tmux(["send-keys", "-t", target, "-l", "--", text])
    }

    /// Sends keys by name (`Tab`, `BTab`, `Escape`, `Enter`, `C-c`, `BSpace`, …).
    package func press(_ keys: String...) {
        press(keys)
    }

    /// Sends keys by name.
    package func press(_ keys: [String]) {
        guard !keys.isEmpty else { return }
        tmux(["send-keys", "-t", target] + keys)
    }

    /// The visible screen as text (`escapes`: with the SGR sequences, `capture-pane -e`).
    package func screen(escapes: Bool = false) -> String {
        tmux(["capture-pane", "-p", "-t", target] + (escapes ? ["-e"] : [])).output
    }

    /// The pane's size as tmux reports it.
    package var paneSize: (columns: Int, rows: Int)? {
        let text = tmux(["display-message", "-p", "-t", target, "#{pane_width}x#{pane_height}"]).output
        let parts = text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "x").compactMap { Int($0) }
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    /// The pid of the app: the child of the pane's shell (the `env` wrapper execs the app).
    package var appPID: Int32? {
        let text = tmux(["display-message", "-p", "-t", target, "#{pane_pid}"]).output
        guard let shell = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { return nil }
        guard let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        else { return nil }
        return children.split(separator: " ").compactMap { Int32($0) }.first
    }

    /// Waits until `condition` holds for the screen, re-capturing it whenever the pane writes; returns
    /// that screen, or throws ``Timeout`` with the last screen.
    ///
    /// A capture can land in the middle of a frame: a full redraw reaches the pane in several writes,
    /// top to bottom, so the new header can sit above the previous screen's lower half. And a screen
    /// can still be settling: the dashboard is drawn before the session is read. So `condition` names
    /// everything the test then reads from the returned screen, including what is drawn last (the
    /// footer, the end of a sentence), and the caller asserts only on what it waited for. For the
    /// dashboard, ``waitForSettledDashboard(of:words:timeout:)`` does this.
    @discardableResult
    package func waitUntil(
        _ what: String, timeout: TimeInterval = TmuxSession.defaultTimeout, escapes: Bool = false,
        _ condition: (String) -> Bool
    ) async throws -> String {
        do {
            return try await Waiter.value(
                of: what, timeout: .milliseconds(Int(timeout * 1000)), on: [screenChanges()],
                { screen(escapes: escapes) }, until: condition)
        } catch let timeout as Waiter.Timeout {
            throw Timeout(what: "\(what) (\(timeout.checks) captures)", screen: timeout.lastValue)
        }
    }

    /// Waits until every one of `texts` is on the screen.
    @discardableResult
    package func waitFor(_ texts: String..., timeout: TimeInterval = TmuxSession.defaultTimeout) async throws -> String
    {
        try await waitUntil(texts.map { "\"\($0)\"" }.joined(separator: " and "), timeout: timeout) { screen in
            texts.allSatisfy { screen.contains($0) }
        }
    }

    /// The exit status printed by the wrapper, if the app has exited.
    package var exitStatus: Int32? {
        Self.exitStatus(in: screen())
    }

    package static func exitStatus(in screen: String) -> Int32? {
        guard let range = screen.range(of: #"EXIT=[0-9]+"#, options: .regularExpression) else { return nil }
        return Int32(screen[range].dropFirst(5))
    }

    /// Waits until the wrapper printed `EXIT=<n>` and returns n.
    package func waitForExit(timeout: TimeInterval = TmuxSession.defaultTimeout) async throws -> Int32 {
        let screen = try await waitUntil("the app to exit (EXIT=<n>)", timeout: timeout) {
            Self.exitStatus(in: $0) != nil
        }
        return Self.exitStatus(in: screen) ?? -1
    }

    /// Resizes the window and waits until tmux reports the new size. tmux holds back a second resize
    /// that comes within about 250 ms of the first and says nothing when it does, so the wait also
    /// ticks every 300 ms and repeats the request while it has not landed.
    package func resize(columns: Int, rows: Int, timeout: TimeInterval = TmuxSession.defaultTimeout) async throws {
        var lastRequest = ContinuousClock.now - .seconds(1)
        do {
            try await Waiter.value(
                of: "the pane to become \(columns)x\(rows)", timeout: .milliseconds(Int(timeout * 1000)),
                on: [screenChanges(), .polling(every: .milliseconds(300), name: "resize retry")],
                {
                    let size = paneSize
                    if size.map({ $0.columns != columns || $0.rows != rows }) ?? true,
                        ContinuousClock.now - lastRequest > .milliseconds(300)
                    {
                        tmux(["resize-window", "-t", target, "-x", "\(columns)", "-y", "\(rows)"])
                        lastRequest = .now
                    }
                    return size.map { "\($0.columns)x\($0.rows)" } ?? "unknown"
                }, until: { $0 == "\(columns)x\(rows)" })
        } catch let timeout as Waiter.Timeout {
            throw Timeout(what: "\(timeout.what) (it is \(timeout.lastValue))", screen: screen())
        }
    }

    /// Stops the server (and the app in it). Safe to call twice.
    package func kill() {
        guard !killed else { return }
        killed = true
        tmux(["kill-server"])
        controlClient?.kill()
    }

    deinit { kill() }
}

/// Starting the built `latchkey` against the local backend in tmux.
package enum TerminalApp {
    /// The environment every run uses: a file store, no interactive backtrace prompt.
    package static let baseEnvironment = ["LATCHKEY_STORE": "file", "SWIFT_BACKTRACE": "interactive=no"]

    /// A fresh temporary directory.
    package static func temporaryDirectory(_ name: String) throws -> String {
        try TestScratch.directory("e2e-" + name)
    }

    /// Starts `latchkey --config <config> --store <store> <extra>` in a new tmux session.
    package static func start(
        config: String, store: String, extra: [String] = [], environment: [String: String] = [:], columns: Int = 100,
        rows: Int = 30, name: String = "e2e", keepsTmuxVariable: Bool = false
    ) throws -> TmuxSession {
        guard let binary = LatchkeyBinary.url else { throw TmuxSession.Failure("the latchkey binary is not built") }
        let env = baseEnvironment.merging(environment) { $1 }
        return try TmuxSession(
            [binary.path, "--config", config, "--store", store] + extra, environment: env, columns: columns, rows: rows,
            name: name, keepsTmuxVariable: keepsTmuxVariable)
    }
}
