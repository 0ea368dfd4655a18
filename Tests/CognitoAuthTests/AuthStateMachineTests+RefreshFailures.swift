import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// Refresh failures: offline periods, backoff, throttling, client errors, stale answers.
extension AuthStateMachineTests {
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
}
