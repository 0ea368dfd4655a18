import ArgumentParser
import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import Synchronization
import TerminalKit
import TerminalUI

/// `latchkey` with no subcommand: the full-screen sign-in screens and the live dashboard.
struct UICommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ui",
        abstract: Localized.text(\.cliUIAbstract),
        discussion: Localized.text(\.cliUIDiscussion)
    )

    @OptionGroup var ui: UIOptions

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try await Self.runScreens(global: global, ui: ui)
    }

    /// The full-screen UI's account loop (plain `latchkey` and `latchkey demo`): runs the screens on the
    /// active account and starts them again on the account the user picks in them.
    ///
    /// The active account changes only when a person picks one: in the chooser, or by signing in
    /// here. Quitting never changes it, so a `latchkey switch` made in another shell while the UI
    /// ran stands. `prefilledUsername`, `signInHint` and `demoMailbox` are the demo's.
    static func runScreens(
        global: GlobalOptions, ui: UIOptions, prefilledUsername: String? = nil, signInHint: String? = nil,
        demoMailbox: DemoMailbox? = nil
    ) async throws {
        var loop = ScreenAccountLoop(global: global, accountID: try global.accountID())
        // Ctrl-C between two runs quits as Ctrl-C in the screens does (see InterruptBetweenRuns).
        InterruptBetweenRuns.arm()
        defer { InterruptBetweenRuns.disarm() }
        while true {
            if InterruptBetweenRuns.wasInterrupted {
                loop.abandonNewAccount()
                return
            }
            let storeNotice = StoreNotice()
            // Passkey ceremonies show on the ceremony screen: the authenticator runs through the screens' bridge.
            let passkeys = PasskeyCeremonyBridge()
            let client = try await makeScreenClient(
                global: global, ui: ui, accountID: loop.accountID, storeNotice: storeNotice, passkeys: passkeys)
            // So `latchkey accounts` and `switch` know this account's pool while the UI runs.
            let recorder = await AccountResolution.recordWhenSignedIn(
                client: client, id: loop.accountID, global: global)
            // Who was signed in when the run began: only a sign-in made in the run is moved to its user's account.
            let startingUser = await client.userState == .signedIn ? await client.username : nil
            // A sign-in made in the run makes its account the active one when it happens, never on quit.
            let activator = await activateOnSignIn(
                client: client, id: loop.accountID, startingUser: startingUser, global: global)
            let request = try await InteractiveEntry.run(
                client: client, global: global, ui: ui,
                prefilledUsername: loop.newAccount == nil ? prefilledUsername : nil,
                storeNotice: storeNotice.text, signInHint: signInHint, canSwitchAccounts: true,
                accountID: loop.accountID, returnAccount: loop.returnAccount, accountNotice: loop.notice,
                signOutURL: loop.signOutURL, demoMailbox: demoMailbox, passkeys: passkeys)
            await client.removeUserStateListener(recorder)
            await client.removeUserStateListener(activator)
            let signedIn = await loop.settle(after: client, startingUser: startingUser)
            guard let request, !InterruptBetweenRuns.wasInterrupted else {
                if let notice = loop.notice { CLIOutput.info("latchkey: " + notice) }
                return
            }
            try loop.follow(request, signedIn: signedIn)
        }
    }

    /// The client one run of the screens uses: the UI's flow, and passkeys whose prompts and PIN go to the
    /// ceremony screen through `passkeys`, never to the terminal under the UI.
    static func makeScreenClient(
        global: GlobalOptions, ui: UIOptions, accountID: String, storeNotice: StoreNotice,
        passkeys: PasskeyCeremonyBridge
    ) async throws -> AuthClient {
        var clientOptions = AuthClientOptions()
        clientOptions.authenticationFlow = ui.flow?.flow
        var passkeySettings = PasskeyCommand.settings(
            environment: global.environment, configuration: try global.loadConfiguration(printingWarnings: false),
            interaction: passkeys)
        passkeySettings.authenticator = passkeySettings.authenticator.map(passkeys.authenticator(wrapping:))
        clientOptions.passkeys = passkeySettings
        return try await global.makeClient(
            options: clientOptions, accountID: accountID, waitsForSignIn: true, storeWarning: storeNotice.keep)
    }
}

extension UICommand {
    /// Makes account `id` the active one the first time someone other than `startingUser` signs in to
    /// `client` (the run's sign-in), at that moment: a `switch` made elsewhere after it then stands.
    /// - Returns: the listener's token, for ``AuthClient/removeUserStateListener(_:)``.
    static func activateOnSignIn(
        client: AuthClient, id: String, startingUser: String?, global: GlobalOptions
    ) async -> UInt64 {
        let once = OnceFlag()
        return await client.addUserStateListener { [global] state, info in
            guard state == .signedIn, let name = info.username, name != startingUser, once.claim() else { return }
            try? global.accounts.activate(id)
        }
    }

    /// Removes the account made for "Sign in as someone else" that nobody signed in to; the account
    /// sign-in came from is active again only when the removed one was the active one.
    static func removeUnused(_ made: String, returnAccount: String?, global: GlobalOptions) {
        let wasActive = global.accounts.activeID() == made
        try? global.accounts.removeAccount(made)
        if wasActive, let returnAccount { try? global.accounts.activate(returnAccount) }
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

/// True for the first ``claim()`` only; safe from any thread.
final class OnceFlag: Sendable {
    private let claimed = Atomic<Bool>(false)

    /// Whether this is the first claim.
    func claim() -> Bool {
        claimed.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged
    }
}
