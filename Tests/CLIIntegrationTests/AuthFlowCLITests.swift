import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// Every sign-in flow and factor from the CLI (issue 12), against the patched local backend.
    @Suite("latchkey sign-in: flows, passwordless codes, MFA factors")
    struct AuthFlowCLITests {
        @Test("--flow password signs in on a client that allows only USER_PASSWORD_AUTH; srp is refused there")
        func passwordFlow() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend)
            let store = try Integration.temporaryDirectory("flow-password")
            let passwordOnly = try await backend.configuration(allowingFlows: ["ALLOW_USER_PASSWORD_AUTH"])
            let config = try AuthFlowSupport.config(backend, clientId: passwordOnly.userPool?.appClientId, in: store)
            let common = ["--config", config, "--store", store, "--username", username, "--password-stdin"]

            let srp = try await LatchkeyBinary.run(["sign-in"] + common, stdin: Integration.password + "\n")
            #expect(srp.status != 0)
            #expect(srp.stderr.contains("USER_SRP_AUTH flow not enabled for this client"), "\(srp.stderr)")
            #expect(srp.stderr.contains("ALLOW_USER_SRP_AUTH"))

            let password = try await LatchkeyBinary.run(
                ["sign-in", "--flow", "password"] + common, stdin: Integration.password + "\n")
            #expect(password.status == 0, "\(password.stderr)")
            #expect(password.stderr.contains("Signed in as \(username)"))
            #expect(!password.stderr.contains(Integration.password))
        }

        @Test(
            "Auth.Default.authenticationFlowType and MigrationEnabled choose USER_PASSWORD_AUTH from the configuration")
        func flowFromConfiguration() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend)
            let store = try Integration.temporaryDirectory("flow-config")
            let passwordOnly = try await backend.configuration(allowingFlows: ["ALLOW_USER_PASSWORD_AUTH"])
            let clientId = passwordOnly.userPool?.appClientId
            for config in [
                try AuthFlowSupport.config(backend, clientId: clientId, flowType: "USER_PASSWORD_AUTH", in: store),
                try AuthFlowSupport.config(backend, clientId: clientId, migration: true, in: store),
            ] {
                let output = try await LatchkeyBinary.run(
                    ["sign-in", "--config", config, "--store", store, "--username", username, "--password-stdin"],
                    stdin: Integration.password + "\n")
                #expect(output.status == 0, "\(config): \(output.stderr)")
            }
        }

        @Test("A client allowing only SRP rejects --flow password with a clear error")
        func srpOnlyRejectsPassword() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend)
            let store = try Integration.temporaryDirectory("flow-srp-only")
            let srpOnly = try await backend.configuration(allowingFlows: [
                "ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH",
            ])
            let config = try AuthFlowSupport.config(backend, clientId: srpOnly.userPool?.appClientId, in: store)
            let common = ["--config", config, "--store", store, "--username", username, "--password-stdin"]
            let refused = try await LatchkeyBinary.run(
                ["sign-in", "--flow", "password"] + common, stdin: Integration.password + "\n")
            #expect(refused.status == 2 || refused.status == 1, "\(refused.status)")
            #expect(refused.stderr.contains("USER_PASSWORD_AUTH flow not enabled for this client"), "\(refused.stderr)")
            #expect(refused.stderr.contains("add ALLOW_USER_PASSWORD_AUTH to the app client's ExplicitAuthFlows"))
            let srp = try await LatchkeyBinary.run(["sign-in"] + common, stdin: Integration.password + "\n")
            #expect(srp.status == 0, "\(srp.stderr)")
        }

        @Test("--flow custom and custom-srp answer the scripted CUSTOM_CHALLENGE; a wrong password stops custom-srp")
        func customFlows() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend)
            let store = try Integration.temporaryDirectory("flow-custom")
            try await backend.setCustomChallenge(question: "Favourite colour?", answer: "teal", attempts: 1)
            let common = ["--config", backend.info.configPath, "--store", store, "--username", username]

            let custom = try await LatchkeyBinary.run(["sign-in", "--flow", "custom"] + common, stdin: "teal\n")
            #expect(custom.status == 0, "\(custom.stderr)")
            #expect(custom.stderr.contains("question: Favourite colour?"))
            let wrong = try await LatchkeyBinary.run(["sign-in", "--flow", "custom"] + common, stdin: "red\n")
            #expect(wrong.status != 0)
            #expect(wrong.stderr.contains("The username or password is incorrect."))

            let srp = try await LatchkeyBinary.run(
                ["sign-in", "--flow", "custom-srp", "--password-stdin"] + common,
                stdin: Integration.password + "\nteal\n")
            #expect(srp.status == 0, "\(srp.stderr)")
            let badPassword = try await LatchkeyBinary.run(
                ["sign-in", "--flow", "custom-srp", "--password-stdin"] + common, stdin: "Wr0ng-password\nteal\n")
            #expect(badPassword.status != 0)
            #expect(!badPassword.stderr.contains("Favourite colour"))
        }

        @Test(
            "Passwordless: --flow user-auth --method email-otp signs in with the emailed code; resend sends a new one")
        func passwordlessEmail() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend)
            let store = try Integration.temporaryDirectory("flow-email-otp")
            let arguments = [
                "sign-in", "--flow", "user-auth", "--method", "email-otp", "--username", username,
                "--config", backend.info.configPath, "--store", store,
            ]
            let first = ResumeBox()
            let outcome = try await AuthFlowSupport.interactive(
                arguments, backend: backend, username: username, prompt: "(or \"resend\"): ",
                answers: [
                    { code in
                        first.set(code)
                        return "resend"
                    },
                    { code in code ?? "" },
                ])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stderr.contains("Code sent in an email to"), "\(outcome.stderr)")
            #expect(outcome.stderr.contains("Signed in as \(username)"))
            #expect(first.value != nil)
            let status = try await LatchkeyBinary.run(
                ["status", "--json", "--config", backend.info.configPath, "--store", store])
            #expect(JSONValue.parse(Array(status.stdout.utf8))?["state"]?.stringValue == "signedIn")
        }

        @Test("A wrong emailed code is refused, the prompt comes back, and the right one then signs in")
        func wrongEmailCode() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend)
            let store = try Integration.temporaryDirectory("flow-email-wrong")
            let arguments = [
                "sign-in", "--flow", "user-auth", "--method", "email-otp", "--username", username,
                "--config", backend.info.configPath, "--store", store,
            ]
            let outcome = try await AuthFlowSupport.interactive(
                arguments, backend: backend, username: username, prompt: "(or \"resend\"): ",
                answers: [{ code in code == "000000" ? "111111" : "000000" }, { $0 ?? "" }])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            // Our sentence, ended, then the next step (never the server's text run into ours).
            #expect(outcome.stderr.contains("The code is wrong. Enter the code again"), "\(outcome.stderr)")
        }

        @Test("--method sms-otp signs in with the texted code")
        func passwordlessSMS() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend, phone: true)
            let store = try Integration.temporaryDirectory("flow-sms-otp")
            let outcome = try await AuthFlowSupport.interactive(
                [
                    "sign-in", "--flow", "user-auth", "--method", "sms-otp", "--username", username,
                    "--config", backend.info.configPath, "--store", store,
                ], backend: backend, username: username, prompt: "(or \"resend\"): ", answers: [{ $0 ?? "" }])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stderr.contains("text message"), "\(outcome.stderr)")
        }

        @Test("--flow user-auth without --method offers the pool's methods (SELECT_CHALLENGE); password and SRP work")
        func selectChallenge() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend)
            let store = try Integration.temporaryDirectory("flow-select")
            let common = [
                "sign-in", "--flow", "user-auth", "--username", username, "--config", backend.info.configPath,
                "--store", store,
            ]
            for method in ["password", "password-srp"] {
                let output = try await LatchkeyBinary.run(common, stdin: "\(method)\n\(Integration.password)\n")
                #expect(output.status == 0, "\(method): \(output.stderr)")
                #expect(output.stderr.contains("Sign in with (password, password-srp, email-otp)"), "\(output.stderr)")
            }
            let preferred = try await LatchkeyBinary.run(
                common + ["--method", "password", "--password-stdin"], stdin: Integration.password + "\n")
            #expect(preferred.status == 0, "\(preferred.stderr)")
            #expect(!preferred.stderr.contains("Sign in with"))
            let wrong = try await LatchkeyBinary.run(common + ["--method", "password"], stdin: "Wr0ng-pass\n")
            #expect(wrong.status == 1)
            #expect(wrong.stderr.contains("The username or password is incorrect."))
        }

        @Test("--client-metadata reaches InitiateAuth; sign-up sends --validation-data and --client-metadata")
        func clientMetadata() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend)
            let store = try Integration.temporaryDirectory("flow-metadata")
            let signIn = try await LatchkeyBinary.run(
                [
                    "sign-in", "--username", username, "--password-stdin", "--client-metadata", "source=cli",
                    "--client-metadata", "team=a=b", "--config", backend.info.configPath, "--store", store,
                ], stdin: Integration.password + "\n")
            #expect(signIn.status == 0, "\(signIn.stderr)")
            let initiate = try await backend.clientMetadata(of: "InitiateAuth", username: username)
            #expect(initiate.clientMetadata == ["source": "cli", "team": "a=b"])
            let respond = try await backend.clientMetadata(of: "RespondToAuthChallenge", username: username)
            #expect(respond.clientMetadata == ["source": "cli", "team": "a=b"])

            let newName = await backend.uniqueName("meta")
            let signUp = try await LatchkeyBinary.run(
                [
                    "sign-up", "--username", newName, "--email", "\(newName)@example.com", "--password-stdin",
                    "--validation-data", "invite=xyz", "--client-metadata", "campaign=spring",
                    "--config", backend.info.configPath, "--store", store,
                ], stdin: Integration.password + "\n")
            #expect(signUp.status == 0, "\(signUp.stderr)")
            let seen = try await backend.clientMetadata(of: "SignUp", username: newName)
            #expect(seen.validationData == ["invite": "xyz"])
            #expect(seen.clientMetadata == ["campaign": "spring"])
            let bad = try await LatchkeyBinary.run(
                ["sign-in", "--client-metadata", "novalue", "--config", backend.info.configPath, "--store", store])
            #expect(bad.status == 2)
            #expect(bad.stderr.contains("--client-metadata expects key=value"))
        }

        @Test("latchkey mfa: enrol TOTP (secret and otpauth URI), turn email on, prefer, choose at sign-in, turn off")
        func mfaCommand() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend)
            let store = try Integration.temporaryDirectory("flow-mfa")
            let common = ["--config", backend.info.configPath, "--store", store]
            let signIn = ["sign-in", "--username", username, "--password-stdin"] + common
            #expect(try await LatchkeyBinary.run(signIn, stdin: Integration.password + "\n").status == 0)

            let none = try await LatchkeyBinary.run(["mfa", "status", "--json"] + common)
            #expect(none.status == 0, "\(none.stderr)")
            #expect(JSONValue.parse(Array(none.stdout.utf8))?["enabled"]?.arrayValue == [])

            // TOTP: the backend's secret is fixed, so the code can be computed before the command prints it.
            let code = try #require(TOTPGenerator.code(secret: "asdfasdfasdf"))
            let totp = try await LatchkeyBinary.run(["mfa", "enable", "totp", "--code", code] + common)
            #expect(totp.status == 0, "\(totp.stderr)")
            #expect(totp.stdout.contains("secret: asdfasdfasdf"))
            #expect(totp.stdout.contains("uri: otpauth://totp/Latchkey:"))

            let email = try await LatchkeyBinary.run(["mfa", "enable", "email"] + common)
            #expect(email.status == 0, "\(email.stderr)")
            let both = try await LatchkeyBinary.run(["mfa", "status", "--json"] + common)
            let json = JSONValue.parse(Array(both.stdout.utf8))
            #expect(Set(json?["enabled"]?.arrayValue?.compactMap(\.stringValue) ?? []) == ["totp", "email"])
            #expect(json?["preferred"]?.stringValue == "totp")
            let human = try await LatchkeyBinary.run(["mfa"] + common)
            #expect(human.stdout.contains("totp   on (preferred)"), "\(human.stdout)")
            #expect(human.stdout.contains("email  on"))

            // Email preferred: sign-in asks for the emailed code.
            #expect(try await LatchkeyBinary.run(["mfa", "prefer", "email"] + common).status == 0)
            let emailed = try await AuthFlowSupport.interactive(
                signIn, backend: backend, username: username, prompt: "(or \"resend\"): ", answers: [{ $0 ?? "" }],
                before: Integration.password + "\n")
            #expect(emailed.status == 0, "\(emailed.stderr)")
            #expect(emailed.stderr.contains("Code sent in an email"), "\(emailed.stderr)")

            // Email off: TOTP is asked for.
            #expect(try await LatchkeyBinary.run(["mfa", "disable", "email"] + common).status == 0)
            let totpCode = try #require(TOTPGenerator.code(secret: "asdfasdfasdf"))
            let withTOTP = try await LatchkeyBinary.run(signIn, stdin: Integration.password + "\n\(totpCode)\n")
            #expect(withTOTP.status == 0, "\(withTOTP.stderr)")
            #expect(withTOTP.stderr.contains("Authenticator app code"))

            // Both off: no MFA step.
            #expect(try await LatchkeyBinary.run(["mfa", "disable", "totp"] + common).status == 0)
            let plain = try await LatchkeyBinary.run(signIn, stdin: Integration.password + "\n")
            #expect(plain.status == 0, "\(plain.stderr)")
            #expect(!plain.stderr.contains("code"), "\(plain.stderr)")
            let prefer = try await LatchkeyBinary.run(["mfa", "prefer", "sms"] + common)
            #expect(prefer.status == 2)
            #expect(prefer.stderr.contains("latchkey mfa enable sms"))
        }

        @Test("With TOTP and email on and no preference, sign-in offers SELECT_MFA_TYPE and takes \"email\"")
        func selectMFAType() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend)
            let store = try Integration.temporaryDirectory("flow-select-mfa")
            let common = ["--config", backend.info.configPath, "--store", store]
            let signIn = ["sign-in", "--username", username, "--password-stdin"] + common
            #expect(try await LatchkeyBinary.run(signIn, stdin: Integration.password + "\n").status == 0)
            let code = try #require(TOTPGenerator.code(secret: "asdfasdfasdf"))
            #expect(try await LatchkeyBinary.run(["mfa", "enable", "totp", "--code", code] + common).status == 0)
            #expect(try await LatchkeyBinary.run(["mfa", "enable", "email"] + common).status == 0)
            let cleared = try await LatchkeyBinary.run(["mfa", "prefer", "none"] + common)
            #expect(cleared.status == 0, "\(cleared.stderr)")
            let status = try await LatchkeyBinary.run(["mfa", "status", "--json"] + common)
            #expect(JSONValue.parse(Array(status.stdout.utf8))?["preferred"] == .null, "\(status.stdout)")
            let outcome = try await AuthFlowSupport.interactive(
                signIn, backend: backend, username: username, prompt: "(or \"resend\"): ", answers: [{ $0 ?? "" }],
                before: Integration.password + "\nemail\n")
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stderr.contains("Choose an MFA method (totp or email)"), "\(outcome.stderr)")
        }
    }
}

/// Holds one value set from a `@Sendable` closure.
final class ResumeBox: @unchecked Sendable {
    // @unchecked Sendable: `stored` is only touched while holding `lock`.
    private let lock = NSLock()
    private var stored: String?
    func set(_ value: String?) { lock.withLock { stored = value } }
    var value: String? { lock.withLock { stored } }
}
