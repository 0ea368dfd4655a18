import AuthScreens
import CognitoAuth
import Foundation
import Testing

@Suite struct FormViewModelTests {
    /// Fields as "Label: text", buttons as "[Label]", the focused item starred: what a renderer would draw.
    func outline<Form: FormViewModel>(_ form: Form) -> [String] {
        form.focusOrder.map { item in
            let text = form.field(for: item).map { "\(form.label(for: item)): \($0.displayText)" }
            return (item == form.focus ? "*" : "") + (text ?? "[\(form.label(for: item))]")
        }
    }

    @Test func formsDescribeTheirItemsForTheRenderer() {
        var signIn = SignInState(username: "alice", canCancel: true)
        _ = signIn.reduce(.passwordChanged("pw"))
        #expect(
            outline(signIn) == [
                "Username: alice", "*Password: ••", "[Sign in]", "[Create account]", "[Forgot password]", "[Cancel]",
            ])
        #expect(
            outline(SignUpState(attributes: [.email, .phoneNumber])) == [
                "*Username: ", "Password: ", "Confirm password: ", "Email: ", "Phone number: ", "[Create account]",
                "[Back to sign in]",
            ])
        #expect(
            outline(ConfirmSignUpState(username: "bob")) == [
                "*Code: ", "[Confirm]", "[Resend code]", "[Back to sign in]",
            ])
        #expect(outline(ForgotPasswordState(username: "bob")) == ["*Username: bob", "[Send code]", "[Back]"])
        #expect(
            outline(NewPasswordState(username: "bob", requiredAttributes: ["family_name"])) == [
                "*New password: ", "Confirm password: ", "Family name: ", "[Set password]", "[Cancel]",
            ])
        #expect(outline(CodeChallengeState(username: "bob", kind: .totp)) == ["*Code: ", "[Verify]", "[Cancel]"])
        #expect(
            outline(SelectMFATypeState(username: "bob", choices: [.sms, .totp])) == [
                "*[Text message (SMS)]", "[Authenticator app]", "[Cancel]",
            ])
    }

    @Test func focusCannotMoveToAHiddenItem() {
        var signIn = SignInState()
        _ = signIn.reduce(.focusChanged(.cancel))
        #expect(signIn.focus == .username)
    }
}
