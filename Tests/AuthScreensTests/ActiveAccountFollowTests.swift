import AuthScreens
import AuthScreensTesting
import CognitoAuth
import CognitoAuthTesting
import Foundation
import TerminalKeys
import Testing

/// Issue 40 item 2 (ux-3 items 2 and 5): the UI follows the active account another process chose,
/// and never takes away a form being filled in.
@MainActor
@Suite struct ActiveAccountFollowTests {
    /// A store root with the default account (alice, shown) and account-2 (bob), alice active.
    static func root() throws -> (root: String, bob: String) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("follow-\(UUID())").path
        let accounts = AccountDirectory(root: root)
        let bob = try accounts.createAccount()
        try accounts.activate(AccountDirectory.defaultID)
        return (root, bob)
    }

    static func options(root: String, bob: String) -> AuthUIOptions {
        var options = AuthUIOptions()
        options.canSwitchAccounts = true
        options.accountsRoot = root
        options.accounts = [
            AccountChoice(id: AccountDirectory.defaultID, username: "alice", isCurrent: true),
            AccountChoice(id: bob, username: "bob"),
        ]
        return options
    }

    @Test("a switch made elsewhere while the dashboard shows: the run ends to follow it; a tick without one does not")
    func followsSwitchOnDashboard() throws {
        let (root, bob) = try Self.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let runtime = AuthScreensRuntime(
            service: FakeAuthService(), state: signedInApp(options: Self.options(root: root, bob: bob)),
            clock: ManualClock(start: t0))
        #expect(runtime.state.base == .dashboard)
        runtime.tick(now: t0 + 1)
        #expect(runtime.exit == nil)
        try AccountDirectory(root: root).activate(bob)
        runtime.tick(now: t0 + 2)
        #expect(runtime.exit == .followActiveAccount(bob))
        runtime.stop()
    }

    @Test("signed out from elsewhere with bob made active: the Sign in it fell back to follows bob (item 5)")
    func followsAfterSignOutElsewhere() throws {
        let (root, bob) = try Self.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let runtime = AuthScreensRuntime(
            service: FakeAuthService(), state: signedInApp(options: Self.options(root: root, bob: bob)),
            clock: ManualClock(start: t0))
        runtime.send(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        guard case .signIn = runtime.state.base else {
            Issue.record("not on Sign in: \(runtime.state.base)")
            return
        }
        try AccountDirectory(root: root).activate(bob)
        runtime.tick(now: t0 + 1)
        #expect(runtime.exit == .followActiveAccount(bob))
        runtime.stop()
    }

    @Test("a password being typed is never taken away: the status line says who is active, once")
    func formInUseIsKept() throws {
        let (root, bob) = try Self.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        let runtime = AuthScreensRuntime(
            service: FakeAuthService(), options: Self.options(root: root, bob: bob), timeZone: utc,
            clock: ManualClock(start: t0))
        runtime.send(.keyPressed(.character("a")))
        runtime.send(.keyPressed(.tab))
        runtime.send(.keyPressed(.character("p")))
        #expect(!runtime.state.canFollowActiveAccount)
        try AccountDirectory(root: root).activate(bob)
        runtime.tick(now: t0 + 1)
        #expect(runtime.exit == nil)
        #expect(
            runtime.state.statusMessage
                == "bob was made the active account in another terminal or process; this screen stays as it is until you are done.")
        runtime.tick(now: t0 + 2)
        #expect(runtime.state.dashboard.log.texts.filter { $0.hasPrefix("bob was made the active") }.count == 1)
        runtime.stop()
    }

    @Test("the UI's own account becoming active (its sign-in) is no change to follow; without a root nothing is read")
    func ownAccountAndNoRoot() throws {
        let (root, bob) = try Self.root()
        defer { try? FileManager.default.removeItem(atPath: root) }
        var options = Self.options(root: root, bob: bob)
        options.accounts = [
            AccountChoice(id: AccountDirectory.defaultID, username: "alice"),
            AccountChoice(id: bob, username: "bob", isCurrent: true),
        ]
        let runtime = AuthScreensRuntime(
            service: FakeAuthService(), state: signedInApp(options: options), clock: ManualClock(start: t0))
        try AccountDirectory(root: root).activate(bob)
        runtime.tick(now: t0 + 1)
        #expect(runtime.exit == nil)

        options.accountsRoot = nil
        let unrooted = AuthScreensRuntime(
            service: FakeAuthService(), state: signedInApp(options: options), clock: ManualClock(start: t0))
        try AccountDirectory(root: root).activate(AccountDirectory.defaultID)
        unrooted.tick(now: t0 + 1)
        #expect(unrooted.exit == nil)
        runtime.stop()
        unrooted.stop()
    }
}
