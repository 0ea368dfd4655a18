import Foundation

/// The words a settled dashboard draws, in one language, as in the catalogs of
/// `Sources/AuthScreens/Localization` (the integration tests see only what the binary draws).
///
/// Right after a sign-in the dashboard is drawn before the session is read: the header already
/// says "Signed in", but the session rows say "reading the session…" and the rows' hints (such as
/// "r refresh" on the Refresh token row) are missing. A test that reads or clicks the dashboard then
/// races the session read, so every wait for "the dashboard" waits for a settled one instead.
package struct DashboardWords: Sendable {
    /// The header's words before the username ("Signed in" in "✔ Signed in · name").
    package var signedIn: String
    /// The User state row's label.
    package var stateLabel: String
    /// The Connectivity row's label.
    package var connectivityLabel: String
    /// The ID token row's label.
    package var idTokenLabel: String
    /// The Access token row's label.
    package var accessTokenLabel: String
    /// The Refresh token row's label.
    package var refreshTokenLabel: String
    /// What an expiry row says while its token is valid (the start of "expires 14:32, in 59 min").
    package var expires: String
    /// The Refresh token row's value when the token is stored (also in "stored since 22:10:00; …").
    package var refreshTokenStored: String
    /// The Refresh token row's hint (its key).
    package var refreshHint: String
    /// The session rows' placeholder between a sign-in and the session being read.
    package var sessionLoading: String
    /// The Security row's placeholder while the MFA settings are read.
    package var mfaLoading: String
    /// The dashboard footer's first hint (the footer is the last line drawn).
    package var callHint: String
    /// The dashboard footer's quit hint.
    package var quitHint: String

    /// English, the default.
    package static let english = DashboardWords(
        signedIn: "Signed in", stateLabel: "User state", connectivityLabel: "Connectivity", idTokenLabel: "ID token",
        accessTokenLabel: "Access token", refreshTokenLabel: "Refresh token", expires: "expires ",
        refreshTokenStored: "stored", refreshHint: "r refresh", sessionLoading: "reading the session…",
        mfaLoading: "reading…", callHint: "c call", quitHint: "q quit")

    /// Japanese (`--lang ja`).
    package static let japanese = DashboardWords(
        signedIn: "サインイン済み", stateLabel: "ユーザー状態", connectivityLabel: "接続", idTokenLabel: "ID トークン",
        accessTokenLabel: "アクセストークン", refreshTokenLabel: "更新トークン", expires: "期限 ", refreshTokenStored: "保存済み",
        refreshHint: "r 更新", sessionLoading: "セッションを読み込んでいます…", mfaLoading: "読み込み中…", callHint: "c 呼び出し",
        quitHint: "q 終了")
}

extension TmuxSession {
    /// Whether `screen` is the dashboard of `username`, settled: what a person sees once the session
    /// is read, top to bottom. The header says signed in as `username`; the User state row says
    /// `signedIn`; no row still says "reading the session…" (or, for the Security row, "reading…");
    /// the ID and access tokens show their expiry; the Refresh token row says the token is stored and
    /// shows its hint; the Connectivity row and the dashboard's footer ("c call … q quit") are drawn.
    ///
    /// The footer matters as much as the rows: a full frame (the first dashboard after the sign-in
    /// screen) reaches the pane in several writes, top to bottom, and a capture between two of them
    /// shows the new header above the old screen's lower half. The last line being the dashboard's
    /// footer says the frame was written to its end.
    package static func isSettledDashboard(_ screen: String, username: String, words: DashboardWords = .english) -> Bool
    {
        let lines = screen.split(separator: "\n").map(String.init)
        func row(_ label: String) -> String? { lines.first { $0.contains(label) } }
        let footer = lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty } ?? ""
        return screen.contains("\(words.signedIn) · \(username)")
            && row(words.stateLabel)?.contains("signedIn") == true
            && !screen.contains(words.sessionLoading)
            && !screen.contains(words.mfaLoading)
            && row(words.idTokenLabel)?.contains(words.expires) == true
            && row(words.accessTokenLabel)?.contains(words.expires) == true
            && row(words.refreshTokenLabel).map {
                $0.contains(words.refreshTokenStored) && $0.contains(words.refreshHint)
            } == true
            && row(words.connectivityLabel) != nil
            && footer.contains(words.callHint) && footer.contains(words.quitHint)
    }

    /// Waits for the settled dashboard of `username` (see ``isSettledDashboard(_:username:words:)``)
    /// and returns it.
    @discardableResult
    package func waitForSettledDashboard(
        of username: String, words: DashboardWords = .english, timeout: TimeInterval = TmuxSession.defaultTimeout
    ) async throws -> String {
        try await waitUntil("the settled dashboard of \(username) (the session read, no row loading)", timeout: timeout)
        {
            Self.isSettledDashboard($0, username: username, words: words)
        }
    }
}
