import CognitoAuth
import Foundation
import LatchkeyText

/// The Profile view (`p` on the dashboard): attribute rows, forms, statuses and hints.
extension ScreenText {
    /// The Profile view's title.
    public static var profileTitle: String { Localized.text(\.profileTitle) }
    /// The username line's label.
    public static var profileUsername: String { Localized.text(\.profileUsername) }
    /// An attribute row's status when the pool marks it verified: "✔ verified".
    public static var profileVerified: String { Localized.text(\.profileVerified) }
    /// An attribute row's status when the pool marks it unverified: "✖ not verified".
    public static var profileNotVerified: String { Localized.text(\.profileNotVerified) }
    /// An attribute row's value when the attribute is absent: "(not set)".
    public static var profileNotSet: String { Localized.text(\.profileNotSet) }
    /// The status line while `userAttributes()` runs: "Loading the profile…".
    public static var profileLoading: String { Localized.text(\.profileLoading) }
    /// Status while sending a code.
    public static var profileSendingCode: String { Localized.text(\.profileSendingCode) }
    /// Status while changing the password.
    public static var profileChangingPassword: String { Localized.text(\.profileChangingPassword) }
    /// The status line while `deleteUser()` runs: "Deleting the account…".
    public static var profileDeleting: String { Localized.text(\.profileDeleting) }
    /// The password change succeeded.
    public static var profilePasswordChanged: String { Localized.text(\.profilePasswordChanged) }
    /// The error under the code field when Enter is pressed on an empty code.
    public static var profileEnterCode: String { Localized.text(\.profileEnterCode) }
    /// The change-password form sent without the current password.
    public static var profileEnterCurrentPassword: String { Localized.text(\.profileEnterCurrentPassword) }
    /// A password change refused because the current password is wrong: "The current password is wrong.".
    public static var wrongCurrentPassword: String { Localized.text(\.wrongCurrentPassword) }
    /// The typed username does not match.
    public static var profileDeleteMismatch: String { ScreenText.namingKeys(\.profileDeleteMismatch) }
    /// The notice after the delete confirmation was dismissed: "Kept the account.".
    public static var profileDeleteCancelled: String { Localized.text(\.profileDeleteCancelled) }
    /// `v` on a row without a code.
    public static var profileNotVerifiable: String { Localized.text(\.profileNotVerifiable) }
    /// The delete form's warning.
    public static func profileDeleteWarning(_ username: String) -> String {
        Localized.format(\.profileDeleteWarning, ["username": TerminalText.sanitized(username)])
    }
    /// The label of an attribute.
    public static func profileLabel(_ name: String) -> String {
        switch name {
        case "email": return Localized.text(\.attributeEmail)
        case "phone_number": return Localized.text(\.profileLabelPhone)
        case "name": return Localized.text(\.attributeName)
        case "sub": return Localized.text(\.profileLabelSub)
        default: return TerminalText.sanitized(name)
        }
    }
    /// The status line while `updateUserAttributes` saves attribute `name`: "Saving email…".
    public static func profileSaving(_ name: String) -> String {
        Localized.format(\.profileSaving, ["label": lowercasedLabel(profileLabel(name))])
    }
    /// The status line while `verifyUserAttribute` checks attribute `name`: "Verifying email…".
    public static func profileVerifying(_ name: String) -> String {
        Localized.format(\.profileVerifying, ["label": lowercasedLabel(profileLabel(name))])
    }
    /// A save without a code.
    public static func profileSaved(_ name: String) -> String {
        Localized.format(\.profileSaved, ["label": profileLabel(name)])
    }
    /// The notice after attribute `name` was verified: "Email verified.".
    public static func profileVerifiedNotice(_ name: String) -> String {
        Localized.format(\.profileVerifiedNotice, ["label": profileLabel(name)])
    }
    /// A code went out.
    public static func profileCodeSent(_ name: String, _ delivery: CodeDeliveryDetails) -> String {
        Localized.format(
            \.profileCodeSent, ["label": lowercasedLabel(profileLabel(name)), "destination": deliveryPhrase(delivery)])
    }
    /// Esc on the code form.
    public static func profileVerifyLater(_ name: String) -> String {
        ScreenText.namingKeys(\.profileVerifyLater, ["label": profileLabel(name)])
    }
    /// `e` on a read-only row.
    public static func profileNotEditable(_ label: String) -> String {
        Localized.format(\.profileNotEditable, ["label": label])
    }
    /// The edit form's label.
    public static func profileNewValue(_ name: String) -> String {
        Localized.format(\.profileNewValue, ["label": lowercasedLabel(profileLabel(name))])
    }
    /// The code form's label.
    public static var profileCodeLabel: String { Localized.text(\.profileCodeLabel) }
    /// The password form's labels.
    public static var profileCurrentPassword: String { Localized.text(\.profileCurrentPassword) }
    /// The password form's labels.
    public static var profileNewPassword: String { Localized.text(\.profileNewPassword) }
    /// The password form's label for the new password typed again.
    public static var profileRepeatPassword: String { Localized.text(\.profileRepeatPassword) }
    /// The delete form's label.
    public static var profileTypeUsername: String { Localized.text(\.profileTypeUsername) }
    /// The Profile view's key hints while browsing.
    public static var profileHints: [String] {
        ProfileState.keyBindings.hintEntries(order: ProfileState.hintOrder.filter { $0 != .remove }).map(\.text)
    }
    /// The key hints in a Profile form.
    public static var profileFormHints: [String] { ProfileState.formHints(ProfileState.editBindings).map(\.text) }
    /// The key hints on the code form.
    public static var profileCodeHints: [String] { ProfileState.formHints(ProfileState.codeBindings).map(\.text) }
    /// The key hints on the password form.
    public static var profilePasswordHints: [String] {
        ProfileState.formHints(PasswordChangeForm.keyBindings).map(\.text)
    }
    /// The key hints on the delete form.
    public static var profileDeleteHints: [String] {
        ProfileState.formHints(ProfileState.deleteBindings).map(\.text)
    }
    /// The Profile view's help.
    public static var profileHelp: [String] {
        ProfileState.keyBindings.filter { $0.command != .remove }.helpLines()
    }
    /// A failed Profile request in the forms' wording: what went wrong, then the next step in this
    /// view (Ctrl-R for a new code, the checklist for a refused password, the current password typed
    /// again), as full sentences; any other error as the core words it.
    ///
    /// `changingPassword` says the error answers a password change, where Cognito's refusal means the
    /// current password is wrong (``PasswordChangeForm/isWrongCurrentPassword(_:)``).
    public static func profileError(_ error: AuthError, changingPassword: Bool = false) -> String {
        switch error {
        case .codeMismatch: return banner(error, ScreenText.namingKeys(\.profileNextCheckCode))
        case .expiredCode: return banner(error, ScreenText.namingKeys(\.profileNextNewCode))
        case .invalidPassword: return banner(error, Localized.text(\.nextMeetPolicy))
        case _ where changingPassword && PasswordChangeForm.isWrongCurrentPassword(error):
            return wrongCurrentPassword + Localized.text(\.errorSeparator)
                + ScreenText.namingKeys(\.profileNextWrongCurrentPassword)
        default: return fallbackBanner(error)
        }
    }

    /// The dashboard's log line after a deletion.
    public static func accountDeleted(_ username: String) -> String {
        Localized.format(\.accountDeleted, ["username": TerminalText.sanitized(username)])
    }
}
