import CognitoAuth
import Foundation
import LatchkeyText

/// Line-prompt sign-in: the `sign-in` command, `--plain` mode and the demo without a UI.
enum PlainSignIn {
    /// How many passwords a sign-in at a terminal accepts before it gives up (`sign-in` and `--plain` alike).
    static let passwordAttempts = 3

    /// Runs `attempt` (which asks for the password and signs in) again after a wrong password, up to
    /// ``passwordAttempts`` times when `interactive`, as `sudo` does; other errors end the sign-in at once.
    /// The one retry rule of `latchkey sign-in` and `--plain` (issue 29, N28).
    static func retryingWrongPassword(
        username: String, interactive: Bool, _ attempt: () async throws -> Void
    ) async throws {
        var tries = 1
        while true {
            do {
                try await attempt()
                return
            } catch let error as AuthError where tries < passwordAttempts && interactive {
                guard case .notAuthorized(let message) = error, NotAuthorizedVariant(message) == .incorrectCredentials
                else { throw error }
                let left = passwordAttempts - tries
                let summary = error.summary(.current) ?? Localized.text(\.cliSignInFailed)
                let key: TextKey = left == 1 ? \.cliTryAgainOne : \.cliTryAgainOther
                CLIOutput.info(
                    "✖ " + summary + Localized.text(\.errorSeparator)
                        + Localized.format(key, ["left": String(left), "username": username]))
                tries += 1
            }
        }
    }

    /// Signs in, answering challenges from standard input (prompting when it is a terminal).
    static func run(client: AuthClient, username: String, password: String) async throws {
        try await answer(
            client: client, username: username, first: try await client.signIn(username: username, password: password),
            restart: { try await client.signIn(username: username, password: password) }, password: { password })
    }

    /// Signs in with `flow` (and USER_AUTH's `method`), reading the password only when a step needs it.
    static func run(
        client: AuthClient, username: String, flow: AuthenticationFlow, method: SignInMethod?, passwordStdin: Bool,
        validationData: [String: String] = [:], replacingSession: Bool = false
    ) async throws {
        var cached: String?
        let readPassword: () throws -> String = {
            if let cached { return cached }
            let value: String
            if passwordStdin || !CLIOutput.stdinIsTerminal {
                guard let line = CLIOutput.readLine() else {
                    throw CLIFailure(
                        code: 2, message: Localized.text(\.cliExpectedPasswordPipe))

                }
                value = line
            } else {
                value = try CLIOutput.secret(prompt: Localized.format(\.cliPromptPasswordFor, ["username": username]))
            }
            cached = try PasswordInput.checked(value)
            return value
        }
        let needsPassword: Bool
        switch flow {
        case .userSRP, .userPassword, .customWithSRP: needsPassword = true
        case .customWithoutSRP: needsPassword = false
        case .userAuth: needsPassword = method?.needsPassword ?? false
        }
        var chosen = method
        let start: () async throws -> SignInStep = {
            let password = needsPassword || chosen?.needsPassword == true ? try readPassword() : nil
            return try await client.signIn(
                username: username, password: password, flow: flow, method: chosen, validationData: validationData,
                replacingSession: replacingSession)
        }
        let first = try await start()
        try await answer(
            client: client, username: username, first: first, restart: start, password: readPassword,
            choose: { chosen = $0 })
    }

    /// Answers steps until signed in. `restart` re-initiates the sign-in (a new code is sent: "resend").
    static func answer(
        client: AuthClient, username: String, first: SignInStep, restart: () async throws -> SignInStep,
        password: () throws -> String, choose: (SignInMethod) -> Void = { _ in }
    ) async throws {
        var step = first
        // The last code the service refused, reported if the input ends before another is accepted.
        var refused: AuthError?
        while true {
            switch step {
            case .done:
                let name = await client.username ?? username
                CLIOutput.info(Localized.format(\.cliSignedInAs, ["username": name]))
                return
            case .newPasswordRequired(let required):
                CLIOutput.info(Localized.text(\.cliNewPasswordRequired))
                let newPassword = try PasswordInput.checked(
                    CLIOutput.secret(prompt: Localized.text(\.cliPromptNewPassword)))
                var attributes: [String: String] = [:]
                for name in required { attributes[name] = try CLIOutput.ask("\(name): ") }
                step = try await client.confirmSignIn(newPassword, attributes: attributes)
            case .smsMFA(let delivery):
                let code = try CLIOutput.ask(Localized.format(\.cliPromptCodeSent, ["destination": delivery.phrase]))
                if code.lowercased() == "resend" {
                    CLIOutput.info(Localized.text(\.cliSendingNewCode))
                    step = try await client.restartSignIn()
                } else {
                    step = try await client.confirmSignIn(code)
                }
            case .emailOTP(let delivery), .smsOTP(let delivery):
                let code: String
                do {
                    code = try CLIOutput.ask(Localized.format(\.cliPromptCodeSent, ["destination": delivery.phrase]))
                } catch let noAnswer as CLIFailure {
                    // The input ended after a refused code: the sign-in failed on that code (exit 1).
                    if let refused { throw refused }
                    throw noAnswer
                }
                if code.lowercased() == "resend" {
                    CLIOutput.info(Localized.text(\.cliSendingNewCode))
                    step = try await restart()
                } else {
                    do {
                        step = try await client.confirmSignIn(code)
                    } catch let error as AuthError {
                        guard case .codeMismatch = error else { throw error }
                        // The session stays usable for a few more tries (Cognito allows three). Our
                        // sentence, not the server's text run into ours.
                        refused = error
                        CLIOutput.info(
                            Localized.format(
                                \.cliCodeRefused,
                                ["message": error.summary(.current) ?? Localized.text(\.cliSignInFailed)]))
                    }
                }
            case .softwareTokenMFA:
                step = try await client.confirmSignIn(try CLIOutput.ask(Localized.text(\.cliPromptTotpCode)))
            case .mfaSetup(let setup):
                CLIOutput.info(Localized.format(\.cliTotpSecret, ["secret": setup.secret]))
                CLIOutput.info(Localized.format(\.cliTotpURI, ["uri": setup.uri]))
                step = try await client.confirmSignIn(try CLIOutput.ask(Localized.text(\.cliPromptAppCode)))
            case .selectMFAType(let choices):
                let names = choices.map(\.shortName).joined(separator: " or ")
                step = try await client.confirmSignIn(
                    try CLIOutput.ask(Localized.format(\.cliPromptChooseMFA, ["methods": names])))
            case .selectMFASetup(let choices):
                let names = choices.map(\.shortName).joined(separator: " or ")
                CLIOutput.info(Localized.text(\.cliMfaSetupRequired))
                step = try await client.confirmSignIn(
                    try CLIOutput.ask(Localized.format(\.cliPromptSetUp, ["methods": names])))
            case .emailMFASetup:
                step = try await client.confirmSignIn(try CLIOutput.ask(Localized.text(\.cliPromptEmailForCodes)))
            case .smsMFASetup:
                step = try await client.confirmSignIn(
                    try CLIOutput.ask(Localized.text(\.cliPromptPhoneForCodes)))
            case .selectChallenge(let methods):
                let usable = methods.compactMap(MethodOption.init(method:)).filter {
                    $0 != .passkey || client.canUsePasskeys
                }
                if methods.contains(.webAuthn) && !client.canUsePasskeys {
                    CLIOutput.info(Localized.text(\.cliPasskeysUnavailable))
                }
                let names = usable.map(\.rawValue).joined(separator: ", ")
                let typed = try CLIOutput.ask(Localized.format(\.cliPromptSignInWith, ["methods": names]))
                guard let option = MethodOption(rawValue: typed.lowercased()), usable.contains(option) else {
                    CLIOutput.info(Localized.format(\.cliChooseOneOf, ["methods": names]))
                    continue
                }
                choose(option.method)
                step = try await client.selectSignInMethod(
                    option.method, password: option.method.needsPassword ? try password() : nil)
            case .customChallenge(let parameters):
                let shown = parameters.filter { $0.key != "USERNAME" }.sorted { $0.key < $1.key }
                if shown.isEmpty {
                    CLIOutput.info(Localized.text(\.cliCustomChallenge))
                } else {
                    for (key, value) in shown { CLIOutput.info("\(key): \(value)") }
                }
                step = try await client.confirmSignIn(try CLIOutput.ask(Localized.text(\.cliPromptAnswer)))
            }
        }
    }
}
