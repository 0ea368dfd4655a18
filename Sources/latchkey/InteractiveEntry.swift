import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKit
import TerminalUI

/// What `latchkey` does with a terminal: the full-screen UI, or line prompts with `--plain`.
enum InteractiveEntry {
    /// Runs the UI (or line prompts) on `client`; returns the account the user chose to switch to
    /// (`.some(nil)`: sign in as someone else), or nil when the UI ended otherwise.
    @discardableResult
    static func run(
        client: AuthClient, global: GlobalOptions, ui: UIOptions, prefilledUsername: String?,
        storeNotice: String? = nil, signInHint: String? = nil,
        canSwitchAccounts: Bool = false, accountID: String? = nil
    ) async throws -> String?? {
        let environment = ProcessInfo.processInfo.environment
        let plain = ui.plain || environment["ACCESSIBLE"] == "1" || environment["TERM"] == "dumb"
        if plain {
            if !ui.plain, environment["ACCESSIBLE"] != "1" {
                CLIOutput.info("latchkey: " + Localized.text(\.cliDumbTerminal))
            }
            // Line prompts: the warning is printed first, as the other commands do.
            if let storeNotice { FileHandle.standardError.write(Data((storeNotice + "\n").utf8)) }
            if let signInHint { CLIOutput.info(signInHint) }
            try await runPlain(client: client, prefilledUsername: prefilledUsername)
            return nil
        }
        var options = try await screenOptions(
            client: client, global: global, ui: ui, prefilledUsername: prefilledUsername, accountID: accountID)
        options.canSwitchAccounts = canSwitchAccounts
        options.signInHint = signInHint
        options.storeNotice = storeNotice.map(StoreNotice.withoutPrefix)
        let theme: Theme = options.themeName == "mono" ? .noColor : .automatic(environment: environment)
        let backend = client.configuration.userPool?.endpoint?.host ?? client.configuration.userPool?.region
        let exit: AuthScreensRuntime.Exit
        if (environment["TERM"] ?? "").isEmpty, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 {
            throw CLIFailure(
                code: 2,
                message: Localized.text(\.cliNoTERM))
        }
        do {
            exit = try await AuthTerminalApp.runInTerminal(
                service: client, options: options, theme: theme, backend: backend,
                mouse: ui.usesMouse(environment: environment), browser: WebSignIn.hooks(environment: environment))
        } catch TerminalError.notATerminal {
            throw CLIFailure(
                code: 2,
                message: Localized.text(\.cliNoTerminal))
        } catch TerminalError.unknownTerminalType(let name) {
            throw CLIFailure(
                code: 2,
                message: Localized.format(\.cliUnknownTerminalType, ["name": TerminalText.sanitized(name)]))
        } catch {
            if let storeNotice { FileHandle.standardError.write(Data((storeNotice + "\n").utf8)) }
            throw CLIFailure(code: 2, message: Localized.format(\.cliTerminalFailed, ["error": "\(error)"]))
        }
        return try await outcome(of: exit, client: client)
    }

    /// What the UI's `exit` means: cancelled is a failure, a chosen account is returned (as `run` returns it),
    /// otherwise the final state is said on stderr.
    static func outcome(of exit: AuthScreensRuntime.Exit, client: AuthClient) async throws -> String?? {
        let state = await client.userState
        switch exit {
        case .cancelled:
            throw CLIFailure(code: 1, message: Localized.text(\.cliSignInCancelled))

        case .switchAccount(let name):
            return .some(name)
        default:
            // Words, not the API's state name; a message, so on stderr like every other one.
            let cause = ReloginCause(state: state, lastError: nil)
            CLIOutput.info("latchkey: " + ScreenText.exitLine(state, username: await client.username, cause: cause))
        }
        return nil
    }

    /// The full-screen UI's options: `ui`'s, with the other signed-in accounts, the username to prefill and
    /// what the sign-in flow asks for.
    static func screenOptions(
        client: AuthClient, global: GlobalOptions, ui: UIOptions, prefilledUsername: String?, accountID: String?
    ) async throws -> AuthUIOptions {
        var options = try ui.resolve(configuration: client.configuration)
        // The header names the other signed-in accounts (`latchkey switch` changes the active one).
        let current = accountID ?? (try? global.accountID()) ?? global.accounts.activeID()
        options.otherAccounts = AccountResolution.summaries(of: global.accounts, environment: global.environment)
            .filter { $0.isLive && $0.id != current }.map(\.name)
        if let prefilledUsername, await client.username == nil { options.prefilledUsername = prefilledUsername }
        let flow = client.options.authenticationFlow ?? client.configuration.userPool?.authenticationFlow
        options.choosesSignInMethod = flow == .userAuth
        options.asksForPassword = flow != .customWithoutSRP
        // The dashboard counts the `exec` commands and endpoints on this account's session.
        options.credentialsRegistryDirectory = try? global.storeDirectory(accountID: current)
        return options
    }

    static func runPlain(client: AuthClient, prefilledUsername: String?) async throws {
        if await client.userState == .signedIn {
            CLIOutput.info(Localized.format(\.cliAlreadySignedIn, ["username": await client.username ?? "?"]))
            return
        }
        let suggested = await client.username ?? prefilledUsername
        let typed = try CLIOutput.ask(Self.usernamePrompt(suggested: suggested))
        let username = typed.isEmpty ? (suggested ?? "") : typed
        try await PlainSignIn.retryingWrongPassword(username: username, interactive: CLIOutput.stdinIsTerminal) {
            let password = try PasswordInput.checked(CLIOutput.secret(prompt: Localized.text(\.cliPromptPassword)))
            try await PlainSignIn.run(client: client, username: username, password: password)
        }
    }

    /// "Username [alice]: " (the stored user offered), in the current language.
    static func usernamePrompt(suggested: String?) -> String {
        guard let suggested else { return Localized.text(\.cliPromptUsername) }
        return Localized.format(\.cliPromptUsernameSuggested, ["suggested": suggested])
    }
}
