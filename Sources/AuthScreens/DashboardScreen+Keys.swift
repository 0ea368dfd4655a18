import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys

/// What a dashboard key does.
enum DashboardCommand: Hashable, CaseIterable {
    case call, fiveCalls, refresh, signOut, signOutEverywhere, signInAgain
    case readMFA, emailMFA, preferEmail, setUpTOTP, totpOff, smsMFA, preferSMS
    case devices, sessions, profile, passkeys, copyToken, accounts
    case scrollUp, scrollDown, pageUp, pageDown, top, bottom
    case help, quit
}

/// The dashboard's keys: one list of bindings for the dispatch, the hint bar, the help and the mouse.
extension DashboardState {
    /// The dashboard's bindings, in the help's order; each key is written here and nowhere else.
    static var keyBindings: [KeyBinding<DashboardCommand>] {
        [
            KeyBinding(.call, [.character("c")], hint: .line(\.dashboardHintsCall), help: .line(\.dashboardHelpCalls)),
            KeyBinding(
                .fiveCalls, [.character("C")], hint: .line(\.dashboardHintsFiveCalls),
                help: .sharesLine(separator: " / ")),
            KeyBinding(
                .refresh, [.character("r")], hint: .line(\.dashboardHintsRefresh), help: .line(\.dashboardHelpRefresh)),
            KeyBinding(
                .signOut, [.character("o")], hint: .line(\.dashboardHintsSignOut), help: .line(\.dashboardHelpSignOut)),
            KeyBinding(
                .signOutEverywhere, [.character("O")], hint: .line(\.dashboardHintsSignOutEverywhere),
                help: .line(\.dashboardHelpSignOutEverywhere)),
            KeyBinding(
                .signInAgain, [.character("s")], hint: .line(\.hintSignInAgain), help: .line(\.dashboardHelpSignInAgain)
            ),
            KeyBinding(.readMFA, [.character("m")], help: .line(\.dashboardHelpMfaRead)),
            KeyBinding(.passkeys, [.character("k")], help: .mentioned),
            KeyBinding(.emailMFA, [.character("e")], help: .line(\.dashboardHelpMfaEmail)),
            KeyBinding(.preferEmail, [.character("E")], help: .mentioned),
            KeyBinding(.setUpTOTP, [.character("t")], help: .line(\.dashboardHelpTotpSetUp)),
            KeyBinding(.totpOff, [.character("T")], help: .line(\.dashboardHelpTotpOff)),
            KeyBinding(.smsMFA, [.character("x")], help: .line(\.dashboardHelpMfaSMS)),
            KeyBinding(.preferSMS, [.character("X")], help: .mentioned),
            KeyBinding(
                .devices, [.character("v")], hint: .line(\.dashboardHintsDevices),
                help: .line(\.dashboardHelpDevicesSessions)),
            KeyBinding(
                .sessions, [.character("S")], hint: .line(\.dashboardHintsSessions),
                help: .sharesLine(separator: " / ")),
            KeyBinding(
                .profile, [.character("p")], hint: .line(\.dashboardHintsProfile),
                help: .line(\.dashboardHelpProfileCopy)),
            KeyBinding(
                .copyToken, [.character("y")], hint: .line(\.dashboardHintsCopyToken),
                help: .sharesLine(separator: " / ")),
            KeyBinding(.accounts, [.character("a")], hint: .line(\.hintAccounts), help: .line(\.dashboardHelpAccounts)),
            KeyBinding(.scrollUp, [.up], label: "↑", help: .line(\.dashboardHelpScroll)),
            KeyBinding(.scrollDown, [.down], label: "↓", help: .sharesLine(separator: " ")),
            KeyBinding(.pageUp, [.pageUp], label: "PgUp", help: .sharesLine(separator: " ")),
            KeyBinding(.pageDown, [.pageDown], label: "PgDn", help: .sharesLine(separator: " ")),
            KeyBinding(.top, [.home], label: "Home", help: .sharesLine(separator: " ")),
            KeyBinding(.bottom, [.end], label: "End", help: .sharesLine(separator: " ")),
            // `?` and `q` are the app's (AppState.keyPressed answers them before the dashboard sees them).
            KeyBinding(.help, AppKeys.help, help: .line(\.dashboardHelpHelpQuit)),
            KeyBinding(.quit, AppKeys.quit, hint: .line(\.dashboardHintsQuit), help: .sharesLine(separator: " / ")),
        ]
    }

    /// The hint bar's order, most important first (a narrow bar keeps the first).
    static let hintOrder: [DashboardCommand] = [
        .signInAgain, .call, .refresh, .signOut, .quit, .accounts, .profile, .devices, .copyToken, .signOutEverywhere,
        .fiveCalls, .sessions,
    ]

    /// The hints that apply now: "s sign in again" only when the session needs it, "a accounts" only
    /// with other accounts to switch to.
    var bindingHints: [HintEntry] {
        Self.keyBindings.hintEntries(order: Self.hintOrder) { command in
            switch command {
            case .signInAgain: return userState.needsRelogin
            case .accounts: return canSwitchAccounts
            default: return true
            }
        }
    }

    /// The help overlay's lines, made from ``keyBindings``.
    static var helpLines: [String] { keyBindings.helpLines().map(TokenCopyChoice.naming) }

    /// A key: the command bound to it, if any.
    mutating func keyPressed(_ key: Key) -> [ScreenEffect] {
        guard let command: DashboardCommand = Self.keyBindings.command(for: key) else { return [] }
        return perform(command)
    }

    /// Does what `command` says.
    mutating func perform(_ command: DashboardCommand) -> [ScreenEffect] {
        switch command {
        case .call: return startSampleCalls(1)
        case .fiveCalls: return startSampleCalls(5)
        case .refresh:
            refresh = .requested(at: now)
            append(ScreenText.refreshRequested)
            return [.run(.dashboard(.forceRefresh))]
        case .signOutEverywhere:
            guard signOutRequest == nil, userState != .signedOut else { return [] }
            return [.route(.present(.question(.signOutEverywhere)))]
        case .signOut:
            guard signOutRequest == nil else { return [] }
            return startSignOut(.local)
        case .signInAgain: return userState.needsRelogin ? [.route(.present(.relogin))] : []
        case .devices: return userState == .signedIn ? [.route(.present(.devices))] : []
        case .sessions: return userState == .signedIn ? [.route(.present(.sessions))] : []
        case .profile: return userState == .signedIn ? [.route(.present(.profile))] : []
        case .passkeys: return userState == .signedIn ? [.route(.present(.passkeys))] : []
        case .copyToken: return userState == .signedIn ? [.route(.present(.copyToken))] : []
        case .accounts: return canSwitchAccounts ? [.route(.present(.accounts))] : []
        case .readMFA, .emailMFA, .preferEmail, .setUpTOTP, .totpOff, .smsMFA, .preferSMS:
            return securityCommand(command)
        case .scrollUp: log.scrollUp()
        case .scrollDown: log.scrollDown()
        case .pageUp: log.scrollUp(10)
        case .pageDown: log.scrollDown(10)
        case .top: log.scrollToTop()
        case .bottom: log.scrollToBottom()
        // The app answers `?` and `q` (AppState.keyPressed) before a key reaches the dashboard.
        case .help, .quit: break
        }
        return []
    }

    mutating func startSignOut(_ scope: SignOutScope) -> [ScreenEffect] {
        signOutRequest = scope
        awaitsOwnSignOut = true
        append(scope == .global ? ScreenText.signingOutEverywhere : ScreenText.signingOut)
        return [.run(.dashboard(.signOut(scope)))]
    }

    private mutating func startSampleCalls(_ count: Int) -> [ScreenEffect] {
        let first = nextSampleCall
        nextSampleCall += count
        for number in first..<(first + count) {
            runningSampleCalls.append(RunningCall(number: number, since: now))
            append(ScreenText.sampleCallStarted(number))
        }
        if !sampleCallACR.isEmpty {
            // Calls that ask for a level: each its own, so that they wait behind one step-up together.
            return (first..<(first + count)).map { .run(.dashboard(.stepUpSampleCall(number: $0, acr: sampleCallACR))) }
        }
        return [.run(.dashboard(.sampleCalls(first: first, count: count)))]
    }
}
