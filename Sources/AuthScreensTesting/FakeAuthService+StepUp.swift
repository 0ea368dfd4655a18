import AuthScreens
import CognitoAuth
import CognitoAuthTesting
import Foundation

/// The fake's step-up: a code by email is the missing factor (any code is accepted by `confirmSignIn`).
extension FakeAuthService {
    /// Records nothing the tests need beyond the answer: an email code was sent for the step-up.
    public func stepUp(acr: [String], maxAge: Int?) async throws -> SignInStep {
        stepUpRequests.append(acr)
        changes.notify()
        return .emailOTP(CodeDeliveryDetails(destination: "a***@e***", deliveryMedium: "EMAIL"))
    }

    /// Counts the release; the fake keeps no step-up waiters (tests send the pending-calls events).
    public func releaseStepUpWait() {
        stepUpReleases += 1
        changes.notify()
    }
}
