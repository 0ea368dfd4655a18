import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// The single-flight refresh and the ways a waiter leaves: resumed, rejected, released, signed out, cancelled.
extension AuthStateMachineTests {
    @Test("Valid tokens resume at once without a refresh (fast path), up to the margin")
    func cachedFastPath() throws {
        let tokens = try Fixtures.tokens()
        var machine = signedInMachine(tokens)
        #expect(machine.handle(.tokensRequested(1, .default), now: t0) == [.resume([1], tokens)])
        #expect(machine.handle(.tokensRequested(2, .noWait), now: t0) == [.resume([2], tokens)])
        #expect(machine.waiterCount == 0)
        #expect(machine.refresh == .idle)
        // Margin: 120 s before the 3600 s expiry.
        #expect(machine.cachedTokens(at: t0.addingTimeInterval(3479)) == tokens)
        #expect(machine.cachedTokens(at: t0.addingTimeInterval(3480)) == nil)
        // A short lifetime caps the margin at a quarter of it.
        let short = try Fixtures.tokens(lifetime: 200)
        #expect(short.margin(preferred: 120) == 50)
        #expect(short.areValid(at: t0.addingTimeInterval(149), preferredMargin: 120))
        #expect(!short.areValid(at: t0.addingTimeInterval(150), preferredMargin: 120))
    }

    @Test("Expired tokens: one startRefresh for many requesters, then all resume after the persist")
    func singleFlightRefresh() throws {
        let tokens = try Fixtures.tokens()
        var machine = refreshingMachine(tokens, ids: [1, 2, 3, 4, 5])
        #expect(machine.pendingCalls.map(\.id) == [1, 2, 3, 4, 5])
        #expect(machine.pendingCalls.allSatisfy { $0.reason == .refresh && $0.since == t1 && $0.label == "getTokens" })

        let fresh = try Fixtures.tokens(issued: t1, serial: 1)
        var expectedSession = Fixtures.signedInSession(fresh)
        expectedSession.updatedAt = t1
        let actions = machine.handle(.refreshSucceeded(fresh, generation: 0), now: t1)
        #expect(actions == [.persist(expectedSession), .resume([1, 2, 3, 4, 5], fresh), .pendingCallsChanged])
        #expect(machine.refresh == .idle)
        #expect(machine.waiterCount == 0)
        #expect(machine.userState == .signedIn)
        // The next caller gets the new tokens from the cache.
        #expect(machine.handle(.tokensRequested(6, .default), now: t1) == [.resume([6], fresh)])
        // A duplicate answer is ignored.
        #expect(machine.handle(.refreshSucceeded(fresh, generation: 0), now: t1) == [])
    }

    @Test("refreshFailed(notAuthorized): persist, notify, sign-in waiters keep waiting, others fail")
    func refreshRejected() throws {
        let tokens = try Fixtures.tokens()
        var machine = refreshingMachine(
            tokens, ids: [1, 2, 3, 4], options: [2: .noWait, 3: waitSignInNoConnectivity, 4: waitConnectivityNoSignIn])
        var invalid = Fixtures.signedInSession(nil)
        invalid.state = .signedOutUserPoolsTokenInvalid
        invalid.updatedAt = t1
        let actions = machine.handle(
            .refreshFailed(.notAuthorized("Refresh Token has expired"), generation: 0, jitter: 0), now: t1)
        #expect(
            actions == [
                .persist(invalid), .notify(.signedOutUserPoolsTokenInvalid, info),
                .fail([2, 4], .error(.reloginRequired(.signedOutUserPoolsTokenInvalid))), .pendingCallsChanged,
            ])
        #expect(machine.userState == .signedOutUserPoolsTokenInvalid)
        #expect(machine.session?.tokens == nil)
        #expect(machine.session?.username == "alice")
        #expect(machine.pendingCalls.map(\.id) == [1, 3])
        #expect(machine.pendingCalls.allSatisfy { $0.reason == .signIn })
        #expect(machine.refresh == .idle)
        #expect(machine.generation == 1)

        // New callers wait for sign-in, or fail at once when they asked not to wait.
        #expect(machine.handle(.tokensRequested(5, .default), now: t1) == [.pendingCallsChanged])
        #expect(
            machine.handle(.tokensRequested(6, .noWait), now: t1)
                == [.fail([6], .error(.reloginRequired(.signedOutUserPoolsTokenInvalid)))])

        // Sign-in resumes every waiter with the new tokens, after persisting and notifying.
        let newTokens = try Fixtures.tokens(issued: t1, serial: 2)
        var signedIn = Fixtures.signedInSession(newTokens)
        signedIn.updatedAt = t1
        #expect(
            machine.handle(.userPoolSignedIn(.alice(newTokens)), now: t1)
                == [.persist(signedIn), .notify(.signedIn, info), .resume([1, 3, 5], newTokens), .pendingCallsChanged])
        #expect(machine.userState == .signedIn)
        #expect(machine.waiterCount == 0)
        #expect(machine.generation == 2)
    }

    @Test("releaseSignInWait fails only the sign-in waiters; a later call waits afresh")
    func releaseSignInWait() throws {
        var machine = AuthStateMachine(policy: .test)
        _ = machine.handle(.restored(Fixtures.signedInSession(nil)), now: t0)
        #expect(machine.handle(.tokensRequested(1, .default), now: t0) == [.pendingCallsChanged])
        #expect(machine.handle(.tokensRequested(2, waitSignInNoConnectivity), now: t0) == [.pendingCallsChanged])
        #expect(
            machine.handle(.releaseSignInWait, now: t0) == [
                .fail([1, 2], .error(.signInWaitCancelled)), .pendingCallsChanged,
            ])
        #expect(machine.userState == .signedOutUserPoolsTokenInvalid)
        #expect(machine.waiterCount == 0)
        #expect(machine.handle(.releaseSignInWait, now: t0) == [])
        #expect(machine.handle(.tokensRequested(3, .default), now: t0) == [.pendingCallsChanged])
        #expect(machine.pendingCalls.map(\.id) == [3])

        // Refresh waiters are not sign-in waiters.
        var refreshing = refreshingMachine(try Fixtures.tokens(), ids: [1, 2])
        #expect(refreshing.handle(.releaseSignInWait, now: t1) == [])
        #expect(refreshing.pendingCalls.map(\.id) == [1, 2])
    }

    @Test("signOut fails every waiter with .signedOut and keeps only the JWKS")
    func signOutFailsAll() throws {
        var machine = refreshingMachine(try Fixtures.tokens(), ids: [1, 2, 3], options: [2: .noWait])
        let tokens = try #require(machine.session?.tokens)
        // The issuer the tokens claim goes with the owed revocation (revoked there and nowhere else).
        let issuer = try #require(machine.session?.effectiveIssuer)
        let actions = machine.handle(.signOutRequested(global: false), now: t1)
        // The signed-out record owes the revocation of the refresh token; the machine asks for it last.
        let owed = PendingRevocation(refreshToken: "refresh-alice", global: false, username: "alice", issuer: issuer)
        var record = PersistedSession(state: .signedOut, updatedAt: t1)
        record.pendingRevocation = owed
        #expect(
            actions == [
                .persist(record), .notify(.signedOut, UserStateInfo()),
                .fail([1, 2, 3], .error(.signedOut)), .pendingCallsChanged,
                .revoke(owed, accessToken: tokens.accessToken),
            ])
        // Once the service answered, the record no longer owes it.
        record.pendingRevocation = nil
        #expect(machine.handle(.revocationSettled(owed), now: t1) == [.persist(record)])
        #expect(machine.handle(.revocationSettled(owed), now: t1) == [])
        #expect(machine.userState == .signedOut)
        #expect(machine.waiterCount == 0)
        #expect(machine.refresh == .idle)
        #expect(machine.handle(.tokensRequested(4, .default), now: t1) == [.fail([4], .error(.notSignedIn))])

        // Sign-in waiters too.
        var relogin = AuthStateMachine(policy: .test)
        _ = relogin.handle(.restored(Fixtures.signedInSession(nil)), now: t0)
        _ = relogin.handle(.tokensRequested(7, .default), now: t0)
        let failed = relogin.handle(.signOutRequested(global: false), now: t0).filter {
            if case .fail = $0 { true } else { false }
        }
        #expect(failed == [.fail([7], .error(.signedOut))])
    }

    @Test("waiterCancelled fails that waiter alone with .cancelled, once")
    func waiterCancelled() throws {
        var machine = refreshingMachine(try Fixtures.tokens(), ids: [1, 2, 3])
        #expect(machine.handle(.waiterCancelled(2), now: t1) == [.fail([2], .cancelled), .pendingCallsChanged])
        #expect(machine.pendingCalls.map(\.id) == [1, 3])
        #expect(machine.handle(.waiterCancelled(2), now: t1) == [])
        #expect(machine.handle(.waiterCancelled(99), now: t1) == [])
        #expect(machine.refresh == .inFlight(attempt: 1))
    }

    @Test("deadlinePassed outside a refresh fails that waiter with deadlineExceeded, once")
    func deadlinePassed() throws {
        // The refresh was refused: both calls now wait for a sign-in.
        var relogin = refreshingMachine(try Fixtures.tokens(), ids: [1, 2])
        _ = relogin.handle(.refreshFailed(.notAuthorized("revoked"), generation: 0, jitter: 0), now: t1)
        #expect(
            relogin.handle(.deadlinePassed(1), now: t1) == [
                .fail([1], .error(.deadlineExceeded)), .pendingCallsChanged,
            ])
        #expect(relogin.handle(.deadlinePassed(1), now: t1) == [])
        #expect(relogin.pendingCalls.map(\.id) == [2])
    }

    @Test(
        "A deadline that passes while the refresh request is in flight waits for that request (F11): its tokens, or its error without a retry"
    )
    func deadlineDuringAnInFlightRequest() throws {
        var machine = refreshingMachine(try Fixtures.tokens(), ids: [1, 2])
        #expect(machine.handle(.deadlinePassed(1), now: t1) == [])
        #expect(machine.pendingCalls.map(\.id) == [1, 2])
        let fresh = try Fixtures.tokens(issued: t1, serial: 1)
        let actions = machine.handle(.refreshSucceeded(fresh, generation: 0), now: t1)
        #expect(actions.contains(.resume([1, 2], fresh)))

        var failing = refreshingMachine(try Fixtures.tokens(), ids: [1, 2])
        _ = failing.handle(.deadlinePassed(1), now: t1)
        let unavailable = AuthError.invalidResponse(status: 503, detail: "GetTokensFromRefreshToken answered 503")
        let failed = failing.handle(.refreshFailed(unavailable, generation: 0, jitter: 0), now: t1)
        #expect(failed.contains(.fail([1], .error(unavailable))))
        #expect(failing.pendingCalls.map(\.id) == [2])
        // Between retries, a deadline fails the call with the last attempt's error, not a time-out.
        #expect(
            failing.handle(.deadlinePassed(2), now: t1) == [
                .fail([2], .error(unavailable)), .pendingCallsChanged,
            ])
    }
}
