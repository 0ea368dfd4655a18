import ArgumentParser
import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText

struct SignUpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-up", abstract: Localized.text(\.cliSignUpAbstract))

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliSignUpUsername)))
    var username: String

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliSignUpEmail)))
    var email: String?

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliSignUpPhone)))
    var phone: String?

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliSignUpAttribute)))
    var attribute: [String] = []

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliSignUpPasswordStdin)))
    var passwordStdin = false

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliSignUpValidationData)))
    var validationData: [String] = []

    @OptionGroup var metadata: ClientMetadataOptions

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        var options = AuthClientOptions()
        options.clientMetadata = try metadata.pairs()
        let client = try await global.makeClient(options: options, session: .replacedOrUnused)
        let validation = try ClientMetadataOptions.parse(validationData, option: "--validation-data")
        var attributes: [String: String] = [:]
        if let email { attributes["email"] = email }
        if let phone { attributes["phone_number"] = phone }
        for pair in attribute {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else {
                throw CLIFailure(code: 2, message: "--attribute expects name=value, got \"\(pair)\".")
            }
            attributes[String(parts[0])] = String(parts[1])
        }
        let password = try PasswordInput.readNew(
            fromStdin: passwordStdin, prompt: Localized.text(\.cliPromptChoosePassword),
            repeatPrompt: Localized.text(\.cliPromptRepeatChosenPassword),
            configuration: client.configuration)
        switch try await client.signUp(
            username: username, password: password, attributes: attributes, validationData: validation)
        {
        case .done:
            CLIOutput.info(Localized.format(\.cliAccountCreatedConfirmed, ["username": username]))
        case .confirmSignUp(let delivery):
            CLIOutput.info(
                Localized.format(
                    \.cliAccountCreated,
                    ["username": username, "destination": TerminalText.sanitized(delivery?.phrase ?? "a message")]))
            CLIOutput.info(Localized.format(\.cliConfirmIt, ["username": username]))
        }
    }
}

struct ConfirmSignUpCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "confirm-sign-up", abstract: Localized.text(\.cliConfirmSignUpAbstract))

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliConfirmSignUpUsername))) var username: String
    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliConfirmSignUpCode))) var code: String

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let client = try await global.makeClient(session: .replacedOrUnused)
        _ = try await client.confirmSignUp(username: username, code: code)
        CLIOutput.info("✔ Account \(username) confirmed. Sign in: latchkey sign-in --username \(username)")
    }
}

struct ResendCodeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resend-code", abstract: Localized.text(\.cliResendCodeAbstract))

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliResendCodeUsername))) var username: String

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let client = try await global.makeClient(session: .replacedOrUnused)
        let delivery = try await client.resendSignUpCode(username: username)
        CLIOutput.info("✔ " + Localized.format(\.newCodeSent, ["destination": TerminalText.sanitized(delivery.phrase)]))
    }
}

struct ForgotPasswordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forgot-password", abstract: Localized.text(\.cliForgotPasswordAbstract))

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliForgotPasswordUsername))) var username: String

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let client = try await global.makeClient(session: .replacedOrUnused)
        let result = try await client.forgotPassword(username: username)
        CLIOutput.info(
            Localized.format(\.cliResetCodeSent, ["destination": TerminalText.sanitized(result.delivery.phrase)]))
        CLIOutput.info("  Then: latchkey confirm-forgot-password --username \(username) --code CODE")
    }
}

struct ConfirmForgotPasswordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "confirm-forgot-password", abstract: Localized.text(\.cliConfirmForgotPasswordAbstract))

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliConfirmForgotPasswordUsername))) var username: String
    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliConfirmForgotPasswordCode))) var code: String
    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliConfirmForgotPasswordPasswordStdin)))
    var passwordStdin = false

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let client = try await global.makeClient(session: .replacedOrUnused)
        let password = try PasswordInput.readNew(
            fromStdin: passwordStdin, prompt: Localized.text(\.cliPromptNewPassword),
            configuration: client.configuration)
        try await client.confirmForgotPassword(username: username, newPassword: password, code: code)
        CLIOutput.info("✔ Password changed. Sign in: latchkey sign-in --username \(username)")
    }
}

struct ChangePasswordCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "change-password", abstract: Localized.text(\.cliChangePasswordAbstract))

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliChangePasswordPasswordStdin)))
    var passwordStdin = false

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let client = try await global.makeClient()
        // A usable session first (exit 1, 4 or 3 at once), before asking for passwords.
        _ = try await client.getTokens()
        let current = try PasswordInput.read(
            fromStdin: passwordStdin, prompt: Localized.text(\.cliPromptCurrentPassword))
        // Typed where it cannot be seen: asked twice, as the Profile form does (a script gives it once).
        let proposed = try PasswordInput.readNew(
            fromStdin: passwordStdin, prompt: Localized.text(\.cliPromptNewPassword),
            configuration: client.configuration)
        do {
            try await client.changePassword(current: current, proposed: proposed)
        } catch let error as AuthError where PasswordChangeForm.isWrongCurrentPassword(error) {
            // Our words, as in Profile: not "The request was not authorised" (issue 29, C1).
            let username = TerminalText.sanitized(await client.username ?? "NAME")
            throw CLIFailure(
                code: 1,
                message: ScreenText.wrongCurrentPassword + Localized.text(\.errorSeparator)
                    + Localized.format(\.cliNextWrongCurrentPassword, ["username": username]))
        }
        CLIOutput.info(Localized.text(\.cliPasswordChanged))
    }
}

struct SignOutCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign-out", abstract: Localized.text(\.cliSignOutAbstract))

    @Flag(name: .customLong("global"), help: ArgumentHelp(Localized.text(\.cliSignOutEverywhere)))
    var everywhere = false
    @Flag(
        name: .long, help: ArgumentHelp(Localized.text(\.cliSignOutNoBrowser)))
    var noBrowser = false

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let accountID = try global.accountID()
        let client = try await global.makeClient()
        let name = await client.username
        // Signed out (even where the service could not be told): an emptied account is removed, and
        // another signed-in account, if any, becomes the active one.
        defer {
            if let next = AccountResolution.afterSignOut(id: accountID, global: global) {
                CLIOutput.info(Localized.format(\.cliSwitchedAfterSignOut, ["name": TerminalText.sanitized(next)]))
            }
        }
        let result = try await client.signOut(everywhere ? .global : .local)
        await retryOtherAccountsRevocations(except: accountID)
        let who = name.map { " \(TerminalText.sanitized($0))" } ?? ""
        // A hosted-UI session: the hosted UI's own browser cookie goes too (after the revocation).
        defer { if let logout = result.hostedUILogoutURL { endHostedUISession(logout) } }
        if !result.hadSession {
            // A session that needed a sign-in again is signed out too: say so, not "nobody".
            CLIOutput.info(
                name == nil
                    ? Localized.text(\.cliNothingToSignOut)
                    : Localized.format(\.cliSignOutEndedAlready, ["who": who]))
            return
        }
        if let pending = result.revocationPending {
            let why = TerminalText.sanitized(pending.description)
            if everywhere {
                throw CLIFailure(
                    code: pending.exitCode == 1 ? 3 : pending.exitCode,
                    message: Localized.format(\.cliSignOutGlobalNotSent, ["who": who, "reason": why]))
            }
            CLIOutput.info(Localized.format(\.cliSignOutRevocationPending, ["who": who, "reason": why]))
            return
        }
        if result.globalSignOutImpossible {
            CLIOutput.info(Localized.format(\.cliSignOutGlobalImpossible, ["who": who]))
            return
        }
        if result.signedOutEverywhere {
            CLIOutput.info(Localized.format(\.cliSignedOutEverywhere, ["who": who]))
        } else {
            CLIOutput.info(Localized.format(\.cliSignedOutHere, ["who": who]))
        }
    }
}

extension SignOutCommand {
    /// Retries the revocations that earlier sign-outs of other accounts could not send; an account
    /// whose revocation is now sent, and that holds nothing else, is removed.
    func retryOtherAccountsRevocations(except current: String) async {
        let owing = global.accounts.summaries(environment: global.environment).filter {
            $0.owesRevocation && $0.state == .signedOut && $0.id != current
        }
        for account in owing {
            guard let client = try? await global.makeClient(accountID: account.id) else { continue }
            _ = try? await client.signOut(.local)
            _ = AccountResolution.afterSignOut(id: account.id, global: global)
        }
    }

    /// Opens (or, without a browser, prints) the hosted UI's `/logout` URL.
    func endHostedUISession(_ url: URL) {
        switch WebSignIn.browserChoice(noBrowser: noBrowser, environment: global.environment) {
        case .command(let words):
            WebSignIn.open(words + [url.absoluteString])
            CLIOutput.info(Localized.text(\.cliSignOutHostedUIOpening))
        case .system(let tool):
            WebSignIn.open(["/usr/bin/env", tool, url.absoluteString])
            CLIOutput.info(Localized.text(\.cliSignOutHostedUIOpening))
        case .none:
            CLIOutput.info(Localized.text(\.cliSignOutHostedUIOpen))
            CLIOutput.info("  " + url.absoluteString)
        }
    }
}
