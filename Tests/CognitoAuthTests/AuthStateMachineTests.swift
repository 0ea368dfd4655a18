import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

extension AuthStateMachine.Policy {
    /// The policy of a client configured with the test pool.
    static var test: Self { Self(userPoolProviderKey: Fixtures.pool.providerKey) }
}

extension AuthStateMachine.UserPoolSignIn {
    /// alice's sign-in with `tokens`.
    static func alice(_ tokens: CognitoTokens) -> Self {
        Self(tokens: tokens, username: "alice", keySet: nil, settledRevocation: nil)
    }
}

/// Drives the pure state machine with events at fixed times and checks the exact actions.
@Suite("AuthStateMachine")
struct AuthStateMachineTests {
    typealias Action = AuthStateMachine.Action

    let t0 = Fixtures.t0
    /// After the first tokens' expiry.
    let t1 = Fixtures.t0.addingTimeInterval(4000)
    let info = UserStateInfo(username: "alice", provider: Fixtures.pool.providerKey)
    let waitConnectivityNoSignIn = TokenRequestOptions(waitForSignIn: false, waitForConnectivity: true)
    let waitSignInNoConnectivity = TokenRequestOptions(waitForSignIn: true, waitForConnectivity: false)

    /// A machine restored into `signedIn` with `tokens`.
    func signedInMachine(_ tokens: CognitoTokens, policy: AuthStateMachine.Policy = .test) -> AuthStateMachine {
        var machine = AuthStateMachine(policy: policy)
        let actions = machine.handle(.restored(Fixtures.signedInSession(tokens)), now: t0)
        #expect(actions == [.notify(.signedIn, info)])
        return machine
    }

    /// A machine whose refresh is in flight for waiters `ids` (default options unless given).
    func refreshingMachine(
        _ tokens: CognitoTokens, ids: [WaiterID], options: [WaiterID: TokenRequestOptions] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> AuthStateMachine {
        var machine = signedInMachine(tokens)
        for (index, id) in ids.enumerated() {
            let actions = machine.handle(.tokensRequested(id, options[id] ?? .default), now: t1)
            if index == 0 {
                #expect(
                    actions == [
                        .pendingCallsChanged,
                        .startRefresh(refreshToken: "refresh-alice", username: "alice", generation: machine.generation),
                    ], sourceLocation: sourceLocation)
            } else {
                #expect(actions == [.pendingCallsChanged], sourceLocation: sourceLocation)
            }
        }
        #expect(machine.refresh == .inFlight(attempt: 1), sourceLocation: sourceLocation)
        return machine
    }

    func waitingIDs(_ machine: AuthStateMachine, _ reason: PendingCall.Reason) -> [WaiterID] {
        machine.pendingCalls.filter { $0.reason == reason }.map(\.id)
    }

    // MARK: Restore

    @Test("restore: signedIn with tokens is signedIn, notified, nothing persisted")
    func restoreSignedIn() throws {
        let tokens = try Fixtures.tokens()
        var machine = AuthStateMachine(policy: .test)
        #expect(machine.userState == .unknown)
        #expect(machine.handle(.restored(Fixtures.signedInSession(tokens)), now: t0) == [.notify(.signedIn, info)])
        #expect(machine.userState == .signedIn)
        #expect(machine.session?.tokens == tokens)
        #expect(machine.connectivity == .online)
        #expect(machine.refresh == .idle)
    }

    @Test("restore: signedIn without tokens is signedOutUserPoolsTokenInvalid")
    func restoreSignedInWithoutTokens() {
        var machine = AuthStateMachine(policy: .test)
        #expect(
            machine.handle(.restored(Fixtures.signedInSession(nil)), now: t0)
                == [.notify(.signedOutUserPoolsTokenInvalid, info)])
        #expect(machine.userState == .signedOutUserPoolsTokenInvalid)
        #expect(machine.session?.username == "alice")
    }

    @Test("restore: nothing stored is signedOut")
    func restoreNothing() {
        var machine = AuthStateMachine(policy: .test)
        #expect(machine.handle(.restored(nil), now: t0) == [.notify(.signedOut, UserStateInfo())])
        #expect(machine.userState == .signedOut)
        #expect(machine.session == nil)
    }

    @Test("restore: other stored states are kept; unknown becomes signedOut")
    func restoreOtherStates() {
        for (stored, expected) in [
            (UserState.guest, UserState.guest), (.signedOut, .signedOut),
            (.signedOutUserPoolsTokenInvalid, .signedOutUserPoolsTokenInvalid),
            (.signedOutFederatedTokensInvalid, .signedOutFederatedTokensInvalid), (.unknown, .signedOut),
        ] {
            var machine = AuthStateMachine(policy: .test)
            let actions = machine.handle(.restored(PersistedSession(state: stored, updatedAt: t0)), now: t0)
            #expect(actions == [.notify(expected, UserStateInfo())], "stored \(stored)")
            #expect(machine.userState == expected)
        }
    }

    // MARK: Tokens

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
        let actions = machine.handle(.signOutRequested(global: false), now: t1)
        // The signed-out record owes the revocation of the refresh token; the machine asks for it last.
        let owed = PendingRevocation(refreshToken: "refresh-alice", global: false, username: "alice")
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

    @Test("deadlinePassed fails that waiter with deadlineExceeded, once")
    func deadlinePassed() throws {
        var machine = refreshingMachine(try Fixtures.tokens(), ids: [1, 2])
        #expect(
            machine.handle(.deadlinePassed(1), now: t1) == [
                .fail([1], .error(.deadlineExceeded)), .pendingCallsChanged,
            ])
        #expect(machine.handle(.deadlinePassed(1), now: t1) == [])
        #expect(machine.pendingCalls.map(\.id) == [2])
    }

    @Test("Network failure: state stays signedIn, offline, patient waiters stay, retry with backoff, then recover")
    func networkFailureAndRecovery() throws {
        let tokens = try Fixtures.tokens()
        var machine = refreshingMachine(
            tokens, ids: [1, 2], options: [2: TokenRequestOptions(waitForConnectivity: false)])
        let refused = AuthError.network(kind: .connectionRefused, message: "connection refused")
        let actions = machine.handle(.refreshFailed(refused, generation: 0, jitter: 0), now: t1)
        #expect(
            actions == [
                .connectivityChanged(.offline(since: t1, lastError: refused)), .fail([2], .error(refused)),
                .pendingCallsChanged, .scheduleRetry(delay: .milliseconds(125), generation: 0),
            ])
        #expect(machine.userState == .signedIn)
        #expect(machine.session?.tokens == tokens)
        #expect(machine.connectivity == .offline(since: t1, lastError: refused))
        #expect(machine.refresh == .retryScheduled(attempt: 1, due: t1.addingTimeInterval(0.125)))
        #expect(machine.pendingCalls.map(\.id) == [1])

        // While the retry is scheduled: impatient callers fail with the network error, patient ones join.
        #expect(machine.handle(.tokensRequested(3, .noWait), now: t1) == [.fail([3], .error(refused))])
        #expect(machine.handle(.tokensRequested(4, .default), now: t1) == [.pendingCallsChanged])

        // The retry is attempt 2.
        #expect(
            machine.handle(.retryDue(generation: 0), now: t1)
                == [.startRefresh(refreshToken: "refresh-alice", username: "alice", generation: 0)])
        #expect(machine.refresh == .inFlight(attempt: 2))
        // A second retryDue for the same schedule does nothing.
        #expect(machine.handle(.retryDue(generation: 0), now: t1) == [])

        // Attempt 2 fails too: offline since the first failure, longer delay.
        let timedOut = AuthError.network(kind: .timedOut, message: "timed out")
        let t2 = t1.addingTimeInterval(1)
        #expect(
            machine.handle(.refreshFailed(timedOut, generation: 0, jitter: 1), now: t2)
                == [
                    .connectivityChanged(.offline(since: t1, lastError: timedOut)),
                    .scheduleRetry(delay: .milliseconds(500), generation: 0),
                ])
        #expect(machine.userState == .signedIn)
        #expect(machine.handle(.retryDue(generation: 0), now: t2).count == 1)
        #expect(machine.refresh == .inFlight(attempt: 3))

        // Success: online again, waiters resumed after the persist.
        let fresh = try Fixtures.tokens(issued: t2, serial: 3)
        var expectedSession = Fixtures.signedInSession(fresh)
        expectedSession.updatedAt = t2
        #expect(
            machine.handle(.refreshSucceeded(fresh, generation: 0), now: t2)
                == [
                    .persist(expectedSession), .connectivityChanged(.online), .resume([1, 4], fresh),
                    .pendingCallsChanged,
                ])
        #expect(machine.connectivity == .online)
        #expect(machine.waiterCount == 0)
    }

    @Test("Backoff doubles, is capped, and is scaled by jitter between half and all of the step")
    func backoffSchedule() {
        let policy = BackoffPolicy()
        #expect(policy.delay(attempt: 1, jitter: 0) == .milliseconds(125))
        #expect(policy.delay(attempt: 1, jitter: 0.5) == .milliseconds(188))
        #expect(policy.delay(attempt: 2, jitter: 0) == .milliseconds(250))
        #expect(policy.delay(attempt: 3, jitter: 0) == .milliseconds(500))
        #expect(policy.delay(attempt: 7, jitter: 0) == .milliseconds(7500))
        #expect(policy.delay(attempt: 7, jitter: 0.999_999) == .milliseconds(15000))
        #expect(policy.delay(attempt: 1000, jitter: 0) == .milliseconds(7500))
        #expect(policy.delay(attempt: 0, jitter: 0) == .milliseconds(125))
        #expect(policy.delay(attempt: 1, jitter: -3) == .milliseconds(125))
    }

    @Test("Throttling is retried without going offline")
    func throttlingRetried() throws {
        var machine = refreshingMachine(try Fixtures.tokens(), ids: [1, 2])
        let throttled = AuthError.tooManyRequests("Rate exceeded")
        #expect(
            machine.handle(.refreshFailed(throttled, generation: 0, jitter: 0), now: t1)
                == [.scheduleRetry(delay: .milliseconds(125), generation: 0)])
        #expect(machine.connectivity == .online)
        #expect(machine.userState == .signedIn)
        #expect(machine.pendingCalls.map(\.id) == [1, 2])
        #expect(machine.handle(.retryDue(generation: 0), now: t1).count == 1)
        #expect(machine.refresh == .inFlight(attempt: 2))

        // A caller that will not wait for connectivity is not held by throttling either.
        var impatient = refreshingMachine(try Fixtures.tokens(), ids: [1], options: [1: .noWait])
        #expect(
            impatient.handle(.refreshFailed(throttled, generation: 0, jitter: 0), now: t1)
                == [.fail([1], .error(throttled)), .pendingCallsChanged])
        #expect(impatient.refresh == .idle)
        #expect(impatient.connectivity == .online)
    }

    @Test("A 4xx like invalidParameter fails the refresh waiters and is not retried")
    func clientErrorNotRetried() throws {
        let tokens = try Fixtures.tokens()
        var machine = refreshingMachine(tokens, ids: [1, 2])
        let invalid = AuthError.invalidParameter("Missing required parameter REFRESH_TOKEN")
        #expect(
            machine.handle(.refreshFailed(invalid, generation: 0, jitter: 0), now: t1)
                == [.fail([1, 2], .error(invalid)), .pendingCallsChanged])
        #expect(machine.refresh == .idle)
        #expect(machine.userState == .signedIn)
        #expect(machine.session?.tokens == tokens)
        #expect(machine.connectivity == .online)
        #expect(machine.handle(.retryDue(generation: 0), now: t1) == [])
        // The next call tries again from attempt 1.
        #expect(
            machine.handle(.tokensRequested(3, .default), now: t1)
                == [
                    .pendingCallsChanged,
                    .startRefresh(refreshToken: "refresh-alice", username: "alice", generation: 0),
                ])
        #expect(machine.refresh == .inFlight(attempt: 1))
    }

    @Test("Refresh answers from before a signOut are ignored")
    func staleAnswerAfterSignOut() throws {
        var machine = refreshingMachine(try Fixtures.tokens(), ids: [1])
        _ = machine.handle(.signOutRequested(global: false), now: t1)
        let fresh = try Fixtures.tokens(issued: t1, serial: 1)
        #expect(machine.handle(.refreshSucceeded(fresh, generation: 0), now: t1) == [])
        #expect(machine.handle(.refreshFailed(.notAuthorized("x"), generation: 0, jitter: 0), now: t1) == [])
        #expect(
            machine.handle(.refreshFailed(.network(kind: .other, message: "x"), generation: 0, jitter: 0), now: t1)
                == [])
        #expect(machine.handle(.retryDue(generation: 0), now: t1) == [])
        #expect(machine.userState == .signedOut)
        #expect(machine.session?.tokens == nil)
        #expect(machine.connectivity == .online)
    }

    @Test("Refresh answers from before a signIn are ignored")
    func staleAnswerAfterSignIn() throws {
        var machine = refreshingMachine(try Fixtures.tokens(), ids: [1])
        let signInTokens = try Fixtures.tokens(issued: t1, serial: 7)
        let actions = machine.handle(.userPoolSignedIn(.alice(signInTokens)), now: t1)
        #expect(actions.contains(.resume([1], signInTokens)))
        let generation = machine.generation
        #expect(generation == 1)
        let stale = try Fixtures.tokens(issued: t1, serial: 8)
        #expect(machine.handle(.refreshSucceeded(stale, generation: 0), now: t1) == [])
        #expect(machine.handle(.refreshFailed(.notAuthorized("x"), generation: 0, jitter: 0), now: t1) == [])
        #expect(machine.session?.tokens == signInTokens)
        #expect(machine.userState == .signedIn)
        // A refresh of the new session carries the new generation.
        let later = t1.addingTimeInterval(4000)
        #expect(
            machine.handle(.tokensRequested(2, .default), now: later)
                == [
                    .pendingCallsChanged,
                    .startRefresh(refreshToken: "refresh-alice", username: "alice", generation: 1),
                ])
    }

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

    @Test("reachedBackend brings connectivity back online once")
    func reachedBackend() throws {
        var machine = refreshingMachine(try Fixtures.tokens(), ids: [1])
        let error = AuthError.network(kind: .dnsFailure, message: "no such host")
        _ = machine.handle(.refreshFailed(error, generation: 0, jitter: 0), now: t1)
        #expect(machine.handle(.reachedBackend, now: t1) == [.connectivityChanged(.online)])
        #expect(machine.handle(.reachedBackend, now: t1) == [])
    }

    @Test("Cancelling the last refresh waiter stops the retries")
    func cancellingLastWaiterStopsRetry() throws {
        var machine = refreshingMachine(try Fixtures.tokens(), ids: [1])
        _ = machine.handle(.refreshFailed(.network(kind: .other, message: "x"), generation: 0, jitter: 0), now: t1)
        #expect(machine.handle(.waiterCancelled(1), now: t1) == [.fail([1], .cancelled), .pendingCallsChanged])
        #expect(machine.refresh == .idle)
        #expect(machine.handle(.retryDue(generation: 0), now: t1) == [])
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

    // MARK: Invariants

    /// An owner that runs the machine like AuthClient does and checks invariants after every event.
    struct Harness {
        var machine = AuthStateMachine(policy: .test)
        var now = Fixtures.t0
        var nextID: WaiterID = 0
        var requested: [WaiterID: TokenRequestOptions] = [:]
        var exits: [WaiterID: Int] = [:]
        var outstandingRefreshes: [UInt64] = []
        var scheduledRetries: [UInt64] = []
        var serial = 100
        var revocations: [PendingRevocation] = []
        let seed: UInt64

        mutating func send(_ event: AuthStateMachine.Event, sourceLocation: SourceLocation = #_sourceLocation) {
            let refreshBefore = machine.refresh
            let actions = machine.handle(event, now: now)
            var persistIndex: Int?
            var notifyIndex: Int?
            for (index, action) in actions.enumerated() {
                switch action {
                case .persist(let record):
                    persistIndex = persistIndex ?? index
                    // What is written always says the state the machine is in.
                    #expect(
                        record == nil || record?.state == machine.userState,
                        "persisted \(String(describing: record?.state)) in \(machine.userState) (seed \(seed))",
                        sourceLocation: sourceLocation)
                case .revoke(let owed, _):
                    #expect(
                        machine.session?.pendingRevocation == owed, "a revocation not recorded (seed \(seed))",
                        sourceLocation: sourceLocation)
                    revocations.append(owed)
                case .notify: notifyIndex = notifyIndex ?? index
                case .resume(let ids, let tokens):
                    if tokens == nil {
                        for id in ids {
                            #expect(
                                requested[id]?.needsUserPoolTokens == false,
                                "waiter \(id) needs tokens but was resumed with none on \(event) (seed \(seed))",
                                sourceLocation: sourceLocation)
                        }
                    }
                    fallthrough
                case .fail(let ids, _):
                    #expect(!ids.isEmpty, "empty exit list (seed \(seed))", sourceLocation: sourceLocation)
                    for id in ids {
                        #expect(
                            requested[id] != nil, "unknown waiter \(id) (seed \(seed))", sourceLocation: sourceLocation)
                        exits[id, default: 0] += 1
                        #expect(
                            exits[id] == 1, "waiter \(id) left twice on \(event) (seed \(seed))",
                            sourceLocation: sourceLocation)
                    }
                    if let persistIndex { #expect(persistIndex < index, sourceLocation: sourceLocation) }
                    if let notifyIndex { #expect(notifyIndex < index, sourceLocation: sourceLocation) }
                    if case .fail(let ids, .error(.reloginRequired)) = action {
                        for id in ids {
                            #expect(
                                requested[id]?.waitForSignIn == false, "seed \(seed)", sourceLocation: sourceLocation)
                        }
                    }
                    if case .fail(let ids, .error(let error)) = action, error.isNetworkFailure {
                        for id in ids {
                            #expect(
                                requested[id]?.waitForConnectivity == false, "seed \(seed)",
                                sourceLocation: sourceLocation)
                        }
                    }
                case .startRefresh(_, _, let generation):
                    #expect(generation == machine.generation, sourceLocation: sourceLocation)
                    // Single flight: never two live requests for the current session.
                    #expect(
                        !outstandingRefreshes.contains(generation),
                        "second refresh in flight on \(event), before: \(refreshBefore) (seed \(seed))",
                        sourceLocation: sourceLocation)
                    outstandingRefreshes.append(generation)
                case .scheduleRetry(_, let generation):
                    scheduledRetries.append(generation)
                case .connectivityChanged, .pendingCallsChanged:
                    break
                }
                if let persistIndex, let notifyIndex {
                    #expect(persistIndex < notifyIndex, sourceLocation: sourceLocation)
                }
            }
            checkState(after: event, sourceLocation: sourceLocation)
        }

        func checkState(after event: AuthStateMachine.Event, sourceLocation: SourceLocation) {
            // Every requested waiter is either still pending or has left exactly once.
            let pending = Set(machine.pendingCalls.map(\.id))
            // (Exits are checked to be ≤ 1 and known as they happen, so counting suffices.)
            #expect(
                pending.count + exits.count == requested.count,
                "\(requested.count) requested, \(pending.count) pending, \(exits.count) left after \(event) (seed \(seed))",
                sourceLocation: sourceLocation)
            for id in pending where exits[id] != nil {
                Issue.record(
                    "waiter \(id) is pending after leaving, on \(event) (seed \(seed))", sourceLocation: sourceLocation)
            }
            // Liveness: refresh waiters need a refresh in flight or scheduled; sign-in waiters need a re-login state.
            let reasons = Set(machine.pendingCalls.map(\.reason))
            if reasons.contains(.refresh) {
                #expect(
                    machine.refresh != .idle, "refresh waiters but no refresh after \(event) (seed \(seed))",
                    sourceLocation: sourceLocation)
                #expect(machine.userState == .signedIn, sourceLocation: sourceLocation)
            }
            if reasons.contains(.signIn) {
                #expect(
                    machine.userState.needsRelogin, "sign-in waiters in \(machine.userState) (seed \(seed))",
                    sourceLocation: sourceLocation)
            }
            switch machine.refresh {
            case .inFlight:
                #expect(
                    outstandingRefreshes.contains(machine.generation),
                    "in flight with no request outstanding after \(event) (seed \(seed))",
                    sourceLocation: sourceLocation)
            case .retryScheduled:
                #expect(
                    scheduledRetries.contains(machine.generation),
                    "retry scheduled with no timer after \(event) (seed \(seed))", sourceLocation: sourceLocation)
            case .idle:
                break
            }
        }

        mutating func request(_ options: TokenRequestOptions) {
            nextID += 1
            requested[nextID] = options
            send(.tokensRequested(nextID, options))
        }

        mutating func freshTokens(refresh: Bool = true) -> CognitoTokens? {
            serial += 1
            return try? Fixtures.tokens(issued: now, serial: serial, refreshToken: refresh ? "refresh-\(serial)" : nil)
        }
    }

    @Test(
        "Randomised event sequences: every waiter leaves exactly once; single flight; no stranded waiter",
        arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomisedInvariants(seed: UInt64) throws {
        var rng = SeededRandomGenerator(seed: seed)
        var harness = Harness(seed: seed)
        harness.send(.restored(Fixtures.signedInSession(try Fixtures.tokens())))
        var sessionOnly = TokenRequestOptions(label: "session")
        sessionOnly.needsUserPoolTokens = false
        let optionChoices: [TokenRequestOptions] = [
            .default, .noWait, waitSignInNoConnectivity, waitConnectivityNoSignIn,
            TokenRequestOptions(deadline: .seconds(5)),
            sessionOnly,
        ]
        let errors: [AuthError] = [
            .notAuthorized("revoked"), .network(kind: .connectionRefused, message: "refused"),
            .network(kind: .timedOut, message: "slow"), .tooManyRequests("slow down"), .invalidParameter("bad"),
            .internalError("boom"), .invalidResponse(status: 502, detail: "html"),
        ]
        for _ in 0..<3000 {
            switch rng.next() % 16 {
            case 0, 1, 2, 3:
                harness.request(optionChoices[Int(rng.next() % UInt64(optionChoices.count))])
            case 4, 5:
                guard !harness.outstandingRefreshes.isEmpty else { continue }
                let index = Int(rng.next() % UInt64(harness.outstandingRefreshes.count))
                let generation = harness.outstandingRefreshes.remove(at: index)
                if rng.next() % 2 == 0, let tokens = harness.freshTokens() {
                    harness.send(.refreshSucceeded(tokens, generation: generation))
                } else {
                    let error = errors[Int(rng.next() % UInt64(errors.count))]
                    harness.send(
                        .refreshFailed(error, generation: generation, jitter: Double(rng.next() % 1000) / 1000))
                }
            case 6:
                guard !harness.scheduledRetries.isEmpty else { continue }
                let generation = harness.scheduledRetries.removeFirst()
                harness.send(.retryDue(generation: generation))
            case 7:
                if let tokens = harness.freshTokens(refresh: rng.next() % 4 != 0) {
                    harness.send(.userPoolSignedIn(.alice(tokens)))
                }
            case 8:
                harness.send(.releaseSignInWait)
            case 9:
                if rng.next() % 3 == 0 { harness.send(.signOutRequested(global: false)) }
            case 10:
                guard harness.nextID > 0 else { continue }
                harness.send(.waiterCancelled(1 + rng.next() % harness.nextID))
            case 11:
                guard harness.nextID > 0 else { continue }
                harness.send(.deadlinePassed(1 + rng.next() % harness.nextID))
            case 12:
                harness.now = harness.now.addingTimeInterval(Double(rng.next() % 5000))
            case 13:
                if let access = harness.machine.session?.tokens?.accessToken {
                    harness.send(.accessTokenRejected(access))
                }
                if rng.next() % 2 == 0 { harness.send(.forceRefresh) }
            case 14:
                let credentials = AWSCredentials(
                    accessKeyId: "AKIA", secretAccessKey: "secret", sessionToken: "session",
                    expiration: harness.now.addingTimeInterval(3600))
                switch rng.next() % 8 {
                case 0: harness.send(.federatedTokensRejected)
                case 1:
                    harness.send(.credentialsObtained(identityId: "guest-id", credentials: credentials, asGuest: true))
                case 2:
                    harness.send(.credentialsObtained(identityId: "user-id", credentials: credentials, asGuest: false))
                case 3:
                    harness.send(
                        .federatedSignedIn(
                            .init(
                                providerKey: "accounts.google.com", token: "google-token", identityId: "user-id",
                                credentials: credentials)))
                case 4:
                    let keys = [Fixtures.pool.providerKey, "accounts.google.com", FederatedProvider.developer]
                    harness.send(.providerSignedOut(key: keys[Int(rng.next() % 3)]))
                case 5:
                    if let owed = harness.revocations.popLast() { harness.send(.revocationSettled(owed)) }
                case 6: harness.send(.credentialsInvalidated)
                default: harness.send(.reachedBackend)
                }
            default:
                if rng.next() % 4 == 0 {
                    if rng.next() % 3 == 0 {
                        harness.send(.storeChangedExternally(nil))
                    } else if let tokens = harness.freshTokens() {
                        harness.send(.storeChangedExternally(Fixtures.signedInSession(tokens)))
                    }
                }
            }
        }
        // Signing out ends every wait.
        harness.send(.signOutRequested(global: false))
        #expect(harness.machine.waiterCount == 0, "seed \(seed)")
        for id in harness.requested.keys {
            #expect(harness.exits[id] == 1, "waiter \(id) never left (seed \(seed))")
        }
        #expect(harness.requested.count > 100, "seed \(seed)")
    }
}
