import AuthScreens
import CognitoAuth
import Foundation
import Testing

/// Server strings shown by the auth screens carry no control characters, and every duration
/// formats without trapping (findings F8 and F14 of the reliability report).
@Suite struct SanitisingTests {
    static let hostile = "\u{1B}[2J\u{1B}[31mPWNED\u{1B}]0;title\u{07}\r\nfake line\u{9B}"

    static func hasControls(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }
    }

    @Test("Banners, short errors and log lines built from server messages hold no control characters")
    func serverMessages() {
        let errors: [AuthError] = [
            .notAuthorized(Self.hostile), .userNotFound(Self.hostile), .passwordResetRequired(Self.hostile),
            .usernameExists(Self.hostile), .invalidPassword(Self.hostile), .codeMismatch(Self.hostile),
            .expiredCode(Self.hostile), .enableSoftwareTokenMFA(Self.hostile), .internalError(Self.hostile),
            .service(type: "X", message: Self.hostile), .lambdaFailure(type: "Y", message: Self.hostile),
        ]
        for error in errors {
            let texts = [
                ScreenText.signInBanner(for: error), ScreenText.signUpBanner(for: error),
                ScreenText.codeBanner(for: error), ScreenText.forgotPasswordBanner(for: error),
                ScreenText.challengeBanner(for: error), ScreenText.shortError(error),
            ]
            for text in texts { #expect(!Self.hasControls(text), "\(error): \(text.debugDescription)") }
        }
        let lines = [
            ScreenText.refreshFailed(Self.hostile), ScreenText.wentOffline(Self.hostile),
            ScreenText.storeWarning(Self.hostile), ScreenText.signedInAgain(Self.hostile),
            ScreenText.stateChanged(.signedIn, username: Self.hostile),
            ScreenText.signOutFailed(global: true, Self.hostile), ScreenText.sampleCallFailed(1, Self.hostile),
            ScreenText.attributeLabel(named: Self.hostile),
            ScreenText.identityChanged(old: Self.hostile, new: Self.hostile),
        ]
        for line in lines { #expect(!Self.hasControls(line), "\(line.debugDescription)") }
        #expect(ScreenText.signInBanner(for: .notAuthorized(Self.hostile)).contains("PWNED"))
    }

    @Test("The username claim and the TOTP secret are shown without control characters")
    func usernameAndSecret() {
        var dashboard = DashboardState(now: t0, timeZone: utc)
        _ = dashboard.reduce(.sessionEvent(.stateChanged(.signedIn, username: Self.hostile, provider: poolProvider)))
        #expect(!Self.hasControls(dashboard.username ?? ""))
        for row in dashboard.rows { #expect(!Self.hasControls(row.value), "\(row.label)") }
        for text in dashboard.log.texts { #expect(!Self.hasControls(text)) }

        let summary = SessionSummary(
            PersistedSession(state: .signedIn, username: Self.hostile, identityId: Self.hostile, updatedAt: t0))
        #expect(!Self.hasControls(summary.username ?? ""))
        #expect(!Self.hasControls(summary.identityId ?? ""))

        let setup = TOTPSetupState(
            username: "alice", details: TOTPSetupDetails(secret: "JBSW\u{1B}[2JY3DP", accountName: "alice"))
        #expect(setup.secret == "JBSW[2JY3DP")
        #expect(!Self.hasControls(setup.groupedSecret))
    }

    @Test("Durations format for every Double: infinities, NaN, 1e300, negatives")
    func totalDurations() {
        for value in [
            Double.infinity, -.infinity, .nan, 1e300, -1e300, 1e20, 9.3e18, -9.3e18, .greatestFiniteMagnitude,
        ] {
            let text = TimeFormatting.duration(value)
            #expect(!text.isEmpty)
            _ = TimeFormatting.relative(Date(timeIntervalSince1970: value), now: t0)
            _ = ScreenText.expiry("00:00:00", remaining: value)
        }
        #expect(TimeFormatting.duration(.nan) == "0 s")
        #expect(TimeFormatting.duration(-5) == "0 s")
        #expect(TimeFormatting.duration(.infinity) == "36600 d 0 h")
        #expect(TimeFormatting.duration(3700) == "1 h 1 min")
    }
}
