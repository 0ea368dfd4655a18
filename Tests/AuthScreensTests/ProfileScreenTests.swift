import AuthScreens
import AuthScreensTesting
import CognitoAuth
import CognitoAuthTesting
import Foundation
import TerminalKeys
import Testing

/// alice: an unverified email, a verified phone, a name, a custom attribute, and hostile text.
let aliceProfile = UserAttributes(
    username: "alice",
    all: [
        "sub": "0f0e-sub", "email": "alice@example.com", "email_verified": "false", "phone_number": "+15555550123",
        "phone_number_verified": "true", "name": "Alice\u{1B}[31m Smith", "custom:team": "blue",
    ])

@Suite("Profile view: attributes, edit and verify, password, delete")
struct ProfileScreenTests {
    func opened(_ profile: UserAttributes = aliceProfile) -> AppState {
        var app = signedInApp()
        #expect(app.reduce(.keyPressed(.character("p"))) == [.profile(.load)])
        #expect(app.activity == ScreenText.profileLoading)
        _ = app.reduce(.profile(.loaded(.success(profile))))
        return app
    }

    func type(_ text: String, into app: inout AppState) {
        _ = app.reduce(.keyPressed(.paste(text)))
    }

    @Test("p opens the view only when signed in; hints and help name it")
    func opening() {
        #expect(ScreenText.dashboardHints.contains("p profile"))
        #expect(ScreenText.dashboardHelp.contains { $0.hasPrefix("p ") })
        var signedOut = AppState(now: t0, timeZone: utc)
        signedOut.base = .dashboard
        #expect(signedOut.reduce(.keyPressed(.character("p"))).isEmpty)
        #expect(signedOut.profile == nil)
        var app = opened()
        #expect(app.title == ScreenText.profileTitle)
        #expect(app.keyHints == ScreenText.profileHints)
        var help = ScreenText.profileHelp
        help.insert("x   remove the attribute (not one the account must keep)", at: 3)
        #expect(app.helpLines == help)
        #expect(app.activity == nil)
        #expect(app.reduce(.keyPressed(.escape)).isEmpty)
        #expect(app.profile == nil && app.isOnDashboard)
    }

    @Test("rows: username, email (not verified), phone (verified), name sanitised, then custom and sub")
    func rows() throws {
        let rows = try #require(opened().profile?.rows)
        #expect(rows.map(\.label) == ["Username", "Email", "Phone", "Name", "custom:team", "User id (sub)"])
        #expect(rows[1].value == "alice@example.com" && rows[1].status == ScreenText.profileNotVerified)
        #expect(rows[1].needsVerification)
        #expect(rows[2].status == ScreenText.profileVerified && !rows[2].needsVerification)
        #expect(!rows[3].value.contains("\u{1B}"))
        #expect(rows[0].isEditable == false && rows[5].isEditable == false && rows[4].isEditable)
    }

    @Test("a missing phone shows as not set, with no verification status")
    func missingPhone() throws {
        let rows = try #require(opened(UserAttributes(username: "bob", all: ["email": "b@example.com"])).profile?.rows)
        #expect(rows[2].label == "Phone" && rows[2].value == ScreenText.profileNotSet && rows[2].status.isEmpty)
    }

    @Test("edit the email: the update asks for the code, a wrong code is cleared, the right one verifies")
    func editAndVerify() {
        var app = opened()
        _ = app.reduce(.keyPressed(.down))
        _ = app.reduce(.keyPressed(.character("e")))
        guard case .editing("email", let field)? = app.profile?.mode else {
            Issue.record("expected the edit form, got \(String(describing: app.profile?.mode))")
            return
        }
        #expect(field.text == "alice@example.com")
        #expect(app.hasTextField && app.keyHints == ScreenText.profileFormHints)
        _ = app.reduce(.keyPressed(.ctrl("u")))
        type("new@example.com", into: &app)
        // q is typed into the form, not a quit.
        #expect(app.reduce(.keyPressed(.character("q"))).isEmpty)
        _ = app.reduce(.keyPressed(.backspace))
        #expect(app.reduce(.keyPressed(.enter)) == [.profile(.update(name: "email", value: "new@example.com"))])
        #expect(app.activity == "Saving email…")
        let delivery = CodeDeliveryDetails(destination: "n***@e***", deliveryMedium: "EMAIL", attributeName: "email")
        #expect(app.reduce(.profile(.updated(name: "email", .success([delivery])))) == [.profile(.load)])
        #expect(app.profile?.notice == "A code for email was sent in an email to n***@e***.")
        #expect(app.keyHints == ScreenText.profileCodeHints)
        #expect(app.reduce(.keyPressed(.enter)).isEmpty)
        #expect(app.profile?.error == ScreenText.profileEnterCode)
        type("000000", into: &app)
        #expect(app.reduce(.keyPressed(.enter)) == [.profile(.verify(name: "email", code: "000000"))])
        _ = app.reduce(
            .profile(.verified(name: "email", .failure(.codeMismatch("Invalid verification code provided")))))
        guard case .verifying("email", let code, _)? = app.profile?.mode else {
            Issue.record("expected the code form")
            return
        }
        #expect(code.text.isEmpty && app.profile?.error != nil)
        #expect(app.reduce(.keyPressed(.ctrl("r"))) == [.profile(.sendCode(name: "email"))])
        _ = app.reduce(.profile(.codeSent(name: "email", .success(delivery))))
        type("123456", into: &app)
        #expect(app.reduce(.keyPressed(.enter)) == [.profile(.verify(name: "email", code: "123456"))])
        #expect(app.reduce(.profile(.verified(name: "email", .success(())))) == [.profile(.load)])
        #expect(app.profile?.mode == .browsing && app.profile?.notice == "Email verified.")
    }

    @Test("the phone number is checked as E.164 before it is sent, by the rule Create account and the CLI use")
    func phoneNumberIsCheckedBeforeSaving() {
        var app = opened()
        _ = app.reduce(.keyPressed(.down))
        _ = app.reduce(.keyPressed(.down))
        _ = app.reduce(.keyPressed(.character("e")))
        guard case .editing("phone_number", _)? = app.profile?.mode else {
            Issue.record("expected the phone form, got \(String(describing: app.profile?.mode))")
            return
        }
        _ = app.reduce(.keyPressed(.ctrl("u")))
        type("5551234", into: &app)
        #expect(app.reduce(.keyPressed(.enter)).isEmpty)
        #expect(app.profile?.error == ScreenText.invalidPhone)
        #expect(ScreenText.invalidPhone.contains("E.164") && ScreenText.invalidPhone.contains("+14155550100"))
        // Letters and spaces are not typed into a phone number, as on Create account.
        _ = app.reduce(.keyPressed(.character("x")))
        _ = app.reduce(.keyPressed(.character(" ")))
        guard case .editing(_, let typed)? = app.profile?.mode else { return }
        #expect(typed.text == "5551234")
        _ = app.reduce(.keyPressed(.ctrl("u")))
        type("+15555550199", into: &app)
        #expect(app.profile?.error == nil)
        #expect(app.reduce(.keyPressed(.enter)) == [.profile(.update(name: "phone_number", value: "+15555550199"))])
        // The one rule: `+`, then 8 to 15 digits, nothing else.
        #expect(UserAttributes.isE164PhoneNumber("+14155550100"))
        #expect(!UserAttributes.isE164PhoneNumber("+1 415 555 0100"))
        #expect(!UserAttributes.isE164PhoneNumber("+1234567"))
        #expect(UserAttributes.isE164PhoneNumber("+12345678"))
        #expect(!UserAttributes.isE164PhoneNumber("+1234567890123456"))
        #expect(!UserAttributes.isE164PhoneNumber("+１２３４５６７８９"))
    }

    @Test("the attribute code field takes digits only, like the other code fields")
    func codeFieldTakesDigitsOnly() {
        var app = opened()
        _ = app.reduce(.keyPressed(.down))
        _ = app.reduce(.keyPressed(.character("v")))
        _ = app.reduce(.profile(.codeSent(name: "email", .success(CodeDeliveryDetails(attributeName: "email")))))
        type("ab12x3", into: &app)
        _ = app.reduce(.keyPressed(.character("z")))
        _ = app.reduce(.keyPressed(.character("4")))
        guard case .verifying("email", let code, _)? = app.profile?.mode else {
            Issue.record("expected the code form")
            return
        }
        #expect(code.text == "1234")
        // Still digits only after a wrong code cleared it.
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(
            .profile(.verified(name: "email", .failure(.codeMismatch("Invalid verification code provided")))))
        type("9a9", into: &app)
        guard case .verifying(_, let again, _)? = app.profile?.mode else { return }
        #expect(again.text == "99")
    }

    @Test("v sends a code for the selected email; Esc on the code form says how to verify later")
    func verifyLater() {
        var app = opened()
        _ = app.reduce(.keyPressed(.down))
        #expect(app.reduce(.keyPressed(.character("v"))) == [.profile(.sendCode(name: "email"))])
        _ = app.reduce(
            .profile(.codeSent(name: "email", .failure(.limitExceeded("Attempt limit exceeded, please try later.")))))
        #expect(app.profile?.mode == .browsing && app.profile?.error != nil)
        _ = app.reduce(.keyPressed(.character("v")))
        _ = app.reduce(.profile(.codeSent(name: "email", .success(CodeDeliveryDetails(attributeName: "email")))))
        _ = app.reduce(.keyPressed(.escape))
        #expect(app.profile?.mode == .browsing)
        #expect(app.profile?.notice == ScreenText.profileVerifyLater("email"))
        // The name has no code.
        _ = app.reduce(.keyPressed(.down))
        _ = app.reduce(.keyPressed(.down))
        #expect(app.reduce(.keyPressed(.character("v"))).isEmpty)
        #expect(app.profile?.error == ScreenText.profileNotVerifiable)
    }

    @Test("the username and sub are read-only")
    func readOnly() {
        var app = opened()
        #expect(app.reduce(.keyPressed(.enter)).isEmpty)
        #expect(app.profile?.mode == .browsing && app.profile?.error == "Username cannot be changed here.")
    }

    @Test(
        "change password: three masked fields, the policy checklist, nothing sent until complete; secrets as SecretText"
    )
    func changePassword() throws {
        var app = opened()
        _ = app.reduce(.keyPressed(.character("w")))
        #expect(app.keyHints == ScreenText.profilePasswordHints)
        func form() -> PasswordChangeForm? {
            if case .changingPassword(let form)? = app.profile?.mode { form } else { nil }
        }
        func checklist() -> [PasswordCheck]? {
            for line in app.profile?.form ?? [] {
                if case .checklist(let heading, let checks) = line, heading == ScreenText.policyHeading {
                    return checks
                }
            }
            return nil
        }
        // The checklist the reset and sign-up forms show, for the policy the app was given.
        #expect(checklist() == PasswordPolicy.cognitoDefault.checks(for: ""))
        #expect(app.profile?.form.filter { if case .field = $0 { true } else { false } }.count == 3)
        // Enter on an empty form says what is missing first and sends nothing.
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(.keyPressed(.enter))
        #expect(app.reduce(.keyPressed(.enter)).isEmpty)
        #expect(app.profile?.error == ScreenText.profileEnterCurrentPassword && form()?.focus == .current)
        type("Old-pass1", into: &app)
        #expect(app.reduce(.keyPressed(.enter)).isEmpty)  // to the new password
        #expect(form()?.focus == .proposed && form()?.current.isMasked == true)
        type("abc", into: &app)
        #expect(checklist()?.filter(\.isMet).map(\.rule) == [.lowercase])
        _ = app.reduce(.keyPressed(.enter))
        // Short of the policy: refused before sending, the new password focused.
        #expect(app.reduce(.keyPressed(.enter)).isEmpty)
        #expect(app.profile?.error == PasswordPolicy.cognitoDefault.validationError(for: "abc"))
        #expect(form()?.focus == .proposed)
        _ = app.reduce(.keyPressed(.ctrl("u")))
        type("New-pass1", into: &app)
        #expect(checklist()?.allSatisfy(\.isMet) == true)
        _ = app.reduce(.keyPressed(.tab))
        #expect(form()?.focus == .confirmation)
        // Typed differently the second time: refused before sending.
        type("New-pass2", into: &app)
        #expect(app.reduce(.keyPressed(.enter)).isEmpty)
        #expect(app.profile?.error == ScreenText.passwordsDoNotMatch && form()?.focus == .confirmation)
        _ = app.reduce(.keyPressed(.ctrl("u")))
        #expect(app.profile?.error == nil)
        #expect(app.reduce(.keyPressed(.enter)).isEmpty)
        #expect(app.profile?.error == ScreenText.confirmPasswordRequired)
        type("New-pass1", into: &app)
        let effects = app.reduce(.keyPressed(.enter))
        #expect(effects == [.profile(.changePassword(current: "Old-pass1", proposed: "New-pass1"))])
        #expect(!dumped(app).contains("New-pass1"))
        _ = app.reduce(.profile(.passwordChanged(.success(()))))
        #expect(app.profile?.mode == .browsing && app.profile?.notice == ScreenText.profilePasswordChanged)
    }

    @Test("the checklist follows the pool's policy, as on the other forms")
    func changePasswordUsesThePoolsPolicy() throws {
        var options = AuthUIOptions()
        options.passwordPolicy = PasswordPolicy(minimumLength: 10, requiresSymbol: false)
        var app = signedInApp(options: options)
        _ = app.reduce(.keyPressed(.character("p")))
        _ = app.reduce(.profile(.loaded(.success(aliceProfile))))
        _ = app.reduce(.keyPressed(.character("w")))
        let checks = app.profile?.form.compactMap { line -> [PasswordCheck]? in
            if case .checklist(_, let checks) = line { checks } else { nil }
        }
        #expect(checks == [options.passwordPolicy.checks(for: "")])
    }

    @Test(
        "a wrong current password is said plainly with the next step, in our words (moto's and Cognito's refusals alike)"
    )
    func wrongCurrentPassword() throws {
        let expected =
            "The current password is wrong. Type it again; if you have forgotten it, sign out (o) and choose Forgot password on Sign in."
        for refusal in ["alice", "Incorrect username or password."] {
            var app = opened()
            _ = app.reduce(.keyPressed(.character("w")))
            type("Wrong-pass1", into: &app)
            _ = app.reduce(.keyPressed(.tab))
            type("New-pass1", into: &app)
            _ = app.reduce(.keyPressed(.tab))
            type("New-pass1", into: &app)
            #expect(app.reduce(.keyPressed(.enter)).count == 1)
            _ = app.reduce(.profile(.passwordChanged(.failure(.notAuthorized(refusal)))))
            #expect(app.profile?.error == expected)
            // The current password is typed again; the new one stays.
            guard case .changingPassword(let form)? = app.profile?.mode else {
                Issue.record("expected the password form")
                return
            }
            #expect(form.focus == .current && form.current.isEmpty && form.proposed.text == "New-pass1")
        }
        // A refusal about the session is not a wrong password.
        #expect(!PasswordChangeForm.isWrongCurrentPassword(.notAuthorized("Access Token has been revoked")))
        #expect(PasswordChangeForm.isWrongCurrentPassword(.notAuthorized("Incorrect username or password.")))
    }

    @Test("Profile's messages are full sentences with the next step, as on the code and password forms")
    func profileMessagesAreWorded() {
        #expect(
            ScreenText.profileError(.codeMismatch("Invalid verification code provided, please try again."))
                == "The code is wrong. Check the code, or press Ctrl-R for a new one.")
        #expect(
            ScreenText.profileError(.expiredCode("Invalid code provided, please request a code again."))
                .hasSuffix("Press Ctrl-R for a new code."))
        let policy = ScreenText.profileError(
            .invalidPassword("Password did not conform with policy: Password must have symbol characters"),
            changingPassword: true)
        #expect(policy.contains("Choose one that meets the policy shown.") && policy.hasSuffix("."), "\(policy)")
        // The same refusal outside a password change is not about the password.
        #expect(!ScreenText.profileError(.notAuthorized("alice")).contains("current password"))
        #expect(
            ScreenText.profileError(.limitExceeded("Attempt limit exceeded, please try after some time.")).hasSuffix(
                "."))
    }

    @Test("delete: a wrong username deletes nothing; the right one deletes and lands on sign-in")
    func delete() {
        var app = opened()
        _ = app.reduce(.keyPressed(.character("D")))
        #expect(app.keyHints == ScreenText.profileDeleteHints)
        type("alic", into: &app)
        #expect(app.reduce(.keyPressed(.enter)).isEmpty)
        #expect(app.profile?.error == ScreenText.profileDeleteMismatch)
        // Typing again clears the stale error.
        type("e", into: &app)
        #expect(app.profile?.error == nil)
        _ = app.reduce(.keyPressed(.escape))
        #expect(app.profile?.mode == .browsing && app.profile?.notice == ScreenText.profileDeleteCancelled)
        _ = app.reduce(.keyPressed(.character("D")))
        type("alice", into: &app)
        #expect(app.reduce(.keyPressed(.enter)) == [.profile(.deleteAccount(username: "alice"))])
        #expect(app.activity == ScreenText.profileDeleting)
        // The client's signed-out event may come first; the notice still names the account.
        _ = app.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        _ = app.reduce(.profile(.deleted(username: "alice", .success(()))))
        #expect(app.profile == nil)
        guard case .signIn(let signIn) = app.base else {
            Issue.record("expected sign-in, got \(app.base)")
            return
        }
        #expect(signIn.notice == "Account alice deleted.")
        #expect(app.dashboard.log.texts.last == "Account alice deleted.")
    }

    @Test("a failed deletion stays on the profile with the error")
    func deleteFails() {
        var app = opened()
        _ = app.reduce(.keyPressed(.character("D")))
        type("alice", into: &app)
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(
            .profile(.deleted(username: "alice", .failure(.network(kind: .timedOut, message: "The request timed out"))))
        )
        #expect(app.profile?.mode == .browsing && app.profile?.error != nil && app.isOnDashboard)
    }

    @Test("x on an optional attribute asks first: another key keeps it, y removes it and the list is read again")
    func removeAnOptionalAttribute() async {
        let service = FakeAuthService()
        await service.script(profile: aliceProfile)
        var app = opened()
        for _ in 0..<4 { _ = app.reduce(.keyPressed(.down)) }
        #expect(app.profile?.selected?.name == "custom:team")
        var store = appStore(app)
        store.press(.character("x")) { $0.profile?.mode = .confirmingRemoval(name: "custom:team") }
        #expect(store.state.keyHints == ["y remove", "n keep"])
        #expect(
            store.state.profile?.form == [
                .warning("Remove custom:team (blue) from the account? y removes it; any other key keeps it.", rows: 2)
            ])
        store.press(.character("n")) {
            $0.profile?.mode = .browsing
            $0.profile?.notice = "Kept custom:team."
        }
        store.press(.character("x")) {
            $0.profile?.mode = .confirmingRemoval(name: "custom:team")
            $0.profile?.notice = nil
        }
        store.press(.character("y"), [.profile(.remove(name: "custom:team"))]) {
            $0.profile?.mode = .browsing
            $0.profile?.request = .remove(name: "custom:team")
        }
        #expect(store.state.activity == "Removing custom:team…")
        await store.receive(from: service, [.profile(.load)]) {
            $0.profile?.request = nil
            $0.profile?.notice = "custom:team removed."
        }
        var rest = aliceProfile
        rest.all["custom:team"] = nil
        await store.receive(from: service) {
            $0.profile?.attributes = rest
        }
        #expect(await service.calls == [.deleteUserAttributes(["custom:team"]), .userAttributes])
        #expect(store.state.profile?.rows.contains { $0.name == "custom:team" } == false)
    }

    @Test(
        "x says why it cannot remove the username, sub, a required attribute or one not set; the hint shows only where it can"
    )
    func removalIsRefusedWhereItCannot() {
        var profile = aliceProfile
        profile.all["phone_number"] = nil
        profile.all["phone_number_verified"] = nil
        var app = opened(profile)
        // Rows: username, email (Create account asks for it), phone (not set), name, custom:team, sub.
        let refusals = [
            "Username cannot be removed.", "Email is required (Create account asks for it), so it cannot be removed.",
            "Phone is not set: there is nothing to remove.",
        ]
        for (index, refusal) in refusals.enumerated() {
            #expect(app.profile?.selection == index)
            #expect(!app.keyHints.contains("x remove"))
            #expect(app.reduce(.keyPressed(.character("x"))).isEmpty)
            #expect(app.profile?.mode == .browsing && app.profile?.error == refusal)
            _ = app.reduce(.keyPressed(.down))
        }
        #expect(app.profile?.selected?.name == "name")
        #expect(
            app.keyHints == [
                "↑/↓ select", "e edit", "v verify", "Esc back", "x remove", "w password", "D delete account",
                "q quit",
            ])
        for _ in 0..<2 { _ = app.reduce(.keyPressed(.down)) }
        #expect(app.profile?.selected?.name == "sub")
        _ = app.reduce(.keyPressed(.character("x")))
        #expect(app.profile?.error == "User id (sub) cannot be removed.")
        // A pool whose Create account asks for nothing lets the email go.
        var optionalEmail = signedInApp(options: AuthUIOptions(signUpAttributes: []))
        _ = optionalEmail.reduce(.keyPressed(.character("p")))
        _ = optionalEmail.reduce(.profile(.loaded(.success(aliceProfile))))
        _ = optionalEmail.reduce(.keyPressed(.down))
        _ = optionalEmail.reduce(.keyPressed(.character("x")))
        #expect(optionalEmail.profile?.mode == .confirmingRemoval(name: "email"))
    }

    @Test("a removal the pool refuses shows its reason and keeps the attribute")
    func removalRefusedByThePool() {
        var app = opened()
        for _ in 0..<3 { _ = app.reduce(.keyPressed(.down)) }
        _ = app.reduce(.keyPressed(.character("x")))
        #expect(app.reduce(.keyPressed(.character("Y"))) == [.profile(.remove(name: "name"))])
        let refused = AuthError.invalidParameter("Invalid user attributes: user.name: The attribute is required")
        #expect(app.reduce(.profile(.removed(name: "name", .failure(refused)))).isEmpty)
        #expect(app.profile?.request == nil && app.profile?.mode == .browsing)
        #expect(app.profile?.error?.contains("user.name: The attribute is required") == true)
        #expect(app.profile?.attributes?["name"] != nil)
    }

    @Test("signing out closes the view")
    func signOutCloses() {
        var app = opened()
        _ = app.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        #expect(app.profile == nil)
    }
}

@Suite("Copying a token (y, then i or a)")
struct TokenCopyTests {
    @Test("y asks which; i and a copy; any other key cancels; nothing when signed out")
    func choosing() {
        var app = signedInApp()
        #expect(app.reduce(.keyPressed(.character("y"))).isEmpty)
        #expect(app.statusLine == ScreenText.copyTokenChoice)
        #expect(app.reduce(.keyPressed(.character("a"))) == [.session(.getTokens(.access))])
        _ = app.reduce(.keyPressed(.character("y")))
        #expect(app.reduce(.keyPressed(.character("i"))) == [.session(.getTokens(.id))])
        _ = app.reduce(.keyPressed(.character("y")))
        #expect(app.reduce(.keyPressed(.character("c"))).isEmpty)
        #expect(app.statusLine == ScreenText.copyTokenCancelled)
        var signedOut = AppState(now: t0, timeZone: utc)
        signedOut.base = .dashboard
        #expect(signedOut.reduce(.keyPressed(.character("y"))).isEmpty && !signedOut.isChoosingTokenToCopy)
    }

    @Test("the notice names the token and its length, grouped")
    func notice() {
        var app = signedInApp()
        _ = app.reduce(.tokenCopied(.access, .success(CopyReceipt(characters: 1234))))
        #expect(app.statusLine == "Copied the access token (1,234 characters) to the clipboard.")
        #expect(app.dashboard.log.texts.last == app.statusLine)
        #expect(ScreenText.groupedThousands(999) == "999" && ScreenText.groupedThousands(1_234_567) == "1,234,567")
    }
}

@MainActor
@Suite struct ProfileRuntimeTests {
    @Test func theRuntimeLoadsUpdatesAndVerifies() async {
        let fake = FakeAuthService()
        await fake.script(profile: aliceProfile)
        let runtime = AuthScreensRuntime(service: fake, state: signedInApp(), clock: ManualClock(start: t0))
        runtime.send(.keyPressed(.character("p")))
        await runtime.settle()
        #expect(runtime.state.profile?.attributes == aliceProfile)
        runtime.send(.keyPressed(.down))
        runtime.send(.keyPressed(.character("e")))
        runtime.send(.keyPressed(.ctrl("u")))
        runtime.send(.keyPressed(.paste("new@example.com")))
        runtime.send(.keyPressed(.enter))
        await runtime.settle()
        guard case .verifying("email", _, _)? = runtime.state.profile?.mode else {
            Issue.record("expected the code form, got \(String(describing: runtime.state.profile?.mode))")
            return
        }
        #expect(runtime.state.profile?.attributes?.email == "new@example.com")
        runtime.send(.keyPressed(.paste("123456")))
        runtime.send(.keyPressed(.enter))
        await runtime.settle()
        #expect(runtime.state.profile?.attributes?.isEmailVerified == true)
        #expect(
            await fake.calls == [
                .userAttributes, .updateUserAttributes(["email": "new@example.com"]), .userAttributes,
                .verifyUserAttribute("email", "123456"), .userAttributes,
            ])
    }

    @Test func copyingHandsTheTokenToTheClipboardNeverToTheState() async throws {
        let fake = FakeAuthService()
        let pool = UserPoolConfiguration(poolId: "us-east-1_TestPool1", appClientId: "client", region: "us-east-1")
        let raw = TestJWT.tokens(pool: pool, username: "alice", issued: t0, lifetime: 3600)
        let tokens = try CognitoTokens(idToken: raw.id, accessToken: raw.access, refreshToken: raw.refresh)
        await fake.script(profile: aliceProfile, tokens: tokens)
        let runtime = AuthScreensRuntime(service: fake, state: signedInApp(), clock: ManualClock(start: t0))
        var copied: [String] = []
        runtime.onCopy = { text in
            copied.append(text)
            return .clipboard
        }
        runtime.send(.keyPressed(.character("y")))
        runtime.send(.keyPressed(.character("a")))
        await runtime.settle()
        #expect(copied == [raw.access])
        #expect(runtime.state.statusLine == ScreenText.tokenCopied(.access, CopyReceipt(characters: raw.access.count)))
        #expect(!dumped(runtime.state).contains(raw.access))
        runtime.onCopy = nil
        runtime.send(.keyPressed(.character("y")))
        runtime.send(.keyPressed(.character("i")))
        await runtime.settle()
        #expect(runtime.state.statusLine.contains("cannot receive the clipboard"))
    }
}

@Suite("Forgot password from the re-login prompt")
struct ReloginForgotPasswordTests {
    @Test("the prompt offers Forgot password; it opens the reset form with the username and keeps the calls waiting")
    func forgotFromRelogin() {
        var app = signedInApp()
        _ = app.reduce(.keyPressed(.character("c")))
        _ = app.reduce(.sessionEvent(.stateChanged(.signedOutUserPoolsTokenInvalid, username: "alice", provider: nil)))
        #expect(app.relogin != nil)
        #expect(app.relogin?.signIn.focusOrder.contains(.forgotPassword) == true)
        // Password → Sign in → Forgot password.
        _ = app.reduce(.keyPressed(.tab))
        _ = app.reduce(.keyPressed(.tab))
        #expect(app.relogin?.signIn.focus == .forgotPassword)
        let effects = app.reduce(.keyPressed(.enter))
        #expect(!effects.contains(.session(.releaseSignInWait)))
        #expect(app.relogin == nil)
        guard case .forgotPassword(let reset) = app.base else {
            Issue.record("expected the reset form, got \(app.base)")
            return
        }
        #expect(reset.username.text == "alice")
    }

    /// The app with the prompt open over the dashboard and `waiting` calls waiting, then Forgot password.
    func resetFromRelogin(waiting: Int) -> AppState {
        var app = signedInApp()
        let calls = (0..<waiting).map {
            WaitingCall(id: UInt64($0 + 1), label: "GetUser #\($0 + 1)", since: t0, reason: .signIn)
        }
        _ = app.reduce(.sessionEvent(.stateChanged(.signedOutUserPoolsTokenInvalid, username: "alice", provider: nil)))
        _ = app.reduce(.sessionEvent(.pendingCallsChanged(calls)))
        #expect(app.relogin?.waitingCount == waiting)
        _ = app.reduce(.keyPressed(.tab))
        _ = app.reduce(.keyPressed(.tab))
        _ = app.reduce(.keyPressed(.enter))
        return app
    }

    @Test("the reset ends back on the dashboard under the prompt, the call still waiting, and its sign-in resumes it")
    func resetFromReloginEndsWhereItBegan() {
        var app = resetFromRelogin(waiting: 1)
        guard case .forgotPassword(let reset) = app.base else {
            Issue.record("expected the reset form, got \(app.base)")
            return
        }
        // The reset form says a call is waiting and that the sign-in after it resumes the call.
        #expect(reset.waitingText == "1 call is waiting: it resumes when you sign in with the new password.")
        _ = app.reduce(.keyPressed(.enter))
        _ = app.reduce(.forgotPassword(.forgotPasswordFinished(.success(emailDelivery))))
        _ = app.reduce(.forgotPassword(.codeChanged("123456")))
        _ = app.reduce(.forgotPassword(.newPasswordChanged("New-pass1")))
        _ = app.reduce(.forgotPassword(.confirmPasswordChanged("New-pass1")))
        _ = app.reduce(.forgotPassword(.submitPressed))
        // Another call starts waiting meanwhile: the form counts it.
        _ = app.reduce(
            .sessionEvent(
                .pendingCallsChanged([
                    WaitingCall(id: 1, label: "GetUser #1", since: t0, reason: .signIn),
                    WaitingCall(id: 2, label: "GetUser #2", since: t0, reason: .signIn),
                ])))
        if case .forgotPassword(let counting) = app.base {
            #expect(counting.waitingText?.hasPrefix("2 calls are waiting") == true)
        } else {
            Issue.record("expected the reset form, got \(app.base)")
        }
        _ = app.reduce(.forgotPassword(.confirmForgotPasswordFinished(.success(()))))
        // Back where the user was: the dashboard, the prompt over it (no Create account), the calls waiting.
        #expect(app.isOnDashboard)
        let prompt = app.relogin
        #expect(prompt?.signIn.notice == ScreenText.passwordChanged)
        #expect(prompt?.signIn.username.text == "alice" && prompt?.signIn.focus == .password)
        #expect(prompt?.signIn.showsCreateAccount == false)
        #expect(prompt?.waitingCount == 2)
        // Signing in closes the prompt without releasing the calls: they resume.
        _ = app.reduce(.keyPressed(.paste("New-pass1")))
        let effects = app.reduce(.keyPressed(.enter))
        #expect(!effects.contains(.session(.releaseSignInWait)))
        _ = app.reduce(.relogin(.signIn(.signInFinished(.success(.done)))))
        #expect(app.relogin == nil && app.isOnDashboard)
    }

    @Test("Back from the reset returns to the prompt; a session ended meanwhile goes to Sign in")
    func backFromTheResetReturnsToThePrompt() {
        var app = resetFromRelogin(waiting: 0)
        guard case .forgotPassword(let reset) = app.base else {
            Issue.record("expected the reset form")
            return
        }
        #expect(reset.waitingText == nil)
        _ = app.reduce(.forgotPassword(.backPressed))
        #expect(app.isOnDashboard && app.relogin?.signIn.notice == nil)
        // Signed out from elsewhere while resetting: the reset ends on the ordinary Sign in.
        var ended = resetFromRelogin(waiting: 1)
        _ = ended.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        _ = ended.reduce(.forgotPassword(.backPressed))
        guard case .signIn(let signIn) = ended.base else {
            Issue.record("expected Sign in, got \(ended.base)")
            return
        }
        #expect(signIn.username.text == "alice")
    }
}
