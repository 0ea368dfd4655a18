import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// Issue 14's CLI behaviour: worded errors, `status`'s exit codes and JSON, NFC usernames,
    /// message streams and configuration errors.
    @Suite("The latchkey binary: words, exit codes and streams")
    struct CLIWordingTests {
        @Test("status exits 1 signed out and 0 signed in; --json's authenticatedBy matches the text")
        func statusExitCodesAndProvider() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("stat")
            try await backend.createUser(username, password: Integration.password)
            let store = try Integration.temporaryDirectory("stat")
            let common = ["--config", backend.info.configPath, "--store", store]
            let before = try await LatchkeyBinary.run(["status", "--json"] + common)
            #expect(before.status == 1, "\(before)")
            #expect(JSONValue.parse(Array(before.stdout.utf8))?["authenticatedBy"] == .null)
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", username, "--password-stdin"] + common, stdin: Integration.password + "\n")
            #expect(signIn.status == 0, "\(signIn.stderr)")
            #expect(signIn.stdout.isEmpty && signIn.stderr.contains("✔ Signed in as \(username)."))
            let json = try await LatchkeyBinary.run(["status", "--json"] + common)
            #expect(json.status == 0)
            let text = try await LatchkeyBinary.run(["status"] + common)
            #expect(text.status == 0)
            let provider = try #require(JSONValue.parse(Array(json.stdout.utf8))?["authenticatedBy"]?.stringValue)
            #expect(provider != "Guest")
            #expect(text.stdout.contains("Authenticated by: \(provider) ("), "\(text.stdout)")
        }

        @Test("Cognito errors are our sentences: a taken username, a wrong password, an unknown user")
        func wordedErrors() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("taken")
            try await backend.createUser(username, password: Integration.password)
            let store = try Integration.temporaryDirectory("taken")
            let common = ["--config", backend.info.configPath, "--store", store]
            let taken = try await LatchkeyBinary.run(
                ["sign-up", "--username", username, "--email", "t@example.com", "--password-stdin"] + common,
                stdin: Integration.password + "\n")
            #expect(taken.status == 1)
            #expect(
                taken.stderr.contains("latchkey: That username is taken. Choose another username, or sign in with it."),
                "\(taken.stderr)")
            let unknown = try await LatchkeyBinary.run(
                ["sign-in", "--username", username + "nobody", "--password-stdin"] + common,
                stdin: Integration.password + "\n")
            #expect(unknown.status == 1)
            #expect(
                unknown.stderr.contains("There is no account with that username.")
                    || unknown.stderr.contains("The username or password is incorrect."), "\(unknown.stderr)")
            #expect(unknown.stderr.contains("latchkey sign-up") || unknown.stderr.contains("forgot-password"))
        }

        @Test("change-password with a wrong current password says so in our words, with the next step (exit 1)")
        func changePasswordWrongCurrent() async throws {
            let backend = try await LocalBackend.shared()
            let (username, common) = try await UserCommandTests.signedIn(backend)
            let wrong = try await LatchkeyBinary.run(
                ["change-password", "--password-stdin"] + common, stdin: "Wr0ng-Current!\nN3w-Password!\n")
            #expect(wrong.status == 1, "\(wrong)")
            #expect(
                wrong.stderr.contains(
                    "latchkey: The current password is wrong. Run latchkey change-password again with the right one;"),
                "\(wrong.stderr)")
            #expect(wrong.stderr.contains("latchkey forgot-password --username \(username)"), "\(wrong.stderr)")
            #expect(!wrong.stderr.contains("not authorised"))
            let right = try await LatchkeyBinary.run(
                ["change-password", "--password-stdin"] + common, stdin: "\(Integration.password)\nN3w-Password!\n")
            #expect(right.status == 0, "\(right)")
        }

        @Test("A username typed decomposed (NFD) signs in the account created composed (NFC)")
        func decomposedUsername() async throws {
            let backend = try await LocalBackend.shared()
            let composed = await backend.uniqueName("jos\u{E9}")
            try await backend.createUser(composed, password: Integration.password)
            let decomposed = composed.decomposedStringWithCanonicalMapping
            #expect(Array(decomposed.utf8) != Array(composed.utf8))
            let store = try Integration.temporaryDirectory("nfd")
            let signIn = try await LatchkeyBinary.run(
                [
                    "sign-in", "--username", decomposed, "--password-stdin", "--config", backend.info.configPath,
                    "--store", store,
                ], stdin: Integration.password + "\n")
            #expect(signIn.status == 0, "\(signIn.stderr)")
        }

        @Test("--config naming a directory, and bad JSON with its line and column")
        func configurationErrors() async throws {
            let directory = try Integration.temporaryDirectory("cfgdir")
            let asDirectory = try await LatchkeyBinary.run(
                ["status", "--config", directory, "--store", directory], environment: ExactCLITextTests.environment,
                removing: ExactCLITextTests.removing)
            #expect(asDirectory.status == 2)
            expectExactText(
                asDirectory.stderr,
                "latchkey: \(directory): this is a directory, not a configuration file. Pass the file itself, "
                    + "such as --config \(directory)/awsconfiguration.json.\n")
            let path = directory + "/bad.json"
            try "{\n  \"CognitoUserPool\": {\n    \"Default\": { \"PoolId\": \"x\" \"Region\": \"y\" }\n  }\n}\n".write(
                toFile: path, atomically: true, encoding: .utf8)
            let bad = try await LatchkeyBinary.run(["status", "--config", path, "--store", directory])
            #expect(bad.status == 2)
            #expect(bad.stderr.contains("line 3, column"), "\(bad.stderr)")
            #expect(!bad.stderr.contains("Assets/"), "\(bad.stderr)")
        }

        @Test("sign-in without --username and without a terminal says how, exit 2")
        func signInNeedsAUsernameWithoutATerminal() async throws {
            let backend = try await LocalBackend.shared()
            let store = try Integration.temporaryDirectory("nouser")
            let output = try await LatchkeyBinary.run(
                ["sign-in", "--config", backend.info.configPath, "--store", store], stdin: "",
                environment: ExactCLITextTests.environment, removing: ExactCLITextTests.removing)
            #expect(output.status == 2)
            expectExactText(
                output.stderr,
                """
                latchkey: storing the session in plain text at \(store)/session.json (mode 0600); LATCHKEY_STORE=file chose the file store.
                latchkey: pass --username U (and --password-stdin to pipe the password); on a terminal, `latchkey sign-in` alone prompts for both.

                """)
        }
    }
}
