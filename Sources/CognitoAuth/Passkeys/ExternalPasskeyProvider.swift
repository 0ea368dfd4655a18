import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A passkey authenticator that is another program: `LATCHKEY_PASSKEY_PROVIDER` (or `Latchkey.Passkeys.Provider`).
///
/// The command runs through `/bin/sh -c`. It reads one JSON object on stdin,
/// `{"type": "webauthn.create" | "webauthn.get", "origin": "https://<rpId>", "publicKey": <the options as Cognito sent
/// them>}`, and writes the W3C `PublicKeyCredential` JSON on stdout. A non-zero exit means cancelled or failed; its
/// stderr (sanitised, the last 2000 characters) is shown. It is stopped (SIGTERM) when the calling task is cancelled
/// or when the options' timeout passes. As OpenSSH's `SecurityKeyProvider`, it lets a password manager's CLI, a phone
/// bridge or a software key stand in for a security key.
public struct ExternalPasskeyProvider: PasskeyAuthenticator {
    /// The command line, run with `/bin/sh -c`.
    public var command: String
    /// The most stdout the provider may write (a credential is a few kilobytes).
    static let outputLimit = 256 * 1024

    /// The environment variable naming the provider command.
    public static let environmentVariable = "LATCHKEY_PASSKEY_PROVIDER"
    /// The configuration key naming it (in Latchkey's own section).
    public static let configurationKey = "Latchkey.Passkeys.Provider"

    /// Creates a provider that runs `command`.
    public init(command: String) { self.command = command }

    /// The provider `LATCHKEY_PASSKEY_PROVIDER` names, else `Latchkey.Passkeys.Provider`; nil when neither is set.
    public static func configured(environment: [String: String], configuration: AuthConfiguration)
        -> ExternalPasskeyProvider?
    {
        let named = [environment[environmentVariable], configuration.latchkey.passkeys?["Provider"]?.stringValue]
        guard let command = named.compactMap({ $0 }).first(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty })
        else { return nil }
        return ExternalPasskeyProvider(command: command)
    }

    /// Runs the provider for a `webauthn.create` ceremony.
    public func create(_ ceremony: PasskeyCeremony) async throws -> JSONValue { try await perform(ceremony) }

    /// Runs the provider for a `webauthn.get` ceremony.
    public func get(_ ceremony: PasskeyCeremony) async throws -> JSONValue { try await perform(ceremony) }

    /// Runs the provider with the ceremony on stdin and parses its stdout.
    func perform(_ ceremony: PasskeyCeremony) async throws -> JSONValue {
        let run = ProviderRun(command: command)
        let outcome = try await withTaskCancellationHandler {
            try await run.start(input: ceremony.providerInput, timeout: ceremony.timeout)
        } onCancel: {
            run.stop(reason: .cancelled)
        }
        switch outcome.stopReason {
        case .cancelled?: throw AuthError.passkey(.cancelled)
        case .timedOut?:
            throw AuthError.passkey(.timedOut(seconds: Int(ceremony.timeout.components.seconds)))
        case nil: break
        }
        guard outcome.status == 0 else {
            throw AuthError.passkey(.authenticatorFailed(status: outcome.status, message: Self.shown(outcome.stderr)))
        }
        guard outcome.stdout.count <= Self.outputLimit, let answer = JSONValue.parse(outcome.stdout),
            answer.objectValue != nil
        else {
            throw AuthError.passkey(.malformed("the passkey provider's output is not one JSON object"))
        }
        return answer
    }

    /// The provider's stderr as shown: sanitised, trimmed, its last 2000 characters.
    static func shown(_ stderr: Data) -> String {
        let text = TerminalText.sanitized(String(decoding: stderr, as: UTF8.self))
            .trimmingCharacters(in: .whitespacesAndNewlines)
        return String(text.suffix(2000))
    }
}

/// One run of a provider command: a child process with stdin from a private temporary file (so a provider that exits
/// without reading cannot raise SIGPIPE here), stdout and stderr read on threads of their own.
///
/// `@unchecked Sendable`: the mutable state (`process`, `stopReason`) is read and written only under `lock`; the
/// `Process` itself is only asked `isRunning`, `terminate()` and its pid, which Foundation allows from any thread.
final class ProviderRun: @unchecked Sendable {
    /// Why the run was stopped by Latchkey, if it was.
    enum StopReason { case cancelled, timedOut }

    /// What the run ended with.
    struct Outcome {
        var status: Int32
        var stdout: Data
        var stderr: Data
        var stopReason: StopReason?
    }

    private let command: String
    private let lock = NSLock()
    private var process: Process?
    private var stopReason: StopReason?

    init(command: String) { self.command = command }

    /// Starts the command, feeds `input`, waits for it (stopping it after `timeout`) and returns what it did.
    func start(input: Data, timeout: Duration) async throws -> Outcome {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.standardInput = try Self.privateInput(input)
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        let exited = AsyncStream<Int32>.makeStream()
        process.terminationHandler = { exited.continuation.yield($0.terminationStatus) }
        let alreadyStopped = lock.withLock { () -> Bool in
            self.process = process
            return stopReason != nil
        }
        if alreadyStopped { return Outcome(status: -1, stdout: Data(), stderr: Data(), stopReason: .cancelled) }
        do {
            try process.run()
        } catch {
            throw AuthError.passkey(.providerUnavailable(TerminalText.sanitized(error.localizedDescription)))
        }
        let watchdog = Task { [weak self] in
            try await Task.sleep(for: timeout)
            self?.stop(reason: .timedOut)
        }
        defer { watchdog.cancel() }
        let out = PipeReader(stdout.fileHandleForReading, limit: ExternalPasskeyProvider.outputLimit + 1)
        let err = PipeReader(stderr.fileHandleForReading, limit: 64 * 1024)
        var status: Int32 = -1
        for await value in exited.stream {
            status = value
            break
        }
        // A grandchild the shell left behind may hold the pipes open: wait for their end a little, not for it.
        let reason = lock.withLock { stopReason }
        let grace: Duration = reason == nil ? .seconds(2) : .milliseconds(200)
        let output = await out.data(waitingUpTo: grace)
        let errors = await err.data(waitingUpTo: .milliseconds(200))
        return Outcome(status: status, stdout: output, stderr: errors, stopReason: reason)
    }

    /// Stops the child for `reason` (the first reason wins): SIGTERM, then SIGKILL a second later if it still runs
    /// (a child may inherit SIGTERM blocked or ignored).
    func stop(reason: StopReason) {
        let running = lock.withLock { () -> Process? in
            if stopReason == nil { stopReason = reason }
            return process
        }
        guard let running, running.isRunning else { return }
        let pid = running.processIdentifier
        running.terminate()
        DispatchQueue.global().asyncAfter(deadline: .now() + 1) {
            if running.isRunning { kill(pid, SIGKILL) }
        }
    }

    /// A read handle on a temporary file holding `input`, unlinked before the provider starts (mode 0600).
    private static func privateInput(_ input: Data) throws -> FileHandle {
        let path = FileManager.default.temporaryDirectory
            .appendingPathComponent("latchkey-passkey-\(UUID().uuidString).json").path
        // Made empty with mode 0600 first, then written: the request is never readable by others.
        guard FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600]),
            let writer = FileHandle(forWritingAtPath: path), let reader = FileHandle(forReadingAtPath: path)
        else {
            throw AuthError.passkey(.providerUnavailable("the request could not be written to a temporary file"))
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        do {
            try writer.write(contentsOf: input)
            try writer.close()
        } catch {
            throw AuthError.passkey(.providerUnavailable("the request could not be written to a temporary file"))
        }
        return reader
    }

}

/// Reads a pipe to its end on a thread of its own (a blocking read must not hold an async worker), keeping at most
/// `limit` bytes.
///
/// `@unchecked Sendable`: `collected` and `finished` are read and written only under `lock`.
final class PipeReader: @unchecked Sendable {
    private let lock = NSLock()
    private var collected = Data()
    private var finished = false

    init(_ handle: FileHandle, limit: Int) {
        let thread = Thread { [self] in
            while let chunk = try? handle.read(upToCount: 16 * 1024), !chunk.isEmpty {
                lock.withLock {
                    if collected.count < limit { collected.append(chunk.prefix(limit - collected.count)) }
                }
            }
            lock.withLock { finished = true }
        }
        thread.name = "latchkey-passkey-provider"
        thread.start()
    }

    /// What was read once the pipe ended, or after `grace` if it has not ended by then.
    func data(waitingUpTo grace: Duration) async -> Data {
        let deadline = ContinuousClock.now + grace
        while !lock.withLock({ finished }) && ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(20))
        }
        return lock.withLock { collected }
    }
}
