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

    @Test("e toggles email, E prefers it, T turns TOTP off; each change reloads; a failure is logged")
    func changes() {
        var state = signedIn()
        _ = state.reduce(.keyPressed(.character("m")))
        _ = state.reduce(.mfaSettingsLoaded(.success(MFASettings(enabled: [], preferred: nil))))
        #expect(state.reduce(.keyPressed(.character("e"))) == [.run(.dashboard(.setMFAPreference([.email: .enabled])))])
        #expect(state.reduce(.mfaPreferenceFinished(.success(()))) == [.run(.dashboard(.mfaSettings))])
        _ = state.reduce(.mfaSettingsLoaded(.success(MFASettings(enabled: [.email], preferred: nil))))
        #expect(
            state.reduce(.keyPressed(.character("e"))) == [.run(.dashboard(.setMFAPreference([.email: .disabled])))])
        _ = state.reduce(.mfaPreferenceFinished(.failure(.invalidParameter("nope"))))
        #expect(state.log.entries.last?.text.contains("MFA: failed") == true)
        #expect(
            state.reduce(.keyPressed(.character("E"))) == [.run(.dashboard(.setMFAPreference([.email: .preferred])))])
        _ = state.reduce(.mfaPreferenceFinished(.success(())))
        _ = state.reduce(.mfaSettingsLoaded(.success(MFASettings(enabled: [.email], preferred: .email))))
        #expect(state.reduce(.keyPressed(.character("T"))) == [.run(.dashboard(.setMFAPreference([.totp: .disabled])))])
    }

    @Test("Signed out: the keys do nothing")
    func signedOut() {
        var state = DashboardState()
        #expect(state.reduce(.keyPressed(.character("m"))).isEmpty)
    }
}
