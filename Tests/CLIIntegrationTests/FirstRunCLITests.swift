import AuthScreens
import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

/// Issue 29's first-run and command-line items: the backend probe that must not install, global options
/// before the command, unknown-command suggestions and the CLI's wording.
@Suite("First run and the command line (issue 29)")
struct FirstRunCLITests {
    /// N2: `Scripts/local-backend status` (the demo's silenced probe) answers at once and never creates the
    /// virtualenv; only `start`/`--ensure-only` provision it, where their progress is seen.
    @Test func backendStatusProbeDoesNotProvision() async throws {
        let directory = try TestScratch.directory("probe")
        let venv = directory + "/venv"
        let script = LocalBackend.repositoryRoot.appendingPathComponent("Scripts/local-backend").path
        for command in ["status", "stop"] {
            let output = try await ChildProcess.spawn(
                script, [command, "--dir", directory + "/state"], environment: ["LATCHKEY_VENV": venv],
                timeout: .seconds(60)
            ).wait()
            #expect(output.status == (command == "status" ? 1 : 0), "\(output.stderr)")
            #expect(output.stdout.contains("not running") || output.stdout.contains("nothing running"))
            #expect(!output.stderr.contains("installing"))
            #expect(!FileManager.default.fileExists(atPath: venv), "\(command) created the virtualenv")
        }
    }
}

extension BackendTests {
    /// B3: the configuration the local backend (and so `latchkey demo`) writes carries the pool's real
    /// password policy, and the CLI's pre-check and the UI's checklist judge a password the same way.
    @Suite("The pool's password policy, in the configuration, the UI and the CLI (issue 29)")
    struct PasswordPolicyParityTests {
        @Test func demoConfigurationCarriesThePoolsPolicy() async throws {
            let backend = try await LocalBackend.shared()
            for path in [backend.info.configPath, backend.info.amplifyOutputsPath].compactMap({ $0 }) {
                let configuration = try AuthConfiguration.load(path: path)
                let stated = try #require(configuration.poolSettings.passwordPolicy, "\(path) states no policy")
                // The pool is created with RequireSymbols false (Assets/local-backend/latchkey_backend.py).
                #expect(stated.requiresSymbols == false)
                #expect(stated.requiresUppercase && stated.requiresLowercase && stated.requiresNumbers)
                #expect(stated.minimumLength == 8)
            }
        }

        /// N25: the plain-text warning is said once per store, not again for each new account.
        @Test func plainTextWarningOncePerStore() async throws {
            let backend = try await LocalBackend.shared()
            let alice = await backend.uniqueName("once")
            let bob = await backend.uniqueName("once")
            try await backend.createUser(alice, password: Integration.password)
            try await backend.createUser(bob, password: Integration.password)
            let store = try Integration.temporaryDirectory("once")
            let common = ["--config", backend.info.configPath, "--store", store]
            // No keyring reachable: the file store, and its warning.
            let noKeyring = ["DBUS_SESSION_BUS_ADDRESS", "LATCHKEY_STORE"]
            let first = try await LatchkeyBinary.run(
                ["sign-in", "--username", alice, "--password-stdin"] + common, stdin: Integration.password + "\n",
                removing: noKeyring)
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stderr.contains("plain text"), "the first sign-in warns: \(first.stderr)")
            let second = try await LatchkeyBinary.run(
                ["sign-in", "--username", bob, "--password-stdin"] + common, stdin: Integration.password + "\n",
                removing: noKeyring)
            #expect(second.status == 0, "\(second.stderr)")
            #expect(second.stderr.contains("Added an account for \(bob)"), "\(second.stderr)")
            #expect(!second.stderr.contains("plain text"), "said again for a new account: \(second.stderr)")
        }

        @Test func cliAndFormsAgreeOnAPassword() async throws {
            let backend = try await LocalBackend.shared()
            let configuration = try AuthConfiguration.load(path: backend.info.configPath)
            let store = try Integration.temporaryDirectory("policy")
            let common = ["--config", backend.info.configPath, "--store", store]
            // What the Create account form shows, built as `latchkey ui` builds it.
            let options = AuthUIOptions(ui: configuration.latchkey.ui, poolSettings: configuration.poolSettings)
            func formAccepts(_ password: String) -> Bool {
                var form = SignUpState(username: "someone", policy: options.passwordPolicy, attributes: [])
                form.password = FieldState(text: password, isSecure: true)
                return form.passwordChecks.allSatisfy(\.isMet)
            }
            for (password, accepted) in [("Abcdefg1", true), ("abcdefg1", false), ("Abcdefgh", false)] {
                #expect(formAccepts(password) == accepted, "the form on \(password)")
                let username = await backend.uniqueName("policy")
                let cli = try await LatchkeyBinary.run(
                    ["sign-up", "--username", username, "--email", "\(username)@example.com", "--password-stdin"]
                        + common, stdin: password + "\n")
                #expect((cli.status == 0) == accepted, "the CLI on \(password): \(cli.stderr)")
                if !accepted {
                    // Refused before any request, naming the rule the form marks unmet.
                    #expect(cli.stderr.contains("The pool's policy:"), "\(cli.stderr)")
                    #expect(!cli.stderr.contains(password))
                }
            }
        }
    }
}

extension FirstRunCLITests {
    /// C15: a global option before the command belongs to the command, not to the default `ui`.
    @Test func globalOptionsBeforeTheCommand() async throws {
        let store = try TestScratch.directory("global-first")
        let config = try Integration.unreachableConfig(in: store)
        for arguments in [
            ["--debug", "--store", store, "--config", config, "status"],
            ["--store=\(store)", "--config", config, "status", "--json"],
            ["--store", store, "--config", config, "sign-out"],
        ] {
            let output = try await LatchkeyBinary.run(arguments)
            #expect(!output.stderr.contains("Unexpected argument"), "\(arguments): \(output.stderr)")
            #expect(output.status != 2, "\(arguments): \(output.stderr)")
        }
        let status = try await LatchkeyBinary.run(["--store", store, "--config", config, "status", "--json"])
        #expect(status.status == 1, "\(status.stderr)")
        #expect(JSONValue.parse(Array(status.stdout.utf8))?["state"]?.stringValue == "signedOut")
    }

    /// N18: one line for an unknown command, and a suggestion for `sigin` and for other tools' words.
    @Test func unknownCommandSuggestions() async throws {
        for (typed, suggested) in [
            ("sigin", "sign-in"), ("signin", "sign-in"), ("login", "sign-in"), ("tokn", "token"),
        ] {
            let output = try await LatchkeyBinary.run(
                [typed], environment: ExactCLITextTests.environment, removing: ExactCLITextTests.removing)
            #expect(output.status == 2)
            // The whole of stderr: one line, no blank line and no usage after it.
            expectExactText(
                output.stderr,
                "latchkey: unknown command \"\(typed)\". Did you mean \(suggested)? "
                    + "Run latchkey --help for the list of commands.\n")
        }
    }
}

extension FirstRunCLITests {
    /// N25: seconds are written as people write them, in the help's default and in the range error.
    @Test func retrySecondsAreWrittenWithoutPointZero() async throws {
        for command in ["token", "credentials"] {
            let help = try await LatchkeyBinary.run([command, "--help"], environment: ["COLUMNS": "200"])
            #expect(help.stdout.contains("(default: 4)"), "\(help.stdout)")
            #expect(!help.stdout.contains("4.0"), "\(help.stdout)")
            let bad = try await LatchkeyBinary.run(
                [command, "--retry-seconds", "-5"], environment: ExactCLITextTests.environment,
                removing: ExactCLITextTests.removing)
            #expect(bad.status == 2)
            // The whole error: "-5" and "3600", never "-5.0" or "3600.0".
            // argument-parser shortens a usage line too long to print whole (token's, since machine and
            // derived tokens) to `<options>`.
            let usage =
                command == "token"
                ? "latchkey token <options>"
                : "latchkey credentials [--format <format>] [--retry-seconds <retry-seconds>] [--config <config>] [--config-section <config-section>] [--store <store>] [--account <account>] [--debug] [--lang <en|ja>]"
            expectExactText(
                bad.stderr,
                """
                Error: --retry-seconds must be a number of seconds from 0 to 3600; got -5. Pass, for example, --retry-seconds 4.
                Usage: \(usage)
                  See 'latchkey \(command) --help' for more information.

                """)
        }
    }
}
