import CognitoAuth
import Foundation

/// Forgot password from the re-login prompt: the reset takes the screen, and ends where it began.
extension AppState {
    /// Opens the reset form for `username` from the prompt: it knows how many calls wait (they keep
    /// waiting) and comes back to the prompt.
    mutating func openResetFromRelogin(username: String) {
        var reset = ForgotPasswordState(username: username, policy: options.passwordPolicy)
        reset.now = now
        reset.waitingCalls = dashboard.callsWaitingForSignIn
        relogin = nil
        base = .forgotPassword(reset)
    }

    /// The end of a reset started at the prompt (or Back from it): the dashboard again with the prompt
    /// over it, `username` filled in and `notice` ("Password changed. …") on it, so its sign-in resumes
    /// the waiting calls. When the session ended meanwhile, the plain Sign in instead.
    mutating func returnToRelogin(username: String, notice: String?) -> [AuthEffect] {
        guard dashboard.userState.needsRelogin else { return navigate(.signIn(username: username, notice: notice)) }
        base = .dashboard
        _ = openRelogin()
        relogin?.returned(username: username, notice: notice)
        return []
    }
}
