import CognitoAuth
import Foundation
import SecurityKeys
import SecurityKeysTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `LATCHKEY_SECURITY_KEY_SOCKET`: a security key over a Unix socket, through the real libfido2 and the software key
/// served on a socket (``SoftCTAPSocketListener``).
@Suite("A security key over a Unix socket")
struct SocketSecurityKeyTests {
    /// A short directory under /tmp (a socket path must fit 108 bytes), removed by `body`'s caller.
    static func socketDirectory() throws -> String {
        var template = Array("/tmp/lk-sock-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.flatMap { mkdtemp($0) }
        }
        guard made != nil else { throw CocoaError(.fileWriteUnknown) }
        return String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Serves `device` on a socket in a fresh directory and runs `body` with the socket's path.
    static func withSocket<T>(
        _ device: SoftCTAPDevice, _ body: (String, SoftCTAPSocketListener) async throws -> T
    ) async throws -> T {
        let directory = try socketDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let listener = try SoftCTAPSocketListener(device: device, path: directory + "/key.sock")
        defer { listener.stop() }
        return try await body(listener.path, listener)
    }

    /// The authenticator as `latchkey` makes it for `environment`.
    static func authenticator(_ path: String, interaction: (any PasskeyInteraction)?) -> SecurityKeyAuthenticator {
        let environment = [SocketSecurityKey.environmentVariable: path]
        return SecurityKeyAuthenticator(interaction: interaction, discovery: .system(environment: environment))
    }

    @Test("Make a passkey with a wrong PIN first, then sign with it, over the socket")
    func createAndGetWithPIN() async throws {
        let device = SoftCTAPDevice(pin: "4321", touch: .after(.milliseconds(300)))
        defer { device.unplug() }
        try await Self.withSocket(device) { path, listener in
            let interaction = ScriptedInteraction(pins: ["0000", "4321", "4321"])
            let authenticator = Self.authenticator(path, interaction: interaction)
            let registration = try PasskeyCeremony.registration(
                options: SoftKeyFixtures.creationOptions(), pinned: SoftKeyFixtures.party)
            let created = try await authenticator.create(registration)
            try registration.check(credential: created)
            let id = try #require(created["id"]?.stringValue)
            let name = "virtual key (key.sock)"
            #expect(
                Array(interaction.pinRequests.prefix(2)) == [
                    PasskeyPINRequest(authenticator: name, attemptsLeft: 8, previousWasWrong: false),
                    PasskeyPINRequest(authenticator: name, attemptsLeft: 7, previousWasWrong: true),
                ])
            #expect(interaction.prompts.contains(.touch(authenticator: name)))
            #expect(device.keepalives > 0, "keepalives crossed the socket while the key waited")
            let assertion = try PasskeyCeremony.assertion(
                optionsText: SoftKeyFixtures.requestOptions(allow: [id]), pinned: SoftKeyFixtures.party)
            let signed = try await authenticator.get(assertion)
            try assertion.check(credential: signed)
            #expect(signed["id"]?.stringValue == id)
            #expect(listener.connections >= 2, "libfido2 connects once per ceremony")
        }
    }

    @Test("Cancelling the task sends CTAPHID_CANCEL over the socket")
    func cancel() async throws {
        let device = SoftCTAPDevice(touch: .never(timeout: .seconds(60)))
        defer { device.unplug() }
        try await Self.withSocket(device) { path, _ in
            let authenticator = Self.authenticator(path, interaction: nil)
            let ceremony = try PasskeyCeremony.registration(
                options: SoftKeyFixtures.creationOptions(), pinned: SoftKeyFixtures.party)
            let started = ContinuousClock.now
            let task = Task { try await authenticator.create(ceremony) }
            while !device.commands.contains(0x01) && ContinuousClock.now - started < .seconds(20) {
                try await Task.sleep(for: .milliseconds(20))
            }
            task.cancel()
            let result = await task.result
            #expect(throws: AuthError.passkey(.cancelled)) { try result.get() }
            #expect(device.cancels >= 1, "fido_dev_cancel crossed the socket")
            #expect(device.credentialIds.isEmpty)
        }
    }

    @Test("A group- or world-writable socket is refused with a sentence, and no key is offered")
    func writableRefused() async throws {
        let device = SoftCTAPDevice()
        defer { device.unplug() }
        try await Self.withSocket(device) { path, listener in
            #expect(chmod(path, 0o622) == 0)
            let environment = [SocketSecurityKey.environmentVariable: path]
            guard case .failure(let refusal)? = SocketSecurityKey.configured(environment: environment) else {
                Issue.record("a writable socket was accepted")
                return
            }
            #expect(refusal.description.contains("is writable by other users"))
            #expect(refusal.description.contains("chmod 600"))
            #expect(SecurityKeyDiscovery.system(environment: environment).list().allSatisfy { $0.path != path })
            #expect(listener.connections == 0)
        }
    }

    @Test("A path that is not a socket, or missing, is refused; an unset variable offers nothing")
    func notASocket() throws {
        let directory = try Self.socketDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/plain"
        #expect(FileManager.default.createFile(atPath: file, contents: Data(), attributes: [.posixPermissions: 0o600]))
        #expect(SocketSecurityKey.check(file)?.description.contains("is not a socket") == true)
        #expect(SocketSecurityKey.check(directory + "/missing")?.description.contains("does not exist") == true)
        #expect(SocketSecurityKey.configured(environment: [:]) == nil)
    }
}
