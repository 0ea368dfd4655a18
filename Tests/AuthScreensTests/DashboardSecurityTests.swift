import AuthScreens
import CognitoAuth
import Foundation
import TerminalKeys
import Testing

@Suite("Dashboard: Security (MFA) rows")
struct DashboardSecurityTests {
    func signedIn() -> DashboardState {
        var state = DashboardState(now: Date(timeIntervalSince1970: 1_700_000_000), timeZone: .gmt)
        state.userState = .signedIn
        return state
    }

    @Test("m reads the settings; the row appears with every factor; e before m asks for m")
    func readFirst() {
        var state = signedIn()
        #expect(state.securityRows.isEmpty)
        #expect(state.reduce(.keyPressed(.character("e"))).isEmpty)
        #expect(state.log.entries.last?.text.contains("press m first") == true)
        #expect(state.reduce(.keyPressed(.character("m"))) == [.run(.dashboard(.mfaSettings))])
        #expect(state.securityRows.first?.value == ScreenText.mfaLoading)
        // A second m while reading does nothing.
        #expect(state.reduce(.keyPressed(.character("m"))).isEmpty)
        _ = state.reduce(.mfaSettingsLoaded(.success(MFASettings(enabled: [.totp], preferred: .totp))))
        #expect(state.securityRows.first?.value.hasPrefix("email off · totp on (preferred) · sms off") == true)
    }

    @Test(
        "e turns email on, or asks before turning it off; E prefers it; T asks; each change reloads; a failure is logged"
    )
    func changes() {
        var state = signedIn()
        _ = state.reduce(.keyPressed(.character("m")))
        _ = state.reduce(.mfaSettingsLoaded(.success(MFASettings(enabled: [], preferred: nil))))
        #expect(state.reduce(.keyPressed(.character("e"))) == [.run(.dashboard(.setMFAPreference([.email: .enabled])))])
        #expect(state.reduce(.mfaPreferenceFinished(.success(()))) == [.run(.dashboard(.mfaSettings))])
        _ = state.reduce(.mfaSettingsLoaded(.success(MFASettings(enabled: [.email], preferred: nil))))
        // N14: turning a factor off asks first; the answer does it.
        #expect(
            state.reduce(.keyPressed(.character("e"))) == [
                .route(.present(.question(.turnFactorOff(.email, isLast: true))))
            ])
        #expect(state.mfaRequest == nil)
        #expect(
            state.reduce(.questionAnswered(.turnFactorOff(.email, isLast: true), confirmed: true)) == [
                .run(.dashboard(.setMFAPreference([.email: .disabled])))
            ])
        _ = state.reduce(.mfaPreferenceFinished(.failure(.invalidParameter("nope"))))
        #expect(state.log.entries.last?.text.contains("MFA: failed") == true)
        #expect(
            state.reduce(.keyPressed(.character("E"))) == [.run(.dashboard(.setMFAPreference([.email: .preferred])))])
        _ = state.reduce(.mfaPreferenceFinished(.success(())))
        _ = state.reduce(.mfaSettingsLoaded(.success(MFASettings(enabled: [.email], preferred: .email))))
        // T with the authenticator app off: nothing to ask, the log says so.
        #expect(state.reduce(.keyPressed(.character("T"))).isEmpty)
        #expect(state.log.entries.last?.text == "MFA: the authenticator app is already off")
        _ = state.reduce(.mfaSettingsLoaded(.success(MFASettings(enabled: [.email, .totp], preferred: .email))))
        // Another factor stays on: the question says so.
        #expect(
            state.reduce(.keyPressed(.character("T"))) == [
                .route(.present(.question(.turnFactorOff(.totp, isLast: false))))
            ])
        #expect(state.reduce(.questionAnswered(.turnFactorOff(.totp, isLast: false), confirmed: false)).isEmpty)
        #expect(state.log.entries.last?.text == "MFA: the authenticator app stays on")
        #expect(state.mfaRequest == nil)
    }

    @Test("Signed out: the keys do nothing")
    func signedOut() {
        var state = DashboardState()
        #expect(state.reduce(.keyPressed(.character("m"))).isEmpty)
    }
}
