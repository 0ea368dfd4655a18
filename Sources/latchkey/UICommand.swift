import ArgumentParser
import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKit
import TerminalUI

/// `latchkey` with no subcommand: the full-screen sign-in screens and the live dashboard.
struct UICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui",
        abstract: Localized.text(\.cliUIAbstract),
        discussion: Localized.text(\.cliUIDiscussion)
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var ui: UIOptions

    func run() async throws {
        var accountID = try global.accountID()
        // An account made for "Sign in as someone else"; removed again if nobody signs in to it.
        var newAccount: String?
        // The account that sign-in goes back to when cancelled.
        var returnAccount: String?
        // What the account rules did on the way to the next run, said there.
        var notice: String?
        // Ctrl-C between two runs quits as Ctrl-C in the screens does (see InterruptBetweenRuns).
        InterruptBetweenRuns.arm()
        defer { InterruptBetweenRuns.disarm() }
        while true {
            if InterruptBetweenRuns.wasInterrupted {
                if let made = newAccount {
                    try? global.accounts.removeAccount(made)
                    if let returnAccount { try? global.accounts.activate(returnAccount) }
                }
                return
            }
            let storeNotice = StoreNotice()
            var clientOptions = AuthClientOptions()
            clientOptions.authenticationFlow = ui.flow?.flow
            let client = try await global.makeClient(
                options: clientOptions, accountID: accountID, waitsForSignIn: true, storeWarning: storeNotice.keep)
            // So `latchkey accounts` and `switch` know this account's pool while the UI runs.
            let recorder = await AccountResolution.recordWhenSignedIn(client: client, id: accountID, global: global)
            // Who was signed in when the run began: only a sign-in made in the run is moved to its user's account.
            let startingUser = await client.userState == .signedIn ? await client.username : nil
            let request = try await InteractiveEntry.run(
                client: client, global: global, ui: ui, prefilledUsername: nil, storeNotice: storeNotice.text,
                canSwitchAccounts: true, accountID: accountID, returnAccount: returnAccount, accountNotice: notice)
            await client.removeUserStateListener(recorder)
            notice = nil
            let signedIn = await client.userState == .signedIn
            if signedIn, let name = await client.username {
                // A new account becomes the active one; a user who has an account here already keeps it.
                try? AccountResolution.recordSignIn(
                    id: accountID, username: name, configuration: client.configuration, global: global)
                if name != startingUser {
                    let settled = AccountResolution.settleSignIn(id: accountID, global: global)
                    accountID = settled.id
                    notice = settled.message
                }
            } else if let made = newAccount, made == accountID {
                try? global.accounts.removeAccount(made)
                if let returnAccount { try? global.accounts.activate(returnAccount) }
            }
            newAccount = nil
            returnAccount = nil
            guard let request, !InterruptBetweenRuns.wasInterrupted else {
                if let notice { CLIOutput.info("latchkey: " + notice) }
                return
            }
            switch request {
            case .account(let id):
                guard global.accounts.accountIDs().contains(id) else {
                    throw CLIFailure(code: 2, message: Localized.format(\.cliAccountGone, ["name": id]))
                }
                do {
                    try global.accounts.activate(id)
                } catch {
                    throw AuthError(storeError: error)
                }
                accountID = id
            case .someoneElse:
                returnAccount = accountID
                do {
                    accountID = try global.accounts.createAccount()
                } catch {
                    throw AuthError(storeError: error)
                }
                newAccount = accountID
            case .handOver(let logoutNotice):
                // The same rule as `latchkey sign-out`: another signed-in account becomes the active one.
                if !signedIn, let next = global.accounts.afterSignOut(of: accountID, environment: global.environment) {
                    accountID = next.id
                    notice = ScreenText.switchedAfterSignOut(next.name)
                } else if !global.accounts.accountIDs().contains(accountID) {
                    accountID = global.accounts.activeID()
                }
                let said = [logoutNotice, notice].compactMap { $0 }
                notice = said.isEmpty ? nil : said.joined(separator: " ")
            }
        }
    }
}

/// The drop-in UI's options, like AWSAuthUI's; they override the configuration's `Latchkey.UI` section.
struct UIOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(Localized.text(\.cliUIOptionsFlow)))
    var flow: FlowOption?

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliUIOptionsPlain)))
    var plain = false

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliUIOptionsCanCancel)))
    var canCancel = false

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliUIOptionsDisableSignUp)))
    var disableSignUp = false

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliUIOptionsStartOnSignUp)))
    var startOnSignUp = false

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliUIOptionsLogo)))
    var logo: String?

    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliUIOptionsTheme)))
    var theme: String?

    @Flag(
        name: .long, help: ArgumentHelp(Localized.text(\.cliUIOptionsNoMouse)))
    var noMouse = false

    /// Whether the full-screen UI takes left clicks: not with --no-mouse or LATCHKEY_NO_MOUSE set (to anything but 0).
    func usesMouse(environment: [String: String]) -> Bool {
        if noMouse { return false }
        if let value = environment["LATCHKEY_NO_MOUSE"], !value.isEmpty, value != "0" { return false }
        return true
    }

    /// The values `--theme` accepts.
    static let themeNames = ["default", "mono"]

    func validate() throws {
        if let theme, !Self.themeNames.contains(theme) {
            throw ValidationError(
                "--theme: unknown theme \"\(theme)\". Use one of: \(Self.themeNames.joined(separator: ", ")).")
        }
    }

    func resolve(configuration: AuthConfiguration) throws -> AuthUIOptions {
        // The pool's settings from the configuration file first, then its Latchkey.UI overrides, then flags.
        var options = AuthUIOptions(ui: configuration.latchkey.ui, poolSettings: configuration.poolSettings)
        options.apply(configuration.hostedUI)
        if canCancel { options.canCancel = true }
        if disableSignUp { options.disableSignUp = true }
        if startOnSignUp { options.startOnSignUp = true }
        if let theme { options.themeName = theme }
        let logoPath = logo ?? Self.defaultLogoPath()
        if let logoPath, let text = try? String(contentsOfFile: logoPath, encoding: .utf8) {
            if options.logo.isEmpty || logo != nil {
                options.logo = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                    .filter { !$0.isEmpty }
            }
        } else if let logo {
            throw CLIFailure(code: 2, message: "--logo: cannot read \(logo). Pass a readable text file.")
        }
        return options
    }

    /// `Assets/logo.txt` beside the install or the checkout (see ``InstallLayout``), when it is there.
    static func defaultLogoPath() -> String? {
        InstallLayout.find("Assets/logo.txt") { FileManager.default.isReadableFile(atPath: $0) }
    }
}
