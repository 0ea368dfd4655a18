import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// `LATCHKEY_PASSKEY_PROVIDER`: the stdin document, the answer, failures, cancellation and the timeout.
@Suite("The external passkey provider")
struct ExternalPasskeyProviderTests {
    static func ceremony(timeout: Duration = .seconds(30)) throws -> PasskeyCeremony {
        var ceremony = try PasskeyCeremony.assertion(
            optionsText: PasskeyTests.requestOptions(rpId: "auth.example.com"), pinned: PasskeyTests.pinned)
        ceremony.timeout = timeout
        return ceremony
    }

    @Test("The provider reads {type, origin, publicKey} on stdin and its stdout is the answer")
    func protocolOnTheWire() async throws {
        let directory = try TestScratch.directory("passkey-provider")
        let input = directory + "/input.json"
        let provider = ExternalPasskeyProvider(
            command: "cat > '\(input)'; printf '%s' '{\"id\":\"Y3JlZA\",\"type\":\"public-key\",\"response\":{}}'")
        let answer = try await provider.get(try Self.ceremony())
        #expect(answer["id"]?.stringValue == "Y3JlZA")
        let sent = try #require(JSONValue.parse(Array(try Data(contentsOf: URL(fileURLWithPath: input)))))
        #expect(sent["type"]?.stringValue == "webauthn.get")
        #expect(sent["origin"]?.stringValue == "https://auth.example.com")
        #expect(sent["publicKey"] == JSONValue.parse(Array(PasskeyTests.requestOptions(rpId: "auth.example.com").utf8)))
        #expect(sent.objectValue?.keys.sorted() == ["origin", "publicKey", "type"])
    }

    @Test("A non-zero exit is a failure with the provider's stderr, sanitised")
    func failureShowsStderr() async throws {
        let provider = ExternalPasskeyProvider(command: #"printf 'no key \033[2J touched\n' >&2; exit 3"#)
        await #expect(throws: AuthError.passkey(.authenticatorFailed(status: 3, message: "no key [2J touched"))) {
            try await provider.get(try Self.ceremony())
        }
    }

    @Test("Output that is not one JSON object is refused")
    func garbageOutput() async throws {
        let provider = ExternalPasskeyProvider(command: "cat >/dev/null; echo not-json")
        await #expect(throws: AuthError.self) { try await provider.get(try Self.ceremony()) }
    }

    @Test("A provider that does not read its stdin cannot raise SIGPIPE here")
    func providerIgnoringStdin() async throws {
        let provider = ExternalPasskeyProvider(command: "exit 4")
        await #expect(throws: AuthError.passkey(.authenticatorFailed(status: 4, message: ""))) {
            try await provider.get(try Self.ceremony())
        }
    }

    @Test("Cancelling the task stops the provider and says cancelled")
    func cancellation() async throws {
        // Stopped, the call ends within a second or so; not stopped, it would wait the provider's 600 s. The bound
        // lies far from both, so a loaded machine (CI once took 12.8 s here) cannot decide it.
        let elapsed = try await Self.cancelledAfterAMoment(ExternalPasskeyProvider(command: "exec sleep 600"))
        #expect(elapsed < .seconds(120))
    }

    /// Starts a `get` ceremony, cancels it 300 ms later, expects `.cancelled`, and returns how long it took.
    static func cancelledAfterAMoment(_ provider: ExternalPasskeyProvider) async throws -> Duration {
        let ceremony = try Self.ceremony()
        let started = ContinuousClock.now
        let task = Task { try await provider.get(ceremony) }
        try await Task.sleep(for: .milliseconds(300))
        task.cancel()
        await #expect(throws: AuthError.passkey(.cancelled)) { try await task.value }
        return ContinuousClock.now - started
    }

    @Test("Cancelling does not wait for a grandchild the shell left holding the pipes")
    func cancellationWithGrandchild() async throws {
        // The orphaned `sleep` would hold the pipes for 60 s (a provider should `exec` its program); the
        // bound is far from both the normal case (well under a second) and the bug (60 s), so load cannot
        // decide it. The grandchild's pid is written down, and it is stopped at the end.
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lk-grandchild-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let pidFile = directory.appendingPathComponent("pid").path
        defer {
            if let text = try? String(contentsOfFile: pidFile, encoding: .utf8),
                let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                kill(pid, SIGKILL)
            }
            try? FileManager.default.removeItem(at: directory)
        }
        let provider = ExternalPasskeyProvider(command: "sleep 60 & echo $! > '\(pidFile)'; wait")
        #expect(try await Self.cancelledAfterAMoment(provider) < .seconds(30))
    }

    @Test("A provider that outlives the options' timeout is stopped")
    func timeout() async throws {
        let provider = ExternalPasskeyProvider(command: "exec sleep 30")
        await #expect(throws: AuthError.passkey(.timedOut(seconds: 0))) {
            try await provider.get(try Self.ceremony(timeout: .milliseconds(300)))
        }
    }

    @Test("LATCHKEY_PASSKEY_PROVIDER wins over Latchkey.Passkeys.Provider; blank is none")
    func configured() throws {
        var configuration = Fixtures.configuration()
        configuration.latchkey.passkeys = ["Provider": "from-config"]
        #expect(
            ExternalPasskeyProvider.configured(
                environment: ["LATCHKEY_PASSKEY_PROVIDER": "from-env"], configuration: configuration)?.command
                == "from-env")
        #expect(
            ExternalPasskeyProvider.configured(environment: [:], configuration: configuration)?.command == "from-config"
        )
        #expect(
            ExternalPasskeyProvider.configured(
                environment: ["LATCHKEY_PASSKEY_PROVIDER": " "], configuration: Fixtures.configuration()) == nil)
    }
}
