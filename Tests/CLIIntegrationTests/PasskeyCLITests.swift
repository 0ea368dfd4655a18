import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

/// `latchkey passkey` and `sign-in --method passkey` against the local backend (patches/web_authn.py, verified there by
/// py_webauthn and python-fido2), with the software authenticator `Assets/local-backend/soft_passkey.py` as the
/// external provider: no hardware, no browser.
extension BackendTests {
    @Suite("Passkeys from the CLI through an external provider")
    struct PasskeyCLITests {
        static let script = LocalBackend.repositoryRoot.appendingPathComponent("Assets/local-backend/soft_passkey.py")
            .path

        /// The provider command: the software key keeping its credentials in `keys`, writing `marker` when started.
        static func provider(keys: String, marker: String) -> String {
            "'\(HostedUIDriver.python)' '\(script)' --store '\(keys)' --marker '\(marker)'"
        }

        /// A new user signed in with a password into a new store; the arguments that point at it.
        static func signedIn(_ backend: LocalBackend, config: String, poolId: String? = nil) async throws -> (
            user: String, common: [String]
        ) {
            let user = await backend.uniqueName("passkey")
            if let poolId {
                try await backend.createConfirmedUser(user, inPool: poolId)
            } else {
                try await backend.createUser(user, password: Integration.password)
            }
            let store = try Integration.temporaryDirectory("passkey")
            let common = ["--config", config, "--store", store]
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", user, "--password-stdin"] + common, stdin: Integration.password + "\n")
            #expect(signIn.status == 0, "\(signIn.stderr)")
            return (user, common)
        }

        @Test("passkey add, sign-out, sign-in --method passkey with no password, passkey list, passkey remove")
        func addSignInListRemove() async throws {
            let backend = try await LocalBackend.shared()
            let (user, common) = try await Self.signedIn(backend, config: backend.info.configPath)
            let directory = try Integration.temporaryDirectory("passkey-keys")
            let marker = directory + "/marker"
            let env = ["LATCHKEY_PASSKEY_PROVIDER": Self.provider(keys: directory + "/keys.json", marker: marker)]
            let add = try await LatchkeyBinary.run(["passkey", "add", "--name", "test key"] + common, environment: env)
            #expect(add.status == 0, "\(add.stderr)")
            #expect(add.stderr.contains("Passkey added"))
            #expect((try? String(contentsOfFile: marker, encoding: .utf8)) == "webauthn.create")

            let signOut = try await LatchkeyBinary.run(["sign-out"] + common)
            #expect(signOut.status == 0, "\(signOut.stderr)")
            // No password anywhere: stdin is closed.
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", user, "--method", "passkey"] + common, environment: env)
            #expect(signIn.status == 0, "\(signIn.stderr)")
            #expect((try? String(contentsOfFile: marker, encoding: .utf8)) == "webauthn.get")
            let status = try await LatchkeyBinary.run(["status"] + common)
            #expect(status.status == 0 && status.stdout.contains(user), "\(status.stdout)")
            // USER_AUTH without a method: the passkey is among the methods offered, and chosen by name.
            _ = try await LatchkeyBinary.run(["sign-out"] + common)
            let chosen = try await LatchkeyBinary.run(
                ["sign-in", "--username", user, "--flow", "user-auth"] + common, stdin: "passkey\n", environment: env)
            #expect(chosen.status == 0, "\(chosen.stderr)")
            #expect(chosen.stderr.contains("passkey") && !chosen.stderr.contains("not available"), "\(chosen.stderr)")

            let list = try await LatchkeyBinary.run(["passkey", "list", "--json"] + common)
            #expect(list.status == 0, "\(list.stderr)")
            let passkeys = try #require(JSONValue.parse(Array(list.stdout.utf8))?.arrayValue)
            #expect(passkeys.count == 1)
            let id = try #require(passkeys.first?["id"]?.stringValue)
            #expect(passkeys.first?["relyingParty"]?.stringValue == "127.0.0.1")
            #expect(passkeys.first?["transports"] == ["usb"])
            #expect(passkeys.first?["attachment"]?.stringValue == "cross-platform")
            #expect(passkeys.first?["created"]?.stringValue?.isEmpty == false)
            let text = try await LatchkeyBinary.run(["passkey", "list"] + common)
            #expect(text.stdout.contains(id) && text.stdout.contains("127.0.0.1"))

            // A passkey id is base64url, so it may start with "-": `--` ends the options before it.
            let unasked = try await LatchkeyBinary.run(["passkey", "remove"] + common + ["--", id])
            #expect(unasked.status == 2, "no terminal to ask, no --yes: \(unasked.stderr)")
            let remove = try await LatchkeyBinary.run(["passkey", "remove", "--yes"] + common + ["--", id])
            #expect(remove.status == 0, "\(remove.stderr)")
            let again = try await LatchkeyBinary.run(["passkey", "remove", "--yes"] + common + ["--", id])
            #expect(again.status == 1 && again.stderr.contains("latchkey passkey list"), "\(again.stderr)")
            let empty = try await LatchkeyBinary.run(["passkey", "list", "--json"] + common)
            #expect(JSONValue.parse(Array(empty.stdout.utf8)) == .array([]))
            // The passkey is gone: passkey sign-in is not offered any more (and nothing is signed).
            try? FileManager.default.removeItem(atPath: marker)
            let gone = try await LatchkeyBinary.run(
                ["sign-in", "--username", user, "--method", "passkey"] + common, environment: env)
            #expect(gone.status != 0)
            #expect(!FileManager.default.fileExists(atPath: marker))
        }

        @Test("A hostile pool whose options name another relying party: refused, the provider never starts")
        func hostileRelyingParty() async throws {
            let backend = try await LocalBackend.shared()
            let (config, poolId) = try await Self.hostilePoolConfiguration(backend)
            let (_, common) = try await Self.signedIn(backend, config: config, poolId: poolId)
            let directory = try Integration.temporaryDirectory("passkey-hostile")
            let marker = directory + "/marker"
            let env = ["LATCHKEY_PASSKEY_PROVIDER": Self.provider(keys: directory + "/keys.json", marker: marker)]
            let add = try await LatchkeyBinary.run(["passkey", "add"] + common, environment: env)
            #expect(add.status == 2, "\(add.stderr)")
            #expect(add.stderr.contains("\"evil.example\"") && add.stderr.contains("\"127.0.0.1\""), "\(add.stderr)")
            #expect(!FileManager.default.fileExists(atPath: marker), "the provider was started")
            #expect(!FileManager.default.fileExists(atPath: directory + "/keys.json"), "a key was made")
        }

        @Test("No provider: passkey add and sign-in --method passkey fail with the next step (exit 2)")
        func noProvider() async throws {
            let backend = try await LocalBackend.shared()
            let (user, common) = try await Self.signedIn(backend, config: backend.info.configPath)
            let add = try await LatchkeyBinary.run(
                ["passkey", "add"] + common, removing: ["LATCHKEY_PASSKEY_PROVIDER"])
            #expect(add.status == 2 && add.stderr.contains("LATCHKEY_PASSKEY_PROVIDER"), "\(add.stderr)")
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", user, "--method", "passkey"] + common, removing: ["LATCHKEY_PASSKEY_PROVIDER"]
            )
            #expect(signIn.status == 2 && signIn.stderr.contains("LATCHKEY_PASSKEY_PROVIDER"), "\(signIn.stderr)")
        }

        /// A second pool on the backend whose relying party is `evil.example`, and a configuration file for it that
        /// pins `127.0.0.1` (`Latchkey.Passkeys.RelyingPartyId`).
        static func hostilePoolConfiguration(_ backend: LocalBackend) async throws -> (path: String, poolId: String) {
            let pool = try await backend.adminCall(
                "CreateUserPool",
                [
                    "PoolName": .string(await backend.uniqueName("hostile")),
                    "Policies": ["SignInPolicy": ["AllowedFirstAuthFactors": ["PASSWORD", "WEB_AUTHN"]]],
                ])
            let poolId = try #require(pool["UserPool"]?["Id"]?.stringValue)
            try await backend.adminCall(
                "SetUserPoolMfaConfig",
                [
                    "UserPoolId": .string(poolId), "MfaConfiguration": "OFF",
                    "WebAuthnConfiguration": ["RelyingPartyId": "evil.example"],
                ])
            let client = try await backend.adminCall(
                "CreateUserPoolClient",
                [
                    "UserPoolId": .string(poolId), "ClientName": "hostile",
                    "ExplicitAuthFlows": ["ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH", "ALLOW_USER_AUTH"],
                ])
            let clientId = try #require(client["UserPoolClient"]?["ClientId"]?.stringValue)
            let json: JSONValue = [
                "CognitoUserPool": [
                    "Default": [
                        "PoolId": .string(poolId), "AppClientId": .string(clientId), "Region": "us-east-1",
                        "Endpoint": .string(backend.info.endpoint),
                    ]
                ],
                "Latchkey": ["Passkeys": ["RelyingPartyId": "127.0.0.1"]],
            ]
            let path = try Integration.temporaryDirectory("passkey-hostile-config") + "/hostile.json"
            try json.encoded().write(to: URL(fileURLWithPath: path))
            return (path, poolId)
        }
    }
}
