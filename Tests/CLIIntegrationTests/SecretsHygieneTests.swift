import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    @Suite("Secrets never reach logs, errors or status output")
    struct SecretsHygieneTests {
        @Test("Every flow with --debug: stderr, logs and status never contain the password, tokens or secret key")
        func everyFlowWithDebugLogging() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("hygiene")
            let password = "Hyg1ene-Secret-Passw0rd!"
            let newPassword = "Hyg1ene-N3w-Passw0rd!"
            let store = TestScratch.path("hygiene")
            let common = ["--config", backend.info.configPath, "--store", store, "--debug"]
            var transcripts: [(command: String, text: String)] = []
            func run(_ arguments: [String], stdin: String? = nil, secretStdout: Bool = false) async throws
                -> LatchkeyBinary.Output
            {
                let output = try await LatchkeyBinary.run(
                    arguments + common, stdin: stdin, environment: ["LATCHKEY_STORE": "file"])
                transcripts.append((arguments.joined(separator: " ") + " [stderr]", output.stderr))
                // `token` and `credentials` print a secret on stdout by design; everything else must not.
                if !secretStdout { transcripts.append((arguments.joined(separator: " ") + " [stdout]", output.stdout)) }
                return output
            }
            _ = try await run(
                ["sign-up", "--username", username, "--email", "\(username)@example.com", "--password-stdin"],
                stdin: password + "\n")
            _ = try await run(["confirm-sign-up", "--username", username, "--code", "000000"])
            let code = try #require(try await backend.codes(for: username).signUp)
            _ = try await run(["confirm-sign-up", "--username", username, "--code", code])
            _ = try await run(["sign-in", "--username", username, "--password-stdin"], stdin: "wrong-\(password)\n")
            let signIn = try await run(["sign-in", "--username", username, "--password-stdin"], stdin: password + "\n")
            #expect(signIn.status == 0)
            let idToken = try await run(["token", "--id"], secretStdout: true).stdout.trimmingCharacters(
                in: .whitespacesAndNewlines)
            let accessToken = try await run(["token", "--access"], secretStdout: true).stdout.trimmingCharacters(
                in: .whitespacesAndNewlines)
            let credentials = try await run(["credentials", "--format", "json"], secretStdout: true)
            let credentialsJSON = try #require(JSONValue.parse(Array(credentials.stdout.utf8)))
            let secretKey = try #require(credentialsJSON["secretAccessKey"]?.stringValue)
            let sessionToken = try #require(credentialsJSON["sessionToken"]?.stringValue)
            _ = try await run(["status"])
            _ = try await run(["status", "--json"])
            _ = try await run(["change-password", "--password-stdin"], stdin: "\(password)\n\(newPassword)\n")
            _ = try await run(["forgot-password", "--username", username])
            _ = try await run(
                ["confirm-forgot-password", "--username", username, "--code", "123456", "--password-stdin"],
                stdin: "Another-Passw0rd!\n")
            let session = try FileSessionStore(directory: store).load()
            let refreshToken = try #require(session?.tokens?.refreshToken)
            _ = try await run(["sign-out", "--global"])
            _ = try await run(["token"])

            let secrets = [
                ("password", password), ("new password", newPassword), ("id token", idToken),
                ("access token", accessToken),
                ("refresh token", refreshToken), ("secret access key", secretKey), ("session token", sessionToken),
            ]
            #expect(!idToken.isEmpty && !accessToken.isEmpty)
            #expect(transcripts.contains { $0.text.contains("latchkey debug") }, "debug logging produced output")
            for (command, text) in transcripts {
                for (name, secret) in secrets {
                    #expect(!text.contains(secret), "the \(name) appeared in the output of `\(command)`")
                    // Also no long fragment of a token (a prefix of 24 characters is already identifying).
                    if secret.count > 40 {
                        #expect(
                            !text.contains(String(secret.prefix(24))), "part of the \(name) appeared in `\(command)`")
                    }
                }
            }
        }
    }
}
