import Foundation

/// The signed-in user's MFA: the factors on and preferred, and enrolling an authenticator app.
public protocol MFAService: Sendable {
    /// The user's MFA factors and preference (GetUser).
    func mfaSettings() async throws -> MFASettings
    /// Turns MFA factors on or off and sets the preferred one (SetUserMFAPreference).
    func setMFAPreference(_ changes: [MFAType: MFAPreference]) async throws
    /// Starts enrolling an authenticator app (AssociateSoftwareToken): the secret and `otpauth://` URI.
    func setUpTOTP() async throws -> TOTPSetupDetails
    /// Verifies the authenticator app's first code; TOTP is then on and preferred.
    func verifyTOTPSetup(code: String) async throws
}

extension AuthClient: MFAService {}

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
