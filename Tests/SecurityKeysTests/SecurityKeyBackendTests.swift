import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import SecurityKeys
import SecurityKeysTesting
import Testing

/// Passkeys on the software CTAP2 key through the real libfido2, against the local backend, which verifies them
/// with py_webauthn and python-fido2 (`Assets/local-backend/patches/web_authn.py`).
extension BackendTests {
    @Suite("Security keys through libfido2 against the local backend")
    struct SecurityKeyBackendTests {
        /// A client on the backend whose passkeys go to `device`, pinned to `party`.
        static func client(
            _ backend: LocalBackend, device: SoftCTAPDevice, interaction: ScriptedInteraction,
            party: PasskeyRelyingParty = SoftKeyFixtures.party
        ) async -> AuthClient {
            var options = AuthClientOptions()
            options.passkeys = PasskeySettings(
                authenticator: SoftKeyFixtures.authenticator([device], interaction: interaction), relyingParty: party)
            let client = AuthClient(
                configuration: backend.configuration, store: InMemorySessionStore(), clock: SystemAuthClock(),
                options: options)
            await client.initialize()
            return client
        }

        @Test("passkey add (with the key's PIN), sign-out, passkey sign-in with no password: verified by the backend")
        func addThenSignIn() async throws {
            let backend = try await LocalBackend.shared()
            let user = await backend.uniqueName("fido")
            try await backend.createUser(user, password: Integration.password)
            let device = SoftCTAPDevice(pin: "2468")
            defer { device.unplug() }
            let interaction = ScriptedInteraction(pins: ["2468", "2468"])
            let client = await Self.client(backend, device: device, interaction: interaction)
            #expect(try await client.signIn(username: user, password: Integration.password) == .done)
            let id = try await client.addPasskey(name: "soft key")
            #expect(device.credentialIds.count == 1)
            let listed = try await client.listPasskeys()
            #expect(listed.map(\.id) == [id])
            #expect(listed.first?.transports == ["usb"])
            _ = try await client.signOut()

            let step = try await client.signIn(username: user, password: nil, flow: .userAuth, method: .webAuthn)
            #expect(step == .done)
            #expect(try await client.getTokens().accessToken.isEmpty == false)
            #expect(interaction.pinRequests.count == 2)
            #expect(device.relyingParties == ["127.0.0.1", "127.0.0.1"])
        }

        @Test("A pool whose options name another relying party than the pinned one: refused, the key saw nothing")
        func hostileRelyingParty() async throws {
            let backend = try await LocalBackend.shared()
            let user = await backend.uniqueName("fido")
            try await backend.createUser(user, password: Integration.password)
            let device = SoftCTAPDevice()
            defer { device.unplug() }
            let pinned = PasskeyRelyingParty(id: "login.example.com", source: "the tests")
            let client = await Self.client(backend, device: device, interaction: ScriptedInteraction(), party: pinned)
            #expect(try await client.signIn(username: user, password: Integration.password) == .done)
            await #expect(
                throws: AuthError.passkey(.relyingPartyRefused(expected: "login.example.com", offered: "127.0.0.1"))
            ) {
                try await client.addPasskey(name: nil)
            }
            #expect(device.commands.isEmpty, "the key was never opened for the ceremony")
        }
    }
}
