import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import SecurityKeysTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension BackendTests {
    /// `LATCHKEY_SECURITY_KEY_SOCKET` from the CLI: the built binary reaches the software CTAP2 key served by this
    /// process on a Unix socket, through the real libfido2, with no provider.
    @Suite("A security key over a socket, from the CLI")
    struct SocketKeyCLITests {
        @Test(
            "passkey add with no PIN; then the key has a PIN and no terminal: sign-in --method passkey is pinRequired")
        func pinWithoutTerminal() async throws {
            let backend = try await LocalBackend.shared()
            let device = SoftCTAPDevice(touch: .after(.milliseconds(50)))
            defer { device.unplug() }
            let listener = try SoftCTAPSocketListener.inTemporaryDirectory(device: device)
            defer { listener.stop() }
            let (user, common) = try await PasskeyCLITests.signedIn(backend, config: backend.info.configPath)
            defer { if let store = common.last { try? FileManager.default.removeItem(atPath: store) } }
            let environment = ["LATCHKEY_SECURITY_KEY_SOCKET": listener.path]
            let add = try await LatchkeyBinary.run(
                ["passkey", "add"] + common, environment: environment, removing: ["LATCHKEY_PASSKEY_PROVIDER"])
            #expect(add.status == 0, "\(add.stderr)")
            #expect(device.credentialIds.count == 1)
            #expect(try await LatchkeyBinary.run(["sign-out"] + common).status == 0)

            device.setPIN("4321")
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", user, "--method", "passkey"] + common, environment: environment,
                removing: ["LATCHKEY_PASSKEY_PROVIDER"])
            #expect(signIn.status != 0)
            #expect(
                signIn.stderr.contains(
                    "The security key \"virtual key (key.sock)\" needs its PIN, and nobody can be asked here."),
                "\(signIn.stderr)")
            #expect(!device.commands.contains(0x02), "nothing was signed")
            #expect(!signIn.stderr.contains("4321"))
        }

        @Test("A world-writable socket is refused with its sentence; no key is offered (exit 2, the next step)")
        func writableSocketRefused() async throws {
            let backend = try await LocalBackend.shared()
            let device = SoftCTAPDevice()
            defer { device.unplug() }
            let listener = try SoftCTAPSocketListener.inTemporaryDirectory(device: device)
            defer { listener.stop() }
            #expect(chmod(listener.path, 0o666) == 0)
            let (_, common) = try await PasskeyCLITests.signedIn(backend, config: backend.info.configPath)
            defer { if let store = common.last { try? FileManager.default.removeItem(atPath: store) } }
            let add = try await LatchkeyBinary.run(
                ["passkey", "add"] + common, environment: ["LATCHKEY_SECURITY_KEY_SOCKET": listener.path],
                removing: ["LATCHKEY_PASSKEY_PROVIDER"])
            #expect(add.status == 2, "\(add.stderr)")
            #expect(add.stderr.contains("LATCHKEY_SECURITY_KEY_SOCKET is not used"), "\(add.stderr)")
            #expect(add.stderr.contains("is writable by other users"), "\(add.stderr)")
            #expect(listener.connections == 0, "a refused socket is never connected to")
        }
    }
}
