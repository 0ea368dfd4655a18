import AuthScreens
import AuthScreensTesting
import CognitoAuth
import TerminalKeys
import Testing

@Suite struct ReloginPromptTests {
    let expired = SessionEvent.stateChanged(.signedOutUserPoolsTokenInvalid, username: "alice", provider: poolProvider)
    let twoWaiting = SessionEvent.pendingCallsChanged([
        WaitingCall(id: 1, label: "GetUser #1", since: t0, reason: .signIn),
        WaitingCall(id: 2, label: "GetUser #2", since: t0, reason: .signIn),
    ])

    /// Signed in, two sample calls started, then the session expires and the calls wait.
    func expiredApp() -> AppState {
        var app = signedInApp()
        #expect(app.reduce(.keyPressed(.character("c"))) == [.dashboard(.sampleCalls(first: 1, count: 1))])
        #expect(app.reduce(.keyPressed(.character("c"))) == [.dashboard(.sampleCalls(first: 2, count: 1))])
        #expect(app.reduce(.sessionEvent(expired)).isEmpty)
        #expect(app.reduce(.sessionEvent(twoWaiting)).isEmpty)
        return app
    }

    @Test func opensOnTokenInvalidWithTheUsernameFilledInAndThePasswordFocused() {
        var store = appStore(signedInApp())
        store.send(.sessionEvent(expired)) {
            $0.dashboard.userState = .signedOutUserPoolsTokenInvalid
            $0.dashboard.append("State: signedOutUserPoolsTokenInvalid (alice)")
            $0.relogin = ReloginPromptState(reason: .signedOutUserPoolsTokenInvalid, username: "alice", waitingCount: 0)
            $0.unaskedOpenings = 1
        }
        let prompt = store.state.relogin
        #expect(prompt?.signIn.username.text == "alice")
        #expect(prompt?.signIn.focus == .password)
        #expect(prompt?.signIn.focusOrder == [.username, .password, .signIn, .forgotPassword, .cancel])
        // No refresh failure was seen, so the prompt does not claim to know why (issue 14, C4).
        #expect(prompt?.message == "Your session ended and cannot be renewed. Sign in again to continue.")
        #expect(store.state.base == .dashboard)
        #expect(store.state.title == "Sign in again")
        store.send(.sessionEvent(twoWaiting)) {
            $0.dashboard.pendingCalls = [
                WaitingCall(id: 1, label: "GetUser #1", since: t0, reason: .signIn),
                WaitingCall(id: 2, label: "GetUser #2", since: t0, reason: .signIn),
            ]
            $0.relogin?.waitingCount = 2
        }
        #expect(store.state.relogin?.waitingText == "2 calls are waiting for you to sign in.")
    }

    @Test func federatedTwinOpensItToo() {
        var app = signedInApp()
        _ = app.reduce(.sessionEvent(.stateChanged(.signedOutFederatedTokensInvalid, username: "alice", provider: nil)))
        #expect(app.relogin?.reason == .signedOutFederatedTokensInvalid)
        #expect(app.relogin?.message == "Your sign-in with the identity provider expired. Sign in again to continue.")
    }

    @Test func escReleasesTheWaitAndTheCancelledCallsAreLogged() {
        var store = appStore(expiredApp())
        store.press(.escape, [.session(.releaseSignInWait)]) {
            $0.relogin = nil
            $0.statusMessage = "Sign-in cancelled. Press s to sign in again."
        }
        #expect(store.state.statusLine == "Sign-in cancelled. Press s to sign in again.")
        store.send(.sessionEvent(.pendingCallsChanged([]))) { $0.dashboard.pendingCalls = [] }
        store.send(.sessionEvent(.signInWaitReleased(count: 2))) {
            $0.dashboard.append("Sign-in cancelled: 2 waiting calls released")
        }
        store.send(.dashboard(.sampleCallFinished(number: 1, result: .failure(.signInWaitCancelled)))) {
            $0.dashboard.runningSampleCalls = running([2])
            $0.dashboard.append("GetUser #1 cancelled (sign-in was cancelled)")
        }
        store.send(.dashboard(.sampleCallFinished(number: 2, result: .failure(.signInWaitCancelled)))) {
            $0.dashboard.runningSampleCalls = []
            $0.dashboard.append("GetUser #2 cancelled (sign-in was cancelled)")
        }
        #expect(store.state.dashboard.log.texts.filter { $0.contains("cancelled") }.count == 3)
        // `s` opens the prompt again.
        store.press(.character("s")) {
            $0.relogin = ReloginPromptState(reason: .signedOutUserPoolsTokenInvalid, username: "alice", waitingCount: 0)
            $0.statusMessage = nil
        }
    }

    @Test func aNewWaitingCallReopensTheClosedPrompt() {
        var app = expiredApp()
        _ = app.reduce(.keyPressed(.escape))
        _ = app.reduce(.sessionEvent(twoWaiting))  // a stale list from before the release: no reopening
        #expect(app.relogin == nil)
        _ = app.reduce(.sessionEvent(.pendingCallsChanged([])))
        #expect(app.reduce(.keyPressed(.character("c"))) == [.dashboard(.sampleCalls(first: 3, count: 1))])
        _ = app.reduce(
            .sessionEvent(.pendingCallsChanged([WaitingCall(id: 3, label: "GetUser #3", since: t0, reason: .signIn)])))
        #expect(app.relogin?.waitingCount == 1)
        #expect(app.relogin?.waitingText == "1 call is waiting for you to sign in.")
    }

    @Test func signingInClosesThePromptAndTheResumedCallsAreLogged() {
        var store = appStore(expiredApp())
        store.type("Secret1!")
        #expect(!dumped(store.state).contains("Secret1!"))
        #expect(!String(describing: store.state).contains("Secret1!"))
        store.press(.enter, [.relogin(.signIn(.signIn(username: "alice", password: "Secret1!")))]) {
            $0.relogin?.signIn.password.clear()
            $0.relogin?.signIn.request = .signIn
        }
        #expect(store.state.statusLine == "Signing in…")
        #expect(!dumped(store.state).contains("Secret1!"))
        store.send(.relogin(.signIn(.signInFinished(.success(.done)))), [.session(.loadSession)]) {
            $0.relogin = nil
            $0.dashboard.append("Signed in again as alice")
        }
        store.send(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: poolProvider))) {
            $0.dashboard.userState = .signedIn
            $0.dashboard.append("State: signedIn (alice)")
        }
        store.send(.sessionEvent(.pendingCallsChanged([]))) { $0.dashboard.pendingCalls = [] }
        store.send(.dashboard(.sampleCallFinished(number: 1, result: .success(())))) {
            $0.dashboard.runningSampleCalls = running([2])
            $0.dashboard.append("GetUser #1 ok")
        }
        store.send(.dashboard(.sampleCallFinished(number: 2, result: .success(())))) {
            $0.dashboard.runningSampleCalls = []
            $0.dashboard.append("GetUser #2 ok")
        }
    }

    @Test func failedSignInInThePromptKeepsItOpenWithTheBanner() {
        var app = expiredApp()
        _ = app.reduce(.keyPressed(.paste("wrong")))
        #expect(app.reduce(.keyPressed(.enter)) == [.relogin(.signIn(.signIn(username: "alice", password: "wrong")))])
        _ = app.reduce(.relogin(.signIn(.signInFinished(.failure(.notAuthorized("Incorrect username or password."))))))
        #expect(
            app.relogin?.signIn.banner
                == "The username or password is incorrect. Try again, or choose Forgot password below.")
        #expect(app.relogin?.signIn.focus == .password)
        #expect(app.relogin?.signIn.username.text == "alice")
        #expect(app.relogin?.waitingCount == 2)
    }

    @Test func anotherUserInThePromptIsRefusedWithBothNamesAndTheWaitingCallsStay() {
        var app = expiredApp()
        _ = app.reduce(.keyPressed(.paste("Secret1!")))
        #expect(
            app.reduce(.keyPressed(.enter)) == [.relogin(.signIn(.signIn(username: "alice", password: "Secret1!")))])
        // The core refuses when the tokens name another user (the username typed may be an alias).
        _ = app.reduce(
            .relogin(.signIn(.signInFinished(.failure(.anotherUserSignedIn(signedIn: "alice", attempted: "bob"))))))
        #expect(
            app.relogin?.signIn.banner
                == "This is alice's session, so bob cannot sign in over it (alice's waiting calls would fail). "
                + "Sign in as alice, or press Esc and sign out (o) first.")
        #expect(app.relogin?.waitingCount == 2)
    }

    @Test func aChallengeIsAnsweredInsideThePrompt() {
        var app = expiredApp()
        _ = app.reduce(.keyPressed(.paste("Secret1!")))
        _ = app.reduce(.keyPressed(.enter))
        #expect(app.reduce(.relogin(.signIn(.signInFinished(.success(.softwareTokenMFA))))).isEmpty)
        #expect(app.relogin?.challenge == .code(CodeChallengeState(username: "alice", kind: .totp)))
        #expect(app.title == "Sign in again")
        for key in "123456".keys { _ = app.reduce(.keyPressed(key)) }
        #expect(
            app.reduce(.keyPressed(.enter)) == [.relogin(.challenge(.confirmSignIn(answer: "123456", attributes: [:])))]
        )
        #expect(app.statusLine == "Verifying…")
        #expect(app.reduce(.relogin(.challenge(.confirmSignInFinished(.success(.done))))) == [.session(.loadSession)])
        #expect(app.relogin == nil)
        #expect(app.dashboard.log.texts.last == "Signed in again as alice")
    }

    @Test("the prompt's answers come home to it, and another view's answers never reach it")
    func answersComeHomeToThePrompt() {
        var app = expiredApp()
        _ = app.reduce(.keyPressed(.paste("Secret1!")))
        #expect(
            app.reduce(.keyPressed(.enter)) == [.relogin(.signIn(.signIn(username: "alice", password: "Secret1!")))])
        // An answer for the Sign in screen (a stale request of another view) is not the prompt's.
        _ = app.reduce(.signIn(.signInFinished(.failure(.notAuthorized("Incorrect username or password.")))))
        #expect(app.relogin?.signIn.banner == nil)
        #expect(app.relogin?.isInFlight == true)
        _ = app.reduce(.challenge(.confirmSignInFinished(.success(.done))))
        #expect(app.relogin != nil, "a challenge screen's answer closed the prompt")
        // Its own answer does.
        _ = app.reduce(.relogin(.signIn(.signInFinished(.success(.done)))))
        #expect(app.relogin == nil)
    }

    @Test func ctrlCQuitsFromThePrompt() {
        var app = expiredApp()
        #expect(app.reduce(.keyPressed(.ctrl("c"))) == [.quit])
        #expect(app.reduce(.keyPressed(.character("q"))).isEmpty)
        #expect(app.relogin?.signIn.password.text == "q")
    }
}
