import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// Signing in as another user: the machine never hands one user's waiting calls another user's tokens.
@Suite("AuthStateMachine session replacement")
struct AuthStateMachineSessionReplacementTests {
    let t0 = Fixtures.t0
    let bobInfo = UserStateInfo(username: "bob", provider: Fixtures.pool.providerKey)

    func bob() throws -> AuthStateMachine.UserPoolSignIn {
        AuthStateMachine.UserPoolSignIn(
            tokens: try Fixtures.tokens(username: "bob", serial: 7), username: "bob", keySet: nil,
            settledRevocation: nil)
    }

    /// alice must sign in again and calls 1 and 2 wait for it.
    func reloginMachine() -> AuthStateMachine {
        var machine = AuthStateMachine(policy: .test)
        _ = machine.handle(.restored(Fixtures.signedInSession(nil)), now: t0)
        _ = machine.handle(.tokensRequested(1, .default), now: t0)
        _ = machine.handle(.tokensRequested(2, .default), now: t0)
        #expect(machine.userState == .signedOutUserPoolsTokenInvalid)
        #expect(machine.waiterCount == 2)
        return machine
    }

    @Test("signedInUser(otherThan:) names the user a sign-in would replace, in signedIn and re-login only")
    func otherUser() throws {
        var machine = AuthStateMachine(policy: .test)
        #expect(machine.signedInUser(otherThan: "bob") == nil)
        _ = machine.handle(.restored(nil), now: t0)
        #expect(machine.signedInUser(otherThan: "bob") == nil)
        _ = machine.handle(.restored(Fixtures.signedInSession(try Fixtures.tokens())), now: t0)
        #expect(machine.signedInUser(otherThan: "bob") == "alice")
        #expect(machine.signedInUser(otherThan: "alice") == nil)
        _ = machine.handle(.signOutRequested(global: false), now: t0)
        #expect(machine.signedInUser(otherThan: "bob") == nil, "a signed-out record keeps no user")
        #expect(reloginMachine().signedInUser(otherThan: "bob") == "alice")
        #expect(reloginMachine().signedInUser(otherThan: "alice") == nil)
    }

    @Test("Re-login as the same user resumes the waiting calls with the new tokens")
    func sameUserResumes() throws {
        var machine = reloginMachine()
        let tokens = try Fixtures.tokens(serial: 5)
        let actions = machine.handle(.userPoolSignedIn(.alice(tokens)), now: t0)
        #expect(actions.contains(.resume([1, 2], tokens)))
        #expect(!actions.contains { if case .fail = $0 { return true } else { return false } })
        #expect(machine.waiterCount == 0)
    }

    @Test(
        "Another user's sign-in during re-login fails the waiting calls, after persist and notify, never resumes them")
    func otherUserFailsReloginWaiters() throws {
        var machine = reloginMachine()
        let signIn = try bob()
        let actions = machine.handle(.userPoolSignedIn(signIn), now: t0)
        guard actions.count == 4, case .persist(let stored?) = actions[0] else {
            Issue.record("unexpected actions \(actions)")
            return
        }
        #expect(stored.username == "bob")
        #expect(stored.tokens == signIn.tokens)
        #expect(
            Array(actions.dropFirst()) == [
                .notify(.signedIn, bobInfo),
                .fail([1, 2], .error(.sessionReplaced(previous: "alice", current: "bob"))),
                .pendingCallsChanged,
            ])
        #expect(machine.userState == .signedIn)
        #expect(machine.waiterCount == 0)
    }

    @Test("Another user's sign-in while a refresh is in flight fails the refresh waiters; the late answer is ignored")
    func otherUserFailsRefreshWaiters() throws {
        var machine = AuthStateMachine(policy: .test)
        let expired = try Fixtures.tokens(issued: t0.addingTimeInterval(-10_000))
        _ = machine.handle(.restored(Fixtures.signedInSession(expired)), now: t0)
        let started = machine.handle(.tokensRequested(1, .default), now: t0)
        #expect(started.contains { if case .startRefresh = $0 { return true } else { return false } })
        let generation = machine.generation
        let actions = machine.handle(.userPoolSignedIn(try bob()), now: t0)
        #expect(actions.contains(.fail([1], .error(.sessionReplaced(previous: "alice", current: "bob")))))
        #expect(!actions.contains { if case .resume = $0 { return true } else { return false } })
        // alice's refresh answering afterwards changes nothing.
        let late = try Fixtures.tokens(serial: 9)
        #expect(machine.handle(.refreshSucceeded(late, generation: generation), now: t0) == [])
        #expect(machine.session?.username == "bob")
    }

    @Test("Another process's sign-in as another user fails the waiting calls instead of resuming them")
    func externalOtherUserFailsWaiters() throws {
        var machine = reloginMachine()
        let tokens = try Fixtures.tokens(username: "bob", serial: 4)
        let stored = Fixtures.signedInSession(tokens, username: "bob")
        #expect(
            machine.handle(.storeChangedExternally(stored), now: t0) == [
                .notify(.signedIn, bobInfo),
                .fail([1, 2], .error(.sessionReplaced(previous: "alice", current: "bob"))),
                .pendingCallsChanged,
            ])
        #expect(machine.session?.username == "bob")
        #expect(machine.waiterCount == 0)
    }

    @Test("Another process's sign-in as another user while signed in notifies the change")
    func externalOtherUserNotifies() throws {
        var machine = AuthStateMachine(policy: .test)
        _ = machine.handle(.restored(Fixtures.signedInSession(try Fixtures.tokens())), now: t0)
        let stored = Fixtures.signedInSession(try Fixtures.tokens(username: "bob", serial: 4), username: "bob")
        #expect(machine.handle(.storeChangedExternally(stored), now: t0) == [.notify(.signedIn, bobInfo)])
        // alice's own tokens from another process: nothing to tell.
        var same = AuthStateMachine(policy: .test)
        _ = same.handle(.restored(Fixtures.signedInSession(try Fixtures.tokens())), now: t0)
        #expect(
            same.handle(.storeChangedExternally(Fixtures.signedInSession(try Fixtures.tokens(serial: 2))), now: t0)
                == [])
    }

    @Test("sessionCleared removes the whole record (no revocation owed) and fails the waiters with signedOut")
    func sessionCleared() throws {
        var machine = reloginMachine()
        #expect(
            machine.handle(.sessionCleared, now: t0) == [
                .persist(nil), .notify(.signedOut, UserStateInfo()),
                .fail([1, 2], .error(.signedOut)), .pendingCallsChanged,
            ])
        #expect(machine.userState == .signedOut)
        #expect(machine.session == nil)
    }
}
