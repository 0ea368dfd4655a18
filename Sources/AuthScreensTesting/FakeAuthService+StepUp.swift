import AuthScreens
import CognitoAuth
import CognitoAuthTesting
import Foundation

/// The fake's step-up: a code by email is the missing factor (any code is accepted by `confirmSignIn`), unless a
/// test scripts another step (a choice with WEB_AUTHN: the passkey, answered by `selectSignInMethod`).
extension FakeAuthService {
    /// Sets the step the step-up answers with (nil: an email code).
    public func script(stepUpStep: SignInStep?) {
        self.stepUpStep = stepUpStep
    }

    /// Records the levels asked for; answers with the scripted step, or says an email code was sent.
    public func stepUp(acr: [String], maxAge: Int?) async throws -> SignInStep {
        stepUpRequests.append(acr)
        changes.notify()
        return stepUpStep ?? .emailOTP(CodeDeliveryDetails(destination: "a***@e***", deliveryMedium: "EMAIL"))
    }

    /// Counts the release; the fake keeps no step-up waiters (tests send the pending-calls events).
    public func releaseStepUpWait() {
        stepUpReleases += 1
        changes.notify()
    }
}
