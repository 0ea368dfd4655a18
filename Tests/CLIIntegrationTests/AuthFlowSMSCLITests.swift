import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// SMS as an MFA factor, MFA_SETUP with SMS, resend after a password and validationData, from the CLI
    /// and the library, against the patched local backend (patches/sms_mfa.py, patches/client_metadata.py).
    @Suite("latchkey sign-in and mfa: SMS MFA, MFA_SETUP with a phone number, validation data")
    struct AuthFlowSMSCLITests {
        @Test(
            "mfa enable sms: refused without a phone number; with one, on and preferred, and sign-in asks for the texted code (resend too)"
        )
        func smsMFACommand() async throws {
            let backend = try await LocalBackend.shared()
            let store = try Integration.temporaryDirectory("flow-sms-mfa")
            let common = ["--config", backend.info.configPath, "--store", store]

            let noPhone = try await AuthFlowSupport.newUser(backend)
            let signInNoPhone = ["sign-in", "--username", noPhone, "--password-stdin"] + common
            #expect(try await LatchkeyBinary.run(signInNoPhone, stdin: Integration.password + "\n").status == 0)
            let refused = try await LatchkeyBinary.run(["mfa", "enable", "sms"] + common)
            #expect(refused.status == 2)
            #expect(refused.stderr.contains("sms MFA needs a phone number"), "\(refused.stderr)")
            let noPhoneStatus = try await LatchkeyBinary.run(["mfa"] + common)
            #expect(
                noPhoneStatus.stdout.contains("sms    off (no phone number on the account)"), "\(noPhoneStatus.stdout)")

            let username = try await AuthFlowSupport.newUser(backend, phone: true)
            let signIn = ["sign-in", "--username", username, "--password-stdin"] + common
            #expect(try await LatchkeyBinary.run(signIn, stdin: Integration.password + "\n").status == 0)
            let enable = try await LatchkeyBinary.run(["mfa", "enable", "sms", "--preferred"] + common)
            #expect(enable.status == 0, "\(enable.stderr)")
            #expect(enable.stderr.contains("sms MFA is on and preferred"))
            let status = try await LatchkeyBinary.run(["mfa"] + common)
            #expect(status.stdout.contains("sms    on (preferred)"), "\(status.stdout)")

            // The texted code: "resend" first (the sign-in starts again), then the newest code.
            let texted = try await AuthFlowSupport.interactive(
                signIn, backend: backend, username: username, prompt: "(or \"resend\"): ",
                answers: [{ _ in "resend" }, { $0 ?? "" }], before: Integration.password + "\n")
            #expect(texted.status == 0, "\(texted.stderr)")
            #expect(texted.stderr.contains("Code sent in a text message"), "\(texted.stderr)")
            #expect(texted.stderr.contains("Sending a new code"), "\(texted.stderr)")

            let disable = try await LatchkeyBinary.run(["mfa", "disable", "sms"] + common)
            #expect(disable.status == 0, "\(disable.stderr)")
            let plain = try await LatchkeyBinary.run(signIn, stdin: Integration.password + "\n")
            #expect(plain.status == 0, "\(plain.stderr)")
            #expect(!plain.stderr.contains("Code sent"), "\(plain.stderr)")
        }

        @Test("SMS, TOTP and email on with no preference: SELECT_MFA_TYPE offers all three and sms signs in")
        func selectMFATypeWithAllThree() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend, phone: true)
            let store = try Integration.temporaryDirectory("flow-select-three")
            let common = ["--config", backend.info.configPath, "--store", store]
            let signIn = ["sign-in", "--username", username, "--password-stdin"] + common
            #expect(try await LatchkeyBinary.run(signIn, stdin: Integration.password + "\n").status == 0)
            let code = try #require(TOTPGenerator.code(secret: "asdfasdfasdf"))
            #expect(try await LatchkeyBinary.run(["mfa", "enable", "totp", "--code", code] + common).status == 0)
            #expect(try await LatchkeyBinary.run(["mfa", "enable", "email"] + common).status == 0)
            #expect(try await LatchkeyBinary.run(["mfa", "enable", "sms"] + common).status == 0)
            #expect(try await LatchkeyBinary.run(["mfa", "prefer", "none"] + common).status == 0)
            let outcome = try await AuthFlowSupport.interactive(
                signIn, backend: backend, username: username, prompt: "(or \"resend\"): ", answers: [{ $0 ?? "" }],
                before: Integration.password + "\nsms\n")
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stderr.contains("Choose an MFA method (totp or email or sms)"), "\(outcome.stderr)")
            #expect(outcome.stderr.contains("Code sent in a text message"), "\(outcome.stderr)")
        }

        @Test("MFA_SETUP on a pool requiring MFA offers totp, sms and email; sms takes a phone number and its code")
        func mfaSetupWithSMS() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("flow-mfa-setup-sms")
            let (poolId, config, username) = try await AuthFlowSupport.mfaRequiredPool(backend, in: directory)
            let store = try Integration.temporaryDirectory("flow-mfa-setup-sms-store")
            let url = try #require(LatchkeyBinary.url)
            let child = try ChildProcess.spawn(
                url.path,
                ["sign-in", "--username", username, "--password-stdin", "--config", config, "--store", store],
                input: .keptOpen, timeout: LatchkeyBinary.defaultTimeout)
            try child.writeInput(Integration.password + "\n")
            try await Waiter.until("the setup choice", timeout: .seconds(30), on: [child.changeSource()]) {
                child.stderrSoFar.contains("Set up (") || child.hasExited
            }
            #expect(child.stderrSoFar.contains("Set up (totp or sms or email)"), "\(child.stderrSoFar)")
            try child.writeInput("sms\n")
            try await Waiter.until("the phone number prompt", timeout: .seconds(30), on: [child.changeSource()]) {
                child.stderrSoFar.contains("Phone number for sign-in codes") || child.hasExited
            }
            try child.writeInput("+15555550199\n")
            try await Waiter.until("the code prompt", timeout: .seconds(30), on: [child.changeSource()]) {
                child.stderrSoFar.contains("(or \"resend\"): ") || child.hasExited
            }
            let code = try #require(try await backend.oneTimeCode(for: username, poolId: poolId))
            try child.writeInput(code + "\n")
            child.closeInput()
            let outcome = try await child.wait()
            #expect(outcome.status == 0, "\(child.stderrSoFar)")
            let status = try await LatchkeyBinary.run(["mfa", "status", "--json", "--config", config, "--store", store])
            let json = JSONValue.parse(Array(status.stdout.utf8))
            #expect(json?["enabled"]?.arrayValue == ["sms"], "\(status.stdout)")
            #expect(json?["preferred"]?.stringValue == "sms")
        }

        @Test(
            "sign-in --validation-data reaches InitiateAuth's ClientMetadata (with --client-metadata), not the answers")
        func validationDataOnSignIn() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend)
            let store = try Integration.temporaryDirectory("flow-validation")
            let signIn = try await LatchkeyBinary.run(
                [
                    "sign-in", "--username", username, "--password-stdin", "--client-metadata", "source=cli",
                    "--validation-data", "invite=xyz", "--config", backend.info.configPath, "--store", store,
                ], stdin: Integration.password + "\n")
            #expect(signIn.status == 0, "\(signIn.stderr)")
            let initiate = try await backend.clientMetadata(of: "InitiateAuth", username: username)
            #expect(initiate.clientMetadata == ["source": "cli", "invite": "xyz"])
            let respond = try await backend.clientMetadata(of: "RespondToAuthChallenge", username: username)
            #expect(respond.clientMetadata == ["source": "cli"])
            let bad = try await LatchkeyBinary.run(
                ["sign-in", "--validation-data", "novalue", "--config", backend.info.configPath, "--store", store])
            #expect(bad.status == 2)
            #expect(bad.stderr.contains("--validation-data expects key=value"))
        }

        @Test("signIn(username:password:validationData:) from the library: the server records it as ClientMetadata")
        func validationDataFromTheLibrary() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend)
            let client = await Integration.client(backend.configuration)
            let step = try await client.signIn(
                username: username, password: Integration.password, validationData: ["invite": "lib", "k": "v"])
            #expect(step == .done)
            let seen = try await backend.clientMetadata(of: "InitiateAuth", username: username)
            #expect(seen.clientMetadata == ["invite": "lib", "k": "v"])
            #expect(seen.validationData.isEmpty)
        }
    }
}
