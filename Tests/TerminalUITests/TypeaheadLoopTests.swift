import AuthScreens
import AuthScreensTesting
import CognitoAuth
import Foundation
import TerminalKeys
import Testing

@testable import TerminalKit
@testable import TerminalUI

/// Issue 35 item 7 in the app's loop: a key read after the re-login prompt opened, but before it was
/// drawn, is typeahead; the input held is discarded once the prompt shows.
@MainActor
@Suite("Typeahead before an unasked prompt")
struct TypeaheadLoopTests {
    @Test func aKeyReadBeforeThePromptWasDrawnDoesNotReachItsPassword() async throws {
        let support = AuthTerminalAppTests()
        let service = AuthTerminalAppTests.service()
        let keys: [Key] = "alice".map { .character($0) } + [.tab] + "Secret#123".map { .character($0) } + [.enter]
        let recorder = FrameRecorder(keys: keys)
        let app = support.makeApp(recorder, service: service)
        let observed = try #require(app.surface as? ObservedSurface)
        let run = Task { await app.run() }
        await support.waitUntil(app, "the dashboard") {
            recorder.lastFrame?.joined().contains("State: signedIn (alice)") == true
        }
        let discardsBefore = recorder.discardCount
        // The session ends while `c` (the dashboard's call) is on its way: the prompt opens before the key arrives.
        observed.beforeNextKey = {
            app.runtime.send(
                .sessionEvent(.stateChanged(.signedOutUserPoolsTokenInvalid, username: "alice", provider: nil)))
            return .character("c")
        }
        await support.waitUntil(app, "the prompt drawn") {
            observed.beforeNextKey == nil && recorder.lastFrame?.joined().contains("Sign in again") == true
        }
        #expect(app.runtime.state.relogin?.signIn.password.text == "")
        #expect(recorder.discardCount == discardsBefore + 1, "the input held was not discarded when the prompt showed")
        // A key typed once the prompt shows is the password's.
        recorder.enqueue(.character("p"))
        await support.waitUntil(app, "the key typed into the prompt") {
            app.runtime.state.relogin?.signIn.password.text == "p"
        }
        recorder.enqueue(.ctrl("c"))
        #expect(await run.value == .quit)
    }
}
