import CognitoAuth
import CognitoAuthTesting
import Foundation
import Testing

/// Helpers shared by the integration tests; every test talks to the real local backend.
enum Integration {
    static let password = "Corr3ct-Horse!"

    /// A client on `configuration` with an in-memory store.
    static func client(
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
    static func signedInClient(
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

    /// A new, empty temporary directory.
    static func temporaryDirectory(_ name: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lk-\(name)-\(UInt32.random(in: 0...UInt32.max))")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    /// A configuration file whose endpoint refuses connections (port 9 is closed here): commands that
    /// need no network still work with it.
    static func unreachableConfig(in directory: String) throws -> String {
        let path = directory + "/unreachable.json"
        let json = """
            {"CognitoUserPool":{"Default":{"PoolId":"us-east-1_Offline1","AppClientId":"offlineclient",
            "Region":"us-east-1","Endpoint":"http://127.0.0.1:9"}}}
            """
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Polls `condition` every 10 ms until it holds, failing after `timeout` seconds.
    static func eventually(
        _ what: String, timeout: TimeInterval = 20, _ condition: @Sendable () async -> Bool
    ) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !(await condition()) {
            if Date() > deadline {
                Issue.record("timed out waiting for: \(what)")
                throw AuthError.deadlineExceeded
            }
            try await Task.sleep(for: .milliseconds(10))
        }
    }
}

/// Every suite that talks to the local backend runs under this one, serially, so that server-side
/// request counts belong to one test at a time.
@Suite("Local backend", .serialized)
struct BackendTests {}

/// Runs the built `latchkey` binary.
enum LatchkeyBinary {
    struct Output {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    static var url: URL? {
        let root = LocalBackend.repositoryRoot
        let candidates = [
            Bundle.main.bundleURL.appendingPathComponent("latchkey"),
            Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("latchkey"),
            root.appendingPathComponent(".build/debug/latchkey"),
        ]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    static func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) throws -> Output {
        guard let url else { throw AuthError.invalidState("the latchkey binary is not built (swift build)") }
        let process = Process()
        process.executableURL = url
        process.arguments = arguments
        var env = ProcessInfo.processInfo.environment
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try? input.fileHandleForWriting.close()
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        let stderrData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: stdoutData, as: UTF8.self),
            stderr: String(decoding: stderrData, as: UTF8.self))
    }
}
