import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKit
import TerminalUI

/// What the full-screen UI asks of the host's account loop (``UICommand``) when it ends.
enum AccountRequest: Equatable {
    /// Start the UI again on this account (by id): chosen in the Accounts chooser, or the way back
    /// from "Sign in as someone else".
    case account(String)
    /// "Sign in as someone else": a new account, removed again if nobody signs in to it.
    case someoneElse
    /// Apply the account rules (a sign-out with another account signed in here, a sign-in as a user
    /// another account holds), then start the UI again; `notice` goes along to the next run.
    case handOver(notice: String?, signOutURL: String?)
    /// Another process made this account (by id) the active one: start the UI again on it.
    case followActive(String)
}

/// What `latchkey` does with a terminal: the full-screen UI, or line prompts with `--plain`.
enum InteractiveEntry {
    /// Runs the UI (or line prompts) on `client`; returns what the user asked of the accounts, or
    /// nil when the UI ended otherwise. `returnAccount` is the account a cancelled "Sign in as someone
    /// else" goes back to; `accountNotice` is said when the UI starts, and `signOutURL` (the hosted UI's
    /// sign-out page the run before could not open) is shown with Ctrl-Y to copy it.
    @discardableResult
    static func run(
        client: AuthClient, global: GlobalOptions, ui: UIOptions, prefilledUsername: String?,
        storeNotice: String? = nil, signInHint: String? = nil,
        canSwitchAccounts: Bool = false, accountID: String? = nil, returnAccount: String? = nil,
        accountNotice: String? = nil, signOutURL: String? = nil, demoMailbox: DemoMailbox? = nil,
        passkeys: PasskeyCeremonyBridge? = nil
    ) async throws -> AccountRequest? {
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
        // The UI follows the active account when another process changes it.
        options.accountsRoot = canSwitchAccounts ? global.accounts.root : nil
        options.returnAccount = returnAccount.flatMap { id in options.accounts.first { $0.id == id } }
        options.accountNotice = accountNotice
        options.hostedUISignOutURL = signOutURL
        options.signInHint = signInHint
        options.demoMailbox = demoMailbox
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
                mouse: ui.usesMouse(environment: environment), browser: WebSignIn.hooks(environment: environment),
                passkeys: passkeys)
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
        return try await outcome(
            of: exit, client: client, global: global, accountID: accountID ?? (try? global.accountID()))
    }

    /// What the UI's `exit` means: cancelled is a failure, a request about the accounts is returned
    /// (as `run` returns it), otherwise the final state is said on stderr.
    static func outcome(
        of exit: AuthScreensRuntime.Exit, client: AuthClient, global: GlobalOptions, accountID: String?
    ) async throws -> AccountRequest? {
        let state = await client.userState
        switch exit {
        case .cancelled:
            throw CLIFailure(code: 1, message: Localized.text(\.cliSignInCancelled))

        case .switchAccount(let id):
            return id.map(AccountRequest.account) ?? .someoneElse
        case .handOver(let notice, let signOutURL):
            return .handOver(notice: notice, signOutURL: signOutURL)
        case .followActiveAccount(let id):
            return .followActive(id)
        default:
            // Words, not the API's state name; a message, so on stderr like every other one.
            let cause = ReloginCause(state: state, lastError: nil)
            CLIOutput.info(
                "latchkey: "
                    + ScreenText.exitLine(
                        state, username: await client.username, cause: cause,
                        signInCommand: signInCommand(global)))
            // "Not signed in." while another account here is: say which, and how to use it.
            if state != .signedIn, let other = otherSignedInAccount(global: global, besides: accountID) {
                CLIOutput.info("latchkey: " + Localized.format(\.cliOtherAccountSignedIn, ["name": other]))
            }
        }
        return nil
    }

    /// `latchkey sign-in` with the global options this run was given (`--config`, `--config-section`,
    /// `--store`, `--account`), so the next step works where the UI did (ux-3, item 27).
    static func signInCommand(_ global: GlobalOptions) -> String {
        signInCommand(options: [
            ("--config", global.config), ("--config-section", global.configSection), ("--store", global.store),
            ("--account", global.account),
        ])
    }

    /// `latchkey sign-in` with `options`, each name followed by its value when it has one.
    static func signInCommand(options: [(String, String?)]) -> String {
        var words = ["latchkey", "sign-in"]
        for case (let name, let value?) in options { words += [name, shellWord(TerminalText.sanitized(value))] }
        return words.joined(separator: " ")
    }

    /// `word` as a shell reads it back: as it is when it holds only safe characters, else in single quotes.
    static func shellWord(_ word: String) -> String {
        let safe = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+:@=,")
        if !word.isEmpty, word.unicodeScalars.allSatisfy(safe.contains) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The username of a signed-in account here other than `shown`: the active one first.
    static func otherSignedInAccount(global: GlobalOptions, besides shown: String?) -> String? {
        let active = global.accounts.activeID()
        let others = global.accounts.summaries(environment: global.environment)
            .filter { $0.isLive && $0.id != shown && $0.username != nil }
        let chosen = others.first { $0.id == active } ?? others.first
        return chosen?.username.map { TerminalText.sanitized($0) }
    }

    /// The full-screen UI's options: `ui`'s, with the other signed-in accounts, the username to prefill and
    /// what the sign-in flow asks for.
    static func screenOptions(
        client: AuthClient, global: GlobalOptions, ui: UIOptions, prefilledUsername: String?, accountID: String?
    ) async throws -> AuthUIOptions {
        var options = try ui.resolve(configuration: client.configuration)
        // The header counts the other signed-in accounts; the Accounts chooser lists them and this one.
        let current = accountID ?? (try? global.accountID()) ?? global.accounts.activeID()
        options.accounts = global.accounts.summaries(environment: global.environment)
            .filter { $0.isLive || $0.id == current }
            .map { summary in
                AccountChoice(
                    id: summary.id, username: summary.isLive ? summary.username : nil,
                    detail: summary.userPoolId ?? Localized.text(\.cliAccountsNoPool),
                    isCurrent: summary.id == current)
            }
        if let prefilledUsername, await client.username == nil { options.prefilledUsername = prefilledUsername }
        let flow = client.options.authenticationFlow ?? client.configuration.userPool?.authenticationFlow
        options.choosesSignInMethod = flow == .userAuth
        options.asksForPassword = flow != .customWithoutSRP
        options.offersPasskey = client.canUsePasskeys
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
