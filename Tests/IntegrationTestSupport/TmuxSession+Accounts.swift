import Foundation

extension TmuxSession {
    /// Signs `username` in through the Accounts chooser's "Sign in as someone else", from the dashboard of `current`
    /// (the only account signed in, so the chooser starts on that entry), with the tests' password.
    package func signInAsSomeoneElse(_ username: String, from current: String) async throws {
        press("a")
        try await waitFor("▸ Sign in as someone else", "\(current) (this account)")
        press("Enter")
        try await waitFor("Back to \(current)", "Password")
        type(username)
        press("Tab")
        type(Integration.password)
        press("Enter")
        try await waitFor("Signed in · \(username) (+1 account)")
    }
}
