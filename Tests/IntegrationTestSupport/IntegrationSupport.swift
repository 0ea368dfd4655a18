import CognitoAuth
import CognitoAuthTesting
import Foundation
import Testing

/// Helpers shared by the integration tests; every test talks to the real local backend.
package enum Integration {
    package static let password = "Corr3ct-Horse!"

    /// A client on `configuration` with an in-memory store.
    package static func client(
        _ configuration: AuthConfiguration, clock: any AuthClock = SystemAuthClock(),
        store: any SessionStore = InMemorySessionStore()
    ) async -> AuthClient {
        var options = AuthClientOptions()
        options.backoff = BackoffPolicy(initial: .milliseconds(50), maximum: .milliseconds(400))
        let client = AuthClient(configuration: configuration, store: store, clock: clock, options: options)
        await client.initialize()
        return client
    }

    /// A new confirmed user and a client signed in as that user.
    package static func signedInClient(
        backend: LocalBackend, configuration: AuthConfiguration? = nil, clock: any AuthClock = SystemAuthClock(),
        store: any SessionStore = InMemorySessionStore()
    ) async throws -> (client: AuthClient, username: String) {
        let username = await backend.uniqueName("user")
        try await backend.createUser(username, password: password)
        let configuration = configuration ?? backend.configuration
        let client = await client(configuration, clock: clock, store: store)
        let step = try await client.signIn(username: username, password: password)
        #expect(step == .done)
        return (client, username)
    }

    /// A new, empty temporary directory, removed when the test process exits (``TestScratch``).
    package static func temporaryDirectory(_ name: String) throws -> String {
        try TestScratch.directory(name)
    }

    /// The AWS CLI: the backend virtualenv's, else one on PATH (or in /usr/local/bin, /usr/bin); nil when none is installed.
    package static func awsCLI() -> String? {
        // The backend's virtualenv has the pinned AWS CLI (Scripts/local-backend installs it), so a fresh
        // machine runs these tests; else one on PATH.
        let venv = URL(fileURLWithPath: HostedUIDriver.python).deletingLastPathComponent().appendingPathComponent("aws")
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/aws" }
        return ([venv.path] + paths + ["/usr/local/bin/aws", "/usr/bin/aws"]).first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// A configuration file whose endpoint refuses connections (port 9 is closed here): commands that
    /// need no network still work with it.
    package static func unreachableConfig(in directory: String) throws -> String {
        let path = directory + "/unreachable.json"
        let json = """
            {"CognitoUserPool":{"Default":{"PoolId":"us-east-1_Offline1","AppClientId":"offlineclient",
            "Region":"us-east-1","Endpoint":"http://127.0.0.1:9"}}}
            """
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }
}

/// Waits for `task` at most `seconds`; on timeout cancels it and returns nil (never hangs itself).
package func watchdog<T: Sendable>(_ task: Task<T, Never>, seconds: Double) async -> T? {
    let once = ResumeOnce<T?>()
    let value = await withCheckedContinuation { (continuation: CheckedContinuation<T?, Never>) in
        once.set(continuation)
        Task { once.resume(await task.value) }
        Task {
            try? await Task.sleep(for: .seconds(seconds))
            once.resume(nil)
        }
    }
    if value == nil { task.cancel() }
    return value
}

/// Resumes a continuation exactly once, from whichever caller comes first (`set` runs before any `resume`).
package final class ResumeOnce<T: Sendable>: @unchecked Sendable {
    // @unchecked Sendable: `continuation` is only touched while holding `lock`.
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, Never>?

    package init() {}

    package func set(_ continuation: CheckedContinuation<T, Never>) {
        lock.withLock { self.continuation = continuation }
    }

    package func resume(_ value: T) {
        let continuation: CheckedContinuation<T, Never>? = lock.withLock {
            defer { self.continuation = nil }
            return self.continuation
        }
        continuation?.resume(returning: value)
    }
}

/// The value of a call started as a task, waiting at most `seconds`: on timeout the task is cancelled
/// (a waiting auth call then ends with CancellationError) and the test fails naming `what`.
package func value<T: Sendable>(
    of task: Task<T, Never>, within seconds: Double, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
) async throws -> T {
    guard let value = await watchdog(task, seconds: seconds) else {
        Issue.record("\(what) did not finish within \(Int(seconds)) s", sourceLocation: sourceLocation)
        throw AuthError.deadlineExceeded
    }
    return value
}

/// Every suite that talks to the local backend runs under this one, serially, so that server-side
/// request counts belong to one test at a time: the suites of all four integration targets (backend,
/// CLI, TUI, multi-process) nest in it, so the targets take turns too, on the one local backend. Each test is bounded: the slowest takes about 40 s
/// on a 2-core machine, and a test still running after three minutes is cancelled and fails (every
/// wait in these tests honours cancellation: child processes are killed, polling stops).
@Suite("Local backend", .serialized, .timeLimit(.minutes(3)))
package struct BackendTests {}

/// A failure in the tests' own support code, with a message naming what went wrong.
package struct TestSupportError: Error, CustomStringConvertible {
    package var description: String

    package init(description: String) { self.description = description }
}

/// Runs the built `latchkey` binary, always through ``ChildProcess``: descriptors closed in the
/// child, stdout and stderr read together, and a deadline after which the child is killed and the
/// test fails with a message naming the command.
package enum LatchkeyBinary {
    /// How a run ended (`status`, `exitCode`, `signal`, `stdout`, `stderr`).
    package typealias Output = ChildProcess.Outcome

    /// The deadline of one command unless a test says otherwise.
    package static let defaultTimeout: Duration = .seconds(90)

    /// The binary under test: `$LATCHKEY_BINARY` (to run the suites against another build), else the
    /// one built beside the test bundle.
    package static var url: URL? {
        if let explicit = ProcessInfo.processInfo.environment["LATCHKEY_BINARY"], !explicit.isEmpty {
            return URL(fileURLWithPath: explicit)
        }
        let root = LocalBackend.repositoryRoot
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("latchkey"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("latchkey"),
            root.appendingPathComponent(".build/debug/latchkey"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// Starts `latchkey arguments…` with `stdin` as its input, the test's environment changed by
    /// `environment` and without the variables in `removing`.
    package static func spawn(
        _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], removing: [String] = [],
        timeout: Duration = defaultTimeout
    ) throws -> ChildProcess {
        guard let url else { throw TestSupportError(description: "the latchkey binary is not built (swift build)") }
        return try ChildProcess.spawn(
            url.path, arguments, input: stdin.map { .bytes(Array($0.utf8)) } ?? .none, environment: environment,
            removing: removing, timeout: timeout)
    }

    /// Runs `latchkey arguments…` to its end (see ``spawn(_:stdin:environment:removing:timeout:)``).
    package static func run(
        _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], removing: [String] = [],
        timeout: Duration = defaultTimeout
    ) async throws -> Output {
        try await spawn(arguments, stdin: stdin, environment: environment, removing: removing, timeout: timeout).wait()
    }

    /// The same, blocking the calling thread: only for code already on a dedicated thread
    /// (``onDedicatedThread(_:)``), never on Swift's cooperative pool.
    package static func runBlocking(
        _ arguments: [String], stdin: String? = nil, environment: [String: String] = [:], removing: [String] = [],
        timeout: Duration = defaultTimeout
    ) throws -> Output {
        try spawn(arguments, stdin: stdin, environment: environment, removing: removing, timeout: timeout)
            .waitSynchronously()
    }
}
