import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    @Suite("latchkey sign-in --acr and token --acr against the local backend (step-up, issue 38)")
    struct StepUpCLITests {
        static let loa1 = "urn:cognito:loa:1"
        static let loa2 = "urn:cognito:loa:2"

        @Test(
            "token --acr loa:2 with no terminal exits 4 naming sign-in --acr; sign-in --acr asks for the code; then 0")
        func tokenExit4ThenStepUpWithCode() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend)
            let store = try Integration.temporaryDirectory("step-up-cli")
            let common = ["--config", backend.info.configPath, "--store", store]
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", username, "--password-stdin"] + common, stdin: Integration.password + "\n")
            #expect(signIn.status == 0, "\(signIn.stderr)")

            // A password sign-in is loa:1: that level prints, loa:2 refuses with the command to run.
            let weak = try await LatchkeyBinary.run(["token", "--access", "--acr", Self.loa1] + common)
            #expect(weak.status == 0, "\(weak.stderr)")
            #expect(
                SessionsCLITests.claims(weak.stdout.trimmingCharacters(in: .whitespacesAndNewlines))?["acr"]
                    == .string(Self.loa1))
            let refused = try await LatchkeyBinary.run(["token", "--acr", Self.loa2, "--max-age", "600"] + common)
            #expect(refused.status == 4, "\(refused)")
            #expect(refused.stdout.isEmpty)
            #expect(refused.stderr.contains("latchkey sign-in --acr \(Self.loa2) --max-age 600"), "\(refused.stderr)")

            let before = try await backend.stats().authFlows["USER_AUTH"] ?? 0
            let outcome = try await AuthFlowSupport.interactive(
                ["sign-in", "--acr", Self.loa2] + common, backend: backend, username: username,
                prompt: "(or \"resend\"): ", answers: [{ code in code ?? "" }])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stderr.contains("Code sent in an email to"), "\(outcome.stderr)")
            #expect(outcome.stderr.contains("Stepped up to \(Self.loa2)"), "\(outcome.stderr)")
            #expect(!outcome.stderr.lowercased().contains("password"), "only the missing factor is asked")
            #expect(try await backend.stats().authFlows["USER_AUTH"] ?? 0 == before + 1)

            let strong = try await LatchkeyBinary.run(["token", "--access", "--acr", Self.loa2] + common)
            #expect(strong.status == 0, "\(strong.stderr)")
            let claims = SessionsCLITests.claims(strong.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            #expect(claims?["acr"] == .string(Self.loa2))
            #expect(claims?["amr"]?.arrayValue?.compactMap(\.stringValue) == ["pwd", "otp", "mfa"])
            #expect(claims?["username"]?.stringValue == username)
        }

        @Test("Bad --acr and --max-age are usage errors (exit 2) naming the option")
        func badOptions() async throws {
            let backend = try await LocalBackend.shared()
            let common = [
                "--config", backend.info.configPath, "--store", try Integration.temporaryDirectory("step-up-bad"),
            ]
            for arguments in [
                ["token", "--max-age", "5"], ["token", "--acr", "a b"],
                ["sign-in", "--acr", Self.loa2, "--max-age", "-1"],
                ["sign-in", "--acr", Self.loa2, "--username", "x"],
            ] {
                let outcome = try await LatchkeyBinary.run(arguments + common)
                #expect(outcome.status == 2, "\(arguments): \(outcome)")
                #expect(outcome.stderr.contains("--acr") || outcome.stderr.contains("--max-age"), "\(outcome.stderr)")
            }
        }
    }
}
