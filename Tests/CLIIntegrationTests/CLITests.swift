import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    @Suite("The latchkey binary: commands and exit codes")
    struct CLITests {
        static func session(state: UserState, lifetime: TimeInterval, issued: Date) throws -> PersistedSession {
            let pool = UserPoolConfiguration(
                poolId: "us-east-1_Offline1", appClientId: "offlineclient", region: "us-east-1")
            let raw = TestJWT.tokens(pool: pool, username: "offline", issued: issued, lifetime: lifetime)
            let tokens = try CognitoTokens(idToken: raw.id, accessToken: raw.access, refreshToken: raw.refresh)
            return PersistedSession(
                state: state, username: "offline", provider: pool.providerKey,
                tokens: state == .signedIn ? tokens : nil, updatedAt: issued)
        }

        @Test("sign-in --password-stdin, status --json, token, sign-out: exit 0; a wrong password exits 1")
        func signInStatusTokenSignOut() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("cli")
            try await backend.createUser(username, password: Integration.password)
            let store = try Integration.temporaryDirectory("cli")
            let common = ["--config", backend.info.configPath, "--store", store]

            let wrong = try await LatchkeyBinary.run(
                ["sign-in", "--username", username, "--password-stdin"] + common, stdin: "nope\n")
            #expect(wrong.status == 1)
            #expect(wrong.stderr.contains("The username or password is incorrect."))
            #expect(!wrong.stderr.contains("nope"))

            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", username, "--password-stdin"] + common, stdin: Integration.password + "\n")
            #expect(signIn.status == 0, "\(signIn.stderr)")
            let status = try await LatchkeyBinary.run(["status", "--json"] + common)
            let json = try #require(JSONValue.parse(Array(status.stdout.utf8)))
            #expect(json["state"]?.stringValue == "signedIn")
            let human = try await LatchkeyBinary.run(["status"] + common)
            #expect(human.stdout.contains("Signed in as \(username)"))
            let token = try await LatchkeyBinary.run(["token", "--access"] + common)
            #expect(token.status == 0)
            #expect(token.stdout.hasPrefix("eyJ"))
            // The human status never prints a whole token.
            #expect(!human.stdout.contains(token.stdout.trimmingCharacters(in: .whitespacesAndNewlines)))
            let signOut = try await LatchkeyBinary.run(["sign-out", "--global"] + common)
            #expect(signOut.status == 0)
            let after = try await LatchkeyBinary.run(["status", "--json"] + common)
            #expect(JSONValue.parse(Array(after.stdout.utf8))?["state"]?.stringValue == "signedOut")
            let noToken = try await LatchkeyBinary.run(["token"] + common)
            // Nobody signed in is 1, as for `status` (4 is "sign in again").
            #expect(noToken.status == 1)
        }

        @Test("token exits 4 when re-login is required, without touching the network")
        func tokenReloginRequired() async throws {
            let directory = try Integration.temporaryDirectory("relogin")
            try FileSessionStore(directory: directory).save(
                try Self.session(state: .signedOutUserPoolsTokenInvalid, lifetime: 3600, issued: Date()))
            let output = try await LatchkeyBinary.run([
                "token", "--config", try Integration.unreachableConfig(in: directory), "--store", directory,
            ])
            #expect(output.status == 4)
            #expect(output.stderr.contains("Sign-in needed again"), "\(output.stderr)")
            #expect(!output.stderr.contains("signedOutUserPoolsTokenInvalid"), "\(output.stderr)")
        }

        @Test("token exits 3 after a bounded retry when the backend is unreachable and the token has expired")
        func tokenOfflineExpired() async throws {
            let directory = try Integration.temporaryDirectory("offline")
            try FileSessionStore(directory: directory).save(
                try Self.session(state: .signedIn, lifetime: 600, issued: Date().addingTimeInterval(-3600)))
            let started = Date()
            let output = try await LatchkeyBinary.run(
                [
                    "token", "--retry-seconds", "1.5", "--config", try Integration.unreachableConfig(in: directory),
                    "--store",
                    directory,
                ])
            #expect(output.status == 3, "\(output.stderr)")
            #expect(output.stderr.contains("refused"))
            #expect(Date().timeIntervalSince(started) < 10)
            // Offline did not sign anyone out.
            let status = try await LatchkeyBinary.run(
                [
                    "status", "--json", "--config", try Integration.unreachableConfig(in: directory), "--store",
                    directory,
                ])
            #expect(JSONValue.parse(Array(status.stdout.utf8))?["state"]?.stringValue == "signedIn")
        }

        @Test("A valid cached token is printed offline")
        func tokenOfflineValid() async throws {
            let directory = try Integration.temporaryDirectory("cached")
            try FileSessionStore(directory: directory).save(
                try Self.session(state: .signedIn, lifetime: 3600, issued: Date()))
            let output = try await LatchkeyBinary.run([
                "token", "--config", try Integration.unreachableConfig(in: directory), "--store", directory,
            ])
            #expect(output.status == 0)
            #expect(output.stdout.hasPrefix("eyJ"))
        }

        @Test("A missing or broken configuration exits 2 and names the file and the key")
        func configurationErrors() async throws {
            let directory = try Integration.temporaryDirectory("config")
            let missing = try await LatchkeyBinary.run(["status", "--config", directory + "/nope.json"])
            #expect(missing.status == 2)
            #expect(missing.stderr.contains(directory + "/nope.json"))
            let badPath = directory + "/bad.json"
            try #"{"CognitoUserPool":{"Default":{"PoolId":"not-a-pool","AppClientId":"x","Region":"us-east-1"}}}"#
                .write(toFile: badPath, atomically: true, encoding: .utf8)
            let bad = try await LatchkeyBinary.run(["status", "--config", badPath])
            #expect(bad.status == 2)
            #expect(bad.stderr.contains("CognitoUserPool.Default.PoolId"))
            let usage = try await LatchkeyBinary.run(["token", "--id", "--access", "--config", badPath])
            #expect(usage.status == 2)
        }

        @Test(
            "Without a TTY the UI says so and points to the non-interactive commands; --plain signs in with line prompts"
        )
        func noTerminalAndPlainMode() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("plain")
            try await backend.createUser(username, password: Integration.password)
            let common = ["--config", backend.info.configPath, "--store", try Integration.temporaryDirectory("plain")]
            let noTTY = try await LatchkeyBinary.run(common, environment: ["LATCHKEY_STORE": "file"])
            #expect(noTTY.status == 2)
            #expect(noTTY.stderr.contains("no terminal"))
            #expect(noTTY.stderr.contains("latchkey sign-in"))
            let plain = try await LatchkeyBinary.run(
                ["ui", "--plain"] + common, stdin: "\(username)\n\(Integration.password)\n",
                environment: ["LATCHKEY_STORE": "file"])
            #expect(plain.status == 0, "\(plain.stderr)")
            #expect(plain.stderr.contains("Signed in as \(username)"))
            #expect(!plain.stderr.contains(Integration.password) && !plain.stdout.contains(Integration.password))
            let status = try await LatchkeyBinary.run(
                ["status", "--json"] + common, environment: ["LATCHKEY_STORE": "file"])
            #expect(JSONValue.parse(Array(status.stdout.utf8))?["state"]?.stringValue == "signedIn")
        }

        @Test("sign-up and confirm-sign-up through the binary")
        func signUpThroughBinary() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("clisignup")
            let common = ["--config", backend.info.configPath, "--store", try Integration.temporaryDirectory("signup")]
            let signUp = try await LatchkeyBinary.run(
                ["sign-up", "--username", username, "--email", "\(username)@example.com", "--password-stdin"] + common,
                stdin: Integration.password + "\n")
            #expect(signUp.status == 0, "\(signUp.stderr)")
            #expect(signUp.stderr.contains("confirmation code was sent"), "messages go to stderr")
            let code = try #require(try await backend.codes(for: username).signUp)
            let confirm = try await LatchkeyBinary.run(
                ["confirm-sign-up", "--username", username, "--code", code] + common)
            #expect(confirm.status == 0)
        }
    }
}
