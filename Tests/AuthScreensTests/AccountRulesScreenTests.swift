import AuthScreens
import AuthScreensTesting
import CognitoAuth
import CognitoAuthTesting
import Foundation
import TerminalKeys
import Testing

/// The UI's side of the account rules it shares with the command line (issue 29: N4, N5, N6).
@Suite struct AccountRulesScreenTests {
    static let alice = AccountChoice(id: "default", username: "alice", detail: "us-east-1_A")

    /// "Sign in as someone else": a new, empty account is current, and alice is the way back.
    static func someoneElseOptions() -> AuthUIOptions {
        var options = AuthUIOptions()
        options.canSwitchAccounts = true
        options.accounts = [alice, AccountChoice(id: "account-3", username: nil, isCurrent: true)]
        options.returnAccount = alice
        return options
    }

    static func signedIn(as username: String, others: [AccountChoice]) -> AppState {
        var options = AuthUIOptions()
        options.canSwitchAccounts = true
        options.accounts = [AccountChoice(id: "account-2", username: username, isCurrent: true)] + others
        var state = AppState(options: options)
        _ = state.reduce(.sessionEvent(.stateChanged(.signedIn, username: username, provider: poolProvider)))
        return state
    }

    @Test("Sign in as someone else can be cancelled: Esc and the form's link go back to the account it came from")
    func someoneElseIsCancellable() {
        var state = AppState(options: Self.someoneElseOptions())
        guard case .signIn(let signIn) = state.base else { return #expect(Bool(false), "expected Sign in") }
        // The way back is offered, and the header still names the account that stays signed in.
        #expect(state.keyHints.contains("Esc back to alice"), "\(state.keyHints)")
        #expect(signIn.focusOrder.contains(.cancel))
        #expect(signIn.label(for: .cancel) == "Back to alice")
        #expect(state.badge.hasSuffix("alice still signed in"), "\(state.badge)")
        #expect(state.reduce(.keyPressed(.escape)) == [.switchAccount(Self.alice.id)])

        // From Create account, Esc comes back to Sign in first, then goes back to alice.
        var other = AppState(options: Self.someoneElseOptions())
        _ = other.reduce(.signIn(.createAccountPressed))
        guard case .signUp = other.base else { return #expect(Bool(false), "expected Create account") }
        #expect(other.reduce(.keyPressed(.escape)).isEmpty)
        #expect(other.reduce(.keyPressed(.escape)) == [.switchAccount(Self.alice.id)])

        // An ordinary Sign in (no account to go back to) keeps Esc as it was: nothing.
        var plain = AppState()
        #expect(plain.reduce(.keyPressed(.escape)).isEmpty)
        #expect(!plain.keyHints.contains { $0.hasPrefix("Esc back") })
    }

    @Test("The chooser lists every account, this one marked; one name twice is told apart; Enter here only closes")
    func chooserListsEveryAccount() {
        let demo = AccountChoice(id: "account-2", username: "demo", detail: "us-east-1_A")
        let duplicate = AccountChoice(id: "account-3", username: "demo", detail: "pool not recorded")
        var options = AuthUIOptions()
        options.canSwitchAccounts = true
        options.accounts = [AccountChoice(id: "default", username: "alice", isCurrent: true), demo, duplicate]
        var state = AppState(options: options)
        _ = state.reduce(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: poolProvider)))
        _ = state.reduce(.keyPressed(.character("a")))
        #expect(
            state.accountPicker?.rows == [
                "alice (this account)", "demo (us-east-1_A)", "demo (pool not recorded)", ScreenText.addAccountRow,
            ])
        #expect(state.accountPicker?.selected == 1, "the first other account is highlighted")
        _ = state.reduce(.keyPressed(.up))
        #expect(state.reduce(.keyPressed(.enter)).isEmpty, "Enter on this account switched")
        #expect(state.accountPicker == nil)

        // The choice is the account's id, so the second demo is reached exactly.
        _ = state.reduce(.keyPressed(.character("a")))
        _ = state.reduce(.keyPressed(.down))
        #expect(state.reduce(.keyPressed(.enter)) == [.switchAccount(duplicate.id)])
    }

    @Test("A sign-in as a user another account holds hands over to the host, which moves it there")
    func signInAsKnownUserHandsOver() {
        var state = AppState(options: Self.someoneElseOptions())
        #expect(state.reduce(.signIn(.signInFinished(.success(.done)))) == [.session(.loadSession)])
        let effects = state.reduce(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: poolProvider)))
        #expect(effects.contains(.handOver), "\(effects)")
        // Once: the session read that follows does not ask again.
        #expect(!state.reduce(.sessionLoaded(SessionSummary(username: "alice"))).contains(.handOver))

        // Someone nobody here holds stays.
        var other = AppState(options: Self.someoneElseOptions())
        _ = other.reduce(.signIn(.signInFinished(.success(.done))))
        #expect(
            !other.reduce(.sessionEvent(.stateChanged(.signedIn, username: "bob", provider: poolProvider)))
                .contains(.handOver))

        // A session restored at start (no sign-in in this run) is left alone.
        var restored = AppState(options: Self.someoneElseOptions())
        #expect(
            !restored.reduce(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: poolProvider)))
                .contains(.handOver))
    }

    @Test("Signing out with another account signed in here hands over to it, as latchkey sign-out does")
    func signOutHandsOver() {
        for global in [false, true] {
            var state = Self.signedIn(as: "bob", others: [Self.alice])
            let signedOut = SignOutResult(scope: global ? .global : .local)
            #expect(
                state.reduce(.dashboard(.signOutFinished(global: global, result: .success(signedOut)))) == [.handOver])
        }
        // A hosted session: the hosted UI's logout page opens first, so its notice goes along with the hand-over.
        var hosted = Self.signedIn(as: "bob", others: [Self.alice])
        var signedOut = SignOutResult(scope: .local)
        let logout = URL(string: "https://auth.example.com/logout?client_id=c")!
        signedOut.hostedUILogoutURL = logout
        #expect(
            hosted.reduce(.dashboard(.signOutFinished(global: false, result: .success(signedOut))))
                == [.openHostedUILogout(logout), .handOver])
        var failed = Self.signedIn(as: "bob", others: [Self.alice])
        #expect(
            failed.reduce(.dashboard(.signOutFinished(global: false, result: .failure(.notAuthorized("no"))))).isEmpty)
        var alone = Self.signedIn(as: "bob", others: [])
        #expect(
            alone.reduce(.dashboard(.signOutFinished(global: false, result: .success(SignOutResult(scope: .local)))))
                .isEmpty)
    }

    @MainActor
    @Test("The runtime ends the run with the hand-over once the sign-out has finished")
    func runtimeEndsWithHandOver() async {
        let fake = FakeAuthService()
        var options = AuthUIOptions()
        options.canSwitchAccounts = true
        options.accounts = [AccountChoice(id: "account-2", username: "bob", isCurrent: true), Self.alice]
        let runtime = AuthScreensRuntime(service: fake, options: options, clock: ManualClock(start: t0))
        runtime.send(.sessionEvent(.stateChanged(.signedIn, username: "bob", provider: poolProvider)))
        runtime.send(.keyPressed(.character("o")))
        await runtime.settle()
        #expect(await fake.calls.contains(.signOut(.local)))
        #expect(runtime.exit == .handOver(notice: nil, signOutURL: nil))

        // Signed out everywhere: the next run still says so.
        let global = AuthScreensRuntime(service: fake, options: options, clock: ManualClock(start: t0))
        global.send(.sessionEvent(.stateChanged(.signedIn, username: "bob", provider: poolProvider)))
        global.send(.keyPressed(.character("O")))
        global.send(.keyPressed(.character("y")))
        await global.settle()
        #expect(global.exit == .handOver(notice: ScreenText.signedOutEverywhereNotice, signOutURL: nil))
    }

    static let logoutURL =
        "http://127.0.0.1:41335/logout?client_id=81f3b4b7499df7c5947ae99fd8&logout_uri=http%3A%2F%2Flocalhost%3A53682%2Fsigned-out"

    @MainActor
    @Test("A hosted sign-out that hands over sends its URL apart from the notice (ux-3, item 9)")
    func handOverCarriesSignOutURL() async throws {
        let fake = FakeAuthService()
        await fake.setSignOutLogoutURL(URL(string: Self.logoutURL))
        var options = AuthUIOptions()
        options.canSwitchAccounts = true
        options.accounts = [AccountChoice(id: "account-2", username: "bob", isCurrent: true), Self.alice]
        // No browser here: the URL must reach the next run.
        let runtime = AuthScreensRuntime(service: fake, options: options, clock: ManualClock(start: t0))
        runtime.send(.sessionEvent(.stateChanged(.signedIn, username: "bob", provider: poolProvider)))
        runtime.send(.keyPressed(.character("o")))
        await runtime.settle()
        #expect(runtime.exit == .handOver(notice: nil, signOutURL: Self.logoutURL))
        // A browser opened it: only the notice goes along.
        let opened = AuthScreensRuntime(service: fake, options: options, clock: ManualClock(start: t0))
        opened.openURL = { _ in true }
        opened.send(.sessionEvent(.stateChanged(.signedIn, username: "bob", provider: poolProvider)))
        opened.send(.keyPressed(.character("o")))
        await opened.settle()
        #expect(opened.exit == .handOver(notice: ScreenText.hostedUILogoutOpened, signOutURL: nil))
    }

    @Test("After the hand-over the URL is an event-log entry of its own, and Ctrl-Y copies it on the dashboard")
    func nextRunShowsSignOutURL() {
        var options = AuthUIOptions()
        options.canSwitchAccounts = true
        options.accounts = [Self.alice]
        options.accountNotice = ScreenText.switchedAfterSignOut("alice")
        options.hostedUISignOutURL = Self.logoutURL
        var state = AppState(options: options)
        _ = state.reduce(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: poolProvider)))
        #expect(state.isOnDashboard)
        let texts = state.dashboard.log.texts
        let urlEntry = texts.firstIndex(of: Self.logoutURL)
        #expect(urlEntry != nil, "\(texts)")
        #expect(urlEntry.map { texts[$0 - 1] } == ScreenText.hostedUILogoutOpenBelow)
        #expect(texts.contains("Switched to alice, who is still signed in here."))
        #expect(!texts.contains { $0.contains(Self.logoutURL) && $0 != Self.logoutURL }, "\(texts)")
        #expect(ScreenText.hostedUILogoutOpenBelow.contains("Ctrl-Y"))
        #expect(state.keyHints.contains("Ctrl-Y copy sign-out URL"), "\(state.keyHints)")
        #expect(state.reduce(.keyPressed(.ctrl("y"))) == [.copy(SecretText(Self.logoutURL), as: .signOutURL)])
        // Without a URL from the run before, Ctrl-Y on the dashboard copies nothing.
        var plain = AppState(options: AuthUIOptions())
        _ = plain.reduce(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: poolProvider)))
        #expect(plain.reduce(.keyPressed(.ctrl("y"))).isEmpty)
        #expect(!plain.keyHints.contains("Ctrl-Y copy sign-out URL"))
    }

    @Test("A notice from the host's account rules shows when the UI starts")
    func accountNoticeShows() {
        var options = AuthUIOptions()
        options.accountNotice = ScreenText.switchedAfterSignOut("alice")
        let state = AppState(options: options)
        #expect(state.statusLine == "Switched to alice, who is still signed in here.")
        #expect(state.dashboard.log.texts.last == "Switched to alice, who is still signed in here.")
    }
}
