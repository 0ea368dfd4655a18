import AuthScreens
import AuthScreensTesting
import CognitoAuth
import Foundation
import TerminalKeys
import Testing

@Suite struct DashboardTests {
    func dashboard() -> DashboardState {
        var state = DashboardState(now: t0, timeZone: utc)
        _ = state.reduce(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: poolProvider)))
        return state
    }

    @Test func keysProduceTheirEffectsAndLogEntries() {
        var store = dashboardStore(dashboard())
        store.press(.character("c"), [.run(.dashboard(.sampleCalls(first: 1, count: 1)))]) {
            $0.nextSampleCall = 2
            $0.runningSampleCalls = running([1])
            $0.append("GetUser #1 started")
        }
        store.press(.character("C"), [.run(.dashboard(.sampleCalls(first: 2, count: 5)))]) {
            $0.nextSampleCall = 7
            $0.runningSampleCalls = running([1, 2, 3, 4, 5, 6])
            for number in 2...6 { $0.append("GetUser #\(number) started") }
        }
        store.press(.character("r"), [.run(.dashboard(.forceRefresh))]) {
            $0.refresh = .requested(at: t0)
            $0.append("Refresh requested")
        }
        store.press(.character("o"), [.run(.dashboard(.signOut(.local)))]) {
            $0.signOutRequest = .local
            $0.awaitsOwnSignOut = true
            $0.append("Signing out…")
        }
        store.press(.character("O"))  // a sign-out is already running
        store.send(.signOutFinished(global: false, result: .success(SignOutResult(scope: .local)))) {
            $0.signOutRequest = nil
            $0.append("Signed out")
        }
        store.press(.character("O"), [.route(.present(.question(.signOutEverywhere)))])
        store.send(.questionAnswered(.signOutEverywhere, confirmed: true), [.run(.dashboard(.signOut(.global)))]) {
            $0.signOutRequest = .global
            $0.append("Signing out everywhere…")
        }
        store.press(.character("s"))  // only when the session expired
        store.press(.character("z"))  // not a key here
    }

    @Test func sampleCallResultsAreLogged() {
        var store = dashboardStore(dashboard())
        store.press(.character("C"), [.run(.dashboard(.sampleCalls(first: 1, count: 5)))]) {
            $0.nextSampleCall = 6
            $0.runningSampleCalls = running([1, 2, 3, 4, 5])
            for number in 1...5 { $0.append("GetUser #\(number) started") }
        }
        store.send(.sampleCallFinished(number: 2, result: .success(()))) {
            $0.runningSampleCalls = running([1, 3, 4, 5])
            $0.log.append("GetUser #2 ok", at: $0.now, orderKey: 2)
        }
        store.send(.sampleCallFinished(number: 1, result: .failure(.signInWaitCancelled))) {
            $0.runningSampleCalls = running([3, 4, 5])
            $0.log.append("GetUser #1 cancelled (sign-in was cancelled)", at: $0.now, orderKey: 1)
        }
        // Ended in the same second as #2, so listed in call order, before it.
        #expect(
            Array(store.state.log.texts.suffix(2)) == ["GetUser #1 cancelled (sign-in was cancelled)", "GetUser #2 ok"])
        store.send(.sampleCallFinished(number: 3, result: .failure(.notAuthorized("Access Token has been revoked")))) {
            $0.runningSampleCalls = running([4, 5])
            $0.log.append("GetUser #3 failed: The session was revoked", at: $0.now, orderKey: 3)
        }
        store.send(.sampleCallFinished(number: 4, result: .failure(.network(kind: .timedOut, message: "15 s")))) {
            $0.runningSampleCalls = running([5])
            $0.log.append("GetUser #4 failed: The request timed out (15 s)", at: $0.now, orderKey: 4)
        }
    }

    @Test func rowsShowExpiryAbsoluteRelativeAndTheRemainingFraction() {
        var state = dashboard()
        _ = state.reduce(
            .sessionLoaded(
                SessionSummary(
                    username: "alice", provider: poolProvider, activeProviders: [poolProvider, "accounts.google.com"],
                    identityId: "us-east-1:1234", idTokenExpiration: t0 + 3600, accessTokenExpiration: t0 + 3600,
                    tokensIssuedAt: t0, hasRefreshToken: true, awsCredentialsExpiration: t0 + 900)))
        _ = state.reduce(.tick(now: t0 + 1800))
        #expect(state.accessToken?.remainingFraction == 0.5)
        #expect(state.idToken?.text == "23:13:20 (in 30 min)")
        #expect(
            state.rows.map { "\($0.label): \($0.value)" } == [
                "User state: Signed in (signedIn)",
                "Username: alice",
                "Provider: \(poolProvider)",
                "Authenticated by: Cognito user pool",
                "Active providers: Cognito user pool, Google",
                "Identity id: us-east-1:1234",
                "ID token: 23:13:20 (in 30 min), refreshes 23:11",
                "Access token: 23:13:20 (in 30 min), refreshes 23:11",
                "Refresh token: stored; Cognito sends no expiry",
                "AWS credentials: 22:28:20 (expired 15 min ago)",
                "Connectivity: online",
                "Pending calls: none",
            ])
        _ = state.reduce(.tick(now: t0 + 4000))
        #expect(state.accessToken?.remainingFraction == 0)
        #expect(state.accessToken?.text == "23:13:20 (expired 6 min ago)")
    }

    @Test func eventsUpdateTheStateAndTheLog() {
        var state = dashboard()
        let offline = Connectivity.offline(
            since: t0, lastError: .network(kind: .connectionRefused, message: "connect failed"))
        _ = state.reduce(.tick(now: t0 + 5))
        _ = state.reduce(.sessionEvent(.connectivityChanged(offline)))
        _ = state.reduce(.sessionEvent(.connectivityChanged(offline)))
        _ = state.reduce(.tick(now: t0 + 65))
        #expect(
            state.connectivityText == "offline since 22:13:20 (65 s ago): The connection was refused (connect failed)")
        _ = state.reduce(.sessionEvent(.connectivityChanged(.online)))
        _ = state.reduce(.sessionEvent(.refreshFailed(.internalError("boom"))))
        _ = state.reduce(.sessionEvent(.tokensRefreshed(expiration: t0 + 3665)))
        _ = state.reduce(.sessionEvent(.signInWaitReleased(count: 1)))
        _ = state.reduce(.sessionEvent(.identityIdChanged(old: nil, new: "us-east-1:abc")))
        _ = state.reduce(.sessionEvent(.credentialsRefreshed(expiration: t0 + 3665)))
        _ = state.reduce(.sessionEvent(.storeWarning("disk full")))
        #expect(
            state.log.texts == [
                "State: signedIn (alice)",
                "Offline: The connection was refused (connect failed)",
                "Back online",
                "Refresh failed: internal error: boom",
                "Tokens refreshed; they expire at 23:14:25",
                "Sign-in cancelled: 1 waiting call released",
                "Identity id changed: none → us-east-1:abc",
                "AWS credentials refreshed; they expire at 23:14:25",
                "Session store: disk full",
            ])
        #expect(state.log.entries[1].time == t0 + 5)
        #expect(state.logLine(state.log.entries[1]) == "22:13:25  Offline: The connection was refused (connect failed)")
        #expect(state.refresh == .refreshed(at: t0 + 65))
        #expect(state.session == nil)
    }

    @Test func pendingCallsShowHowLongEachWaited() {
        var state = dashboard()
        _ = state.reduce(
            .sessionEvent(
                .pendingCallsChanged([
                    WaitingCall(id: 1, label: "GetUser #1", since: t0, reason: .signIn),
                    WaitingCall(id: 2, label: "GetUser #2", since: t0 + 10, reason: .refresh),
                ])))
        _ = state.reduce(.tick(now: t0 + 75))
        #expect(
            state.pendingCallLines == [
                "GetUser #1 — waiting for sign-in, 75 s", "GetUser #2 — waiting for a refresh, 65 s",
            ])
        _ = state.reduce(.tick(now: t0 + 12))
        #expect(state.pendingCallLines.first == "GetUser #1 — waiting for sign-in, 12 s")
        #expect(state.callsWaitingForSignIn == 1)
        #expect(state.rows.last?.value == "2 waiting")
    }

    @Test func expiredSessionShowsTheRefreshTokenRejectedAndSOpensThePrompt() {
        var store = dashboardStore(dashboard())
        store.send(.sessionEvent(.stateChanged(.signedOutUserPoolsTokenInvalid, username: "alice", provider: nil))) {
            $0.userState = .signedOutUserPoolsTokenInvalid
            $0.append("State: signedOutUserPoolsTokenInvalid (alice)")
        }
        #expect(store.state.refreshTokenText == "rejected; sign in again")
        store.press(.character("s"), [.route(.present(.relogin))])
    }

    @Test func logIsCappedAndScrolls() {
        var log = EventLog(capacity: 3)
        for number in 1...5 { log.append("entry \(number)", at: t0) }
        #expect(log.texts == ["entry 3", "entry 4", "entry 5"])
        #expect(log.visibleEntries(count: 2).map(\.text) == ["entry 4", "entry 5"])
        log.scrollUp()
        #expect(log.visibleEntries(count: 2).map(\.text) == ["entry 3", "entry 4"])
        log.append("entry 6", at: t0)
        #expect(log.visibleEntries(count: 2).map(\.text) == ["entry 4", "entry 5"])
        log.scrollToBottom()
        #expect(log.visibleEntries(count: 2).map(\.text) == ["entry 5", "entry 6"])
        #expect(DashboardState(logCapacity: 500).log.capacity == 500)
        var state = dashboard()
        for _ in 0..<600 { _ = state.reduce(.keyPressed(.character("c"))) }
        #expect(state.log.entries.count == 500)
        #expect(state.log.texts.last == "GetUser #600 started")
    }

    @Test func timeFormatting() {
        #expect(TimeFormatting.duration(0) == "0 s")
        #expect(TimeFormatting.duration(59.9) == "59 s")
        #expect(TimeFormatting.duration(125) == "2 min")
        #expect(TimeFormatting.duration(3900) == "1 h 5 min")
        #expect(TimeFormatting.duration(97_200) == "1 d 3 h")
        #expect(TimeFormatting.relative(t0 + 120, now: t0) == "in 2 min")
        #expect(TimeFormatting.relative(t0 - 30, now: t0) == "30 s ago")
        #expect(TimeFormatting.relative(t0, now: t0) == "now")
        #expect(TimeFormatting.clockTime(t0, timeZone: utc) == "22:13:20")
    }
}
