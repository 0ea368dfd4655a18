import AuthScreens
import AuthScreensTesting
import CognitoAuth
import Foundation
import TerminalKeys
import Testing

/// The step-up prompt: it opens when a call waits behind a step-up, asks the pool what is missing,
/// asks only for that factor, and Esc releases the waiting calls.
@Suite struct StepUpPromptTests {
    static let loa2 = "urn:cognito:loa:2"

    static func stepUpCalls(_ count: Int) -> [WaitingCall] {
        (0..<count).map { index in
            var call = WaitingCall(id: UInt64(index + 1), label: "Admin #\(index)", since: t0, reason: .stepUp)
            call.acr = [loa2]
            call.maxAge = .seconds(300)
            return call
        }
    }

    @Test func opensWhenACallWaitsBehindAStepUpAndAsksThePool() {
        var app = signedInApp()
        let effects = app.reduce(.sessionEvent(.pendingCallsChanged(Self.stepUpCalls(2))))
        #expect(effects == [.modal(.stepUp(.start(acr: [Self.loa2], maxAge: 300)))])
        let prompt = app.stepUpPrompt
        #expect(prompt?.waitingCount == 2 && prompt?.isStarting == true && prompt?.acr == [Self.loa2])
        // Typing before the pool answers changes nothing; one more call updates the count.
        _ = app.reduce(.keyPressed(.character("1")))
        _ = app.reduce(.sessionEvent(.pendingCallsChanged(Self.stepUpCalls(3))))
        #expect(app.stepUpPrompt?.waitingCount == 3 && app.stepUpPrompt?.challenge == nil)
    }

    @Test func asksOnlyForTheMissingCodeAndClosesWhenDone() {
        var app = signedInApp()
        _ = app.reduce(.sessionEvent(.pendingCallsChanged(Self.stepUpCalls(1))))
        let step = SignInStep.emailOTP(CodeDeliveryDetails(destination: "a***@e***", deliveryMedium: "EMAIL"))
        _ = app.reduce(.modal(.stepUp(.started(.success(step)))))
        #expect(app.stepUpPrompt?.challenge != nil && app.stepUpPrompt?.hasTextField == true)
        for digit in "123456" { _ = app.reduce(.keyPressed(.character(digit))) }
        let submitted = app.reduce(.keyPressed(.enter))
        #expect(
            submitted == [
                .modal(.stepUp(.challenge(.confirmSignIn(answer: SecretText("123456"), attributes: [:]))))
            ])
        _ = app.reduce(.modal(.stepUp(.challenge(.confirmSignInFinished(.success(.done))))))
        #expect(app.stepUpPrompt == nil && app.modal == nil)
        #expect(app.dashboard.log.entries.last?.text.contains(Self.loa2) == true)
    }

    @Test func escReleasesTheWaitingCallsAndSaysSo() {
        var app = signedInApp()
        _ = app.reduce(.sessionEvent(.pendingCallsChanged(Self.stepUpCalls(1))))
        _ = app.reduce(.modal(.stepUp(.started(.success(.softwareTokenMFA)))))
        let effects = app.reduce(.keyPressed(.escape))
        #expect(effects == [.modal(.stepUp(.release))])
        #expect(app.stepUpPrompt == nil)
        #expect(app.statusMessage == ScreenText.stepUpCancelledStatus)
    }

    @Test func aPasskeyOrMethodChoiceIsExplainedNotAsked() {
        var app = signedInApp()
        _ = app.reduce(.sessionEvent(.pendingCallsChanged(Self.stepUpCalls(1))))
        _ = app.reduce(.modal(.stepUp(.started(.success(.selectChallenge([.webAuthn]))))))
        #expect(app.stepUpPrompt?.problem == ScreenText.stepUpUnsupported)
        #expect(app.stepUpPrompt?.challenge == nil)
        #expect(app.reduce(.keyPressed(.escape)) == [.modal(.stepUp(.release))])
    }

    @Test func closesWhenNoCallWaitsAnyMore() {
        var app = signedInApp()
        _ = app.reduce(.sessionEvent(.pendingCallsChanged(Self.stepUpCalls(1))))
        _ = app.reduce(.modal(.stepUp(.started(.failure(.notAuthorized("too old"))))))
        #expect(app.stepUpPrompt?.problem != nil)
        _ = app.reduce(.sessionEvent(.pendingCallsChanged([])))
        #expect(app.stepUpPrompt == nil)
    }
}
