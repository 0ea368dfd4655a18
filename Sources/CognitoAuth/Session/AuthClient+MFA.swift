import Foundation

extension AuthClient {
    /// The signed-in user's MFA factors and preference (GetUser's `UserMFASettingList` and `PreferredMfaSetting`).
    public func mfaSettings() async throws -> MFASettings {
        let api = try userPoolAPI()
        return try await withAccessToken(label: "GetUser") { token in
            try await api.mfaSettings(accessToken: token)
        }
    }

    /// Turns MFA factors on or off and sets the preferred one (SetUserMFAPreference).
    ///
    /// TOTP must be enrolled first (``setUpTOTP()`` and ``verifyTOTPSetup(code:)``); email needs the pool's
    /// email MFA and an email address on the account.
    public func setMFAPreference(_ changes: [MFAType: MFAPreference]) async throws {
        guard !changes.isEmpty else { return }
        let api = try userPoolAPI()
        try await withAccessToken(label: "SetUserMFAPreference") { token in
            try await api.setMFAPreference(accessToken: token, changes)
        }
    }
}
