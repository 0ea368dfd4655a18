import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// Configuration warnings (what was left out of the file) reach people, not programs.
    @Suite("Configuration warnings: on stderr for people, never in the output of token, credentials or exec")
    struct ConfigurationWarningsCLITests {
        /// What every warning line starts with, and the one this test's configuration causes.
        static let warning = "latchkey: warning: the hosted UI (OAuth) cannot be used"

        /// The local backend's configuration with a mobile app's redirect in its OAuth section: the hosted
        /// UI cannot be used (a warning); the user pool and the identity pool load as before.
        static func configWithWarning(_ backend: LocalBackend, in directory: String) throws -> String {
            let data = try Data(contentsOf: URL(fileURLWithPath: backend.info.configPath))
            guard case .object(var document) = try #require(JSONValue.parse(Array(data))),
                case .object(var auth) = try #require(document["Auth"]),
                case .object(var section) = try #require(auth["Default"]),
                case .object(var oauth) = try #require(section["OAuth"])
            else { throw TestSupportError(description: "unexpected configuration shape") }
            oauth["SignInRedirectURI"] = "myapp://callback"
            section["OAuth"] = .object(oauth)
            auth["Default"] = .object(section)
            document["Auth"] = .object(auth)
            let path = directory + "/awsconfiguration-warning.json"
            try JSONValue.object(document).encoded().write(to: URL(fileURLWithPath: path))
            return path
        }

        @Test("sign-in and user show print the warning; token, credentials and exec do not; status shows it")
        func warningsFollowTheReader() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("warned")
            try await backend.createUser(username, password: Integration.password)
            let directory = try Integration.temporaryDirectory("config-warnings")
            let config = try Self.configWithWarning(backend, in: directory)
            let common = ["--config", config, "--store", directory + "/store"]

            // Commands people read: the warning on stderr.
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", username, "--password-stdin"] + common, stdin: Integration.password + "\n")
            #expect(signIn.status == 0, "\(signIn)")
            #expect(signIn.stderr.components(separatedBy: Self.warning).count == 2, "once: \(signIn.stderr)")
            let user = try await LatchkeyBinary.run(["user", "show"] + common)
            #expect(user.status == 0, "\(user)")
            #expect(user.stderr.contains(Self.warning), "\(user.stderr)")

            // Commands programs read: nothing but their output. `token` twice: the start-up fast path,
            // and the ordinary command (`--lang` is one of the things the fast path leaves to it).
            for arguments in [
                ["token"], ["token", "--lang", "en"], ["credentials", "--format", "credential-process"],
            ] {
                let run = try await LatchkeyBinary.run(arguments + common)
                #expect(run.status == 0, "\(arguments): \(run)")
                #expect(!run.stdout.isEmpty, "\(arguments)")
                #expect(!run.stderr.contains("warning"), "\(arguments): \(run.stderr)")
            }
            let exec = try await LatchkeyBinary.run(["exec"] + common + ["--", "sh", "-c", "exit 0"])
            #expect(exec.status == 0, "\(exec)")
            #expect(!exec.stderr.contains("warning"), "\(exec.stderr)")

            // status shows it in its own output, not again on stderr.
            let status = try await LatchkeyBinary.run(["status"] + common)
            #expect(status.status == 0, "\(status)")
            #expect(status.stdout.contains(Self.warning), "\(status.stdout)")
            #expect(!status.stderr.contains("warning"), "\(status.stderr)")
            let json = try await LatchkeyBinary.run(["status", "--json"] + common)
            let warnings = JSONValue.parse(Array(json.stdout.utf8))?["configWarnings"]?.arrayValue ?? []
            #expect(warnings.count == 1, "\(json.stdout)")
            #expect(warnings.first?.stringValue?.hasPrefix("the hosted UI (OAuth) cannot be used") == true)
            #expect(!json.stderr.contains("warning"), "\(json.stderr)")
        }
    }
}
