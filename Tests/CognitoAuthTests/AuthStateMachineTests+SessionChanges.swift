import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// Changes to the session: rejected or missing tokens, forced refreshes, and another process's sign-in or sign-out.
extension AuthStateMachineTests {
    @Test("accessTokenRejected (for the current token only) makes the next request refresh")
    func accessTokenRejected() throws {
        let tokens = try Fixtures.tokens()
        var machine = signedInMachine(tokens)
        #expect(machine.handle(.accessTokenRejected("some-other-token"), now: t0) == [])
        #expect(machine.handle(.tokensRequested(1, .default), now: t0) == [.resume([1], tokens)])
        #expect(machine.handle(.accessTokenRejected(tokens.accessToken), now: t0) == [])
        #expect(machine.cachedTokens(at: t0) == nil)
        #expect(
            machine.handle(.tokensRequested(2, .default), now: t0)
                == [
                    .pendingCallsChanged,
                    .startRefresh(refreshToken: "refresh-alice", username: "alice", generation: 0),
                ])
    }

    @Test("No refresh token: an expired session becomes signedOutUserPoolsTokenInvalid")
    func noRefreshToken() throws {
        let tokens = try Fixtures.tokens(refreshToken: nil)
        var invalid = Fixtures.signedInSession(nil)
        invalid.state = .signedOutUserPoolsTokenInvalid
        invalid.updatedAt = t1

        var waiting = signedInMachine(tokens)
        #expect(
            waiting.handle(.tokensRequested(1, .default), now: t1)
                == [
                    .persist(invalid), .notify(.signedOutUserPoolsTokenInvalid, info), .pendingCallsChanged,
                    .pendingCallsChanged,
                ])
        #expect(waiting.pendingCalls.map(\.id) == [1])
        #expect(waiting.pendingCalls.first?.reason == .signIn)

        var impatient = signedInMachine(tokens)
        #expect(
            impatient.handle(.tokensRequested(1, .noWait), now: t1)
                == [
                    .persist(invalid), .notify(.signedOutUserPoolsTokenInvalid, info), .pendingCallsChanged,
                    .fail([1], .error(.reloginRequired(.signedOutUserPoolsTokenInvalid))),
                ])

        var forced = signedInMachine(tokens)
        #expect(
            forced.handle(.forceRefresh, now: t0) == [
                .persist(
                    {
                        var s = invalid
                        s.updatedAt = t0
                        return s
                    }()),
                .notify(.signedOutUserPoolsTokenInvalid, info), .pendingCallsChanged,
            ])
    }

    @Test("forceRefresh refreshes valid tokens, once")
    func forceRefresh() throws {
        var machine = signedInMachine(try Fixtures.tokens())
        #expect(
            machine.handle(.forceRefresh, now: t0)
                == [.startRefresh(refreshToken: "refresh-alice", username: "alice", generation: 0)])
        #expect(machine.handle(.forceRefresh, now: t0) == [])
        // Valid tokens are still served while it runs.
        #expect(machine.handle(.tokensRequested(1, .default), now: t0).count == 1)
        var signedOut = AuthStateMachine(policy: .test)
        _ = signedOut.handle(.restored(nil), now: t0)
        #expect(signedOut.handle(.forceRefresh, now: t0) == [])
    }

    @Test("Without a session, requests fail with notSignedIn")
    func notSignedIn() {
        var unknown = AuthStateMachine(policy: .test)
        #expect(unknown.handle(.tokensRequested(1, .default), now: t0) == [.fail([1], .error(.notSignedIn))])
        var signedOut = AuthStateMachine(policy: .test)
        _ = signedOut.handle(.restored(nil), now: t0)
        #expect(signedOut.handle(.tokensRequested(2, .default), now: t0) == [.fail([2], .error(.notSignedIn))])
        #expect(signedOut.waiterCount == 0)
    }

    @Test("Another process's sign-in is adopted and resumes the waiters")
    func externalSignInAdopted() throws {
        var machine = AuthStateMachine(policy: .test)
        _ = machine.handle(.restored(Fixtures.signedInSession(nil)), now: t0)
        _ = machine.handle(.tokensRequested(1, .default), now: t0)
        let tokens = try Fixtures.tokens(serial: 4)
        let stored = Fixtures.signedInSession(tokens)
        #expect(
            machine.handle(.storeChangedExternally(stored), now: t0)
                == [.notify(.signedIn, info), .resume([1], tokens), .pendingCallsChanged])
        #expect(machine.userState == .signedIn)
    }

    // MARK: Regressions (bugs these tests found)

    @Test("Another process's sign-out (a stored signedOut record, or none) is adopted and fails the waiters")
    func externalSignOutAdopted() throws {
        var machine = refreshingMachine(try Fixtures.tokens(), ids: [1])
        // What `signOut` persists in the other process: a record in state signedOut, not nil.
        var other = AuthStateMachine(policy: .test)
        _ = other.handle(.restored(Fixtures.signedInSession(try Fixtures.tokens())), now: t0)
        let persisted = other.handle(.signOutRequested(global: false), now: t0).compactMap {
            action -> PersistedSession?? in
            if case .persist(let session) = action { return session } else { return nil }
        }
        let record = try #require(persisted.first)
        #expect(record?.state == .signedOut)
        let actions = machine.handle(.storeChangedExternally(record), now: t1)
        #expect(machine.userState == .signedOut)
        #expect(machine.session?.tokens == nil)
        #expect(machine.cachedTokens(at: t0) == nil)
        #expect(actions.contains(.notify(.signedOut, UserStateInfo())))
        #expect(actions.contains(.fail([1], .error(.signedOut))))
        #expect(machine.waiterCount == 0)
        // The refresh of the old session is ignored when it answers.
        #expect(machine.handle(.refreshSucceeded(try Fixtures.tokens(serial: 5), generation: 0), now: t1) == [])
        #expect(machine.userState == .signedOut)

        // A removed record (nil) signs out too.
        var removed = signedInMachine(try Fixtures.tokens())
        _ = removed.handle(.storeChangedExternally(nil), now: t0)
        #expect(removed.userState == .signedOut)
        #expect(removed.cachedTokens(at: t0) == nil)
    }

    @Test("A refresh answered by the backend (not a network failure) ends the offline period")
    func backendAnswerAfterOfflineMarksOnline() throws {
        for answer in [AuthError.notAuthorized("Refresh Token has been revoked"), .tooManyRequests("Rate exceeded")] {
            var machine = refreshingMachine(try Fixtures.tokens(), ids: [1])
            _ = machine.handle(
                .refreshFailed(.network(kind: .connectionRefused, message: "x"), generation: 0, jitter: 0), now: t1)
            _ = machine.handle(.retryDue(generation: 0), now: t1)
            let actions = machine.handle(.refreshFailed(answer, generation: 0, jitter: 0), now: t1)
            #expect(machine.connectivity == .online, "\(answer)")
            #expect(actions.first == .connectivityChanged(.online), "\(answer)")
        }
    }
}
