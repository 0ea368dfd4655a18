import AuthScreens
import AuthScreensTesting
import CognitoAuth
import Foundation
import Testing

/// The pool's settings drive the screens (issue 11, item 4): policy, username field, attributes,
/// verification, MFA, and keys not used yet; `Latchkey.UI` keys still override them.
@Suite struct PoolSettingsUITests {
    /// A pool like the issue's: no symbol needed, email as username, name and birthdate required.
    static let pool = PoolSettings(
        passwordPolicy: PoolPasswordPolicy(minimumLength: 8, requiresSymbols: false), usernameAttributes: ["email"],
        signUpAttributes: ["email", "name", "birthdate"], verificationMechanisms: ["email"],
        mfaConfiguration: "OPTIONAL", mfaMethods: ["TOTP", "SMS"], ignoredKeys: ["auth.oauth"])

    @Test func thePoolsPolicyIsCheckedAsThePoolChecksIt() {
        let options = AuthUIOptions(ui: nil, poolSettings: Self.pool)
        // The issue: Abcdefg1 was refused although the pool accepts it.
        #expect(options.passwordPolicy.validationError(for: "Abcdefg1") == nil)
        #expect(options.passwordPolicy.rules == [.minimumLength(8), .uppercase, .lowercase, .number])
        // The default (nothing stated) stays Cognito's default, which needs a symbol.
        #expect(AuthUIOptions(ui: nil, poolSettings: PoolSettings()).passwordPolicy == .cognitoDefault)
        // Minimum length within Cognito's 6...99.
        #expect(PasswordPolicy(pool: PoolPasswordPolicy(minimumLength: 2)).minimumLength == 6)
        #expect(PasswordPolicy(pool: PoolPasswordPolicy(minimumLength: 500)).minimumLength == 99)
    }

    @Test func cognitosSymbolSetAndBasicLatinLetters() {
        let policy = PasswordPolicy.cognitoDefault
        for symbol in "^$*.[]{}()?\"!@#%&/\\,><':;|_~`=+- " {
            #expect(policy.validationError(for: "Abcdefg1\(symbol)") == nil, "\(symbol)")
        }
        // Not in Cognito's set: §, €, and letters outside basic Latin do not count.
        #expect(policy.validationError(for: "Abcdefg1§") == "The password needs a symbol.")
        #expect(PasswordPolicy.Rule.uppercase.isMet(by: "Éabc") == false)
        #expect(PasswordPolicy.Rule.lowercase.isMet(by: "ABCé") == false)
    }

    @Test func theServersAnswerIsStillShownWhenItDisagrees() {
        var store = signUpStore(
            SignUpState(
                username: "a@example.com", policy: PasswordPolicy(pool: PoolPasswordPolicy(requiresSymbols: false)),
                attributes: [], usernameKind: .email))
        store.type("Abcdefg1")
        store.state.confirmPassword.setText("Abcdefg1")
        _ = store.state.reduce(.submitPressed)
        #expect(store.state.isInFlight)
        _ = store.state.reduce(
            .signUpFinished(
                .failure(.invalidPassword("Password did not conform with policy: Password must have symbol characters"))
            ))
        #expect(store.state.banner?.contains("Password must have symbol characters") == true)
        #expect(store.state.focus == .password)
    }

    @Test func emailAsUsernameIsOneFieldLabelledEmailAndNotAskedTwice() {
        let options = AuthUIOptions(ui: nil, poolSettings: Self.pool)
        #expect(options.usernameKind == .email)
        let app = AppState(options: AuthUIOptions(startOnSignUp: true).merging(options), now: t0, timeZone: utc)
        guard case .signUp(let screen) = app.base else {
            Issue.record("not on Create account")
            return
        }
        #expect(screen.label(for: .username) == "Email")
        #expect(screen.attributes.map(\.name) == ["name", "birthdate"])
        #expect(!screen.attributes.contains { $0.name == "email" })
        // Submitting checks the one field as an email.
        var store = signUpStore(screen)
        _ = store.state.reduce(.submitPressed)
        #expect(store.state.username.error == "Email is required.")
        store.state.username.setText("not-an-email")
        _ = store.state.reduce(.submitPressed)
        #expect(store.state.username.error == ScreenText.invalidEmail)
        store.state.username.setText("erin@example.com")
        _ = store.state.reduce(.submitPressed)
        #expect(store.state.username.error == nil)
        // Sign in: the same field, labelled the same way.
        var signIn = SignInState()
        signIn.usernameKind = .email
        #expect(signIn.label(for: .username) == "Email")
        #expect(UsernameKind(usernameAttributes: ["phone_number"]).label == "Phone number")
        #expect(UsernameKind(usernameAttributes: ["email", "phone_number"]) == .emailOrPhoneNumber)
        #expect(UsernameKind.emailOrPhoneNumber.validationError("+14155550100", forNewAccount: true) == nil)
        #expect(UsernameKind(usernameAttributes: []).label == "Username")
    }

    @Test func everyRequiredStandardAttributeGetsAFieldSuitedToIt() {
        let all = SignUpAttribute.allCases.map(\.attributeName)
        #expect(
            all == [
                "email", "phone_number", "name", "given_name", "family_name", "middle_name", "nickname",
                "preferred_username", "profile", "picture", "website", "gender", "birthdate", "zoneinfo", "locale",
                "address", "updated_at",
            ])
        let options = AuthUIOptions(ui: nil, poolSettings: PoolSettings(signUpAttributes: all + ["custom:team"]))
        #expect(options.signUpAttributes == SignUpAttribute.allCases)
        let screen = SignUpState(attributes: options.signUpAttributes)
        #expect(screen.attributes.count == 17)
        #expect(screen.attributes.map(\.label).contains("Birth date"))
        #expect(screen.attributes.map(\.label).contains("Family name"))
        #expect(SignUpAttribute.birthdate.placeholder == "YYYY-MM-DD")
    }

    @Test func birthdateIsAValidYYYYMMDDDate() {
        var field = AttributeField(name: "birthdate", label: "Birth date")
        for bad in ["1990-4-23", "23/04/1990", "1990-13-01", "1990-02-30", "2023-02-29", "19900423", "abcd-ef-gh"] {
            field.field.setText(bad)
            #expect(field.validationError == "Enter birth date as YYYY-MM-DD, such as 1990-04-23.", "\(bad)")
        }
        for good in ["1990-04-23", "2024-02-29", "2000-02-29", "0001-01-01"] {
            field.field.setText(good)
            #expect(field.validationError == nil, "\(good)")
        }
        field.field.setText("")
        #expect(field.validationError == "Birth date is required.")
        // Typing: a date takes digits and "-" only; a letter is not typed.
        var store = signUpStore(SignUpState(username: "u", attributes: [.birthdate]))
        store.state.focus = .attribute(0)
        store.type("1990x-04-23")
        #expect(store.state.attributes[0].field.text == "1990-04-23")
    }

    @Test func phoneURLSecondsAndTextAttributes() {
        func error(_ name: String, _ text: String) -> String? {
            var field = AttributeField(name: name, label: ScreenText.attributeLabel(named: name))
            field.field.setText(text)
            return field.validationError
        }
        #expect(error("phone_number", "+14155550100") == nil)
        #expect(error("phone_number", "4155550100") == ScreenText.invalidPhone)
        #expect(error("phone_number", "+1415555010012345") == ScreenText.invalidPhone)
        #expect(error("website", "https://example.com/me") == nil)
        #expect(error("website", "example.com") != nil)
        #expect(error("picture", "ftp://example.com/a.png") != nil)
        #expect(error("updated_at", "1700000000") == nil)
        #expect(error("updated_at", "yesterday") != nil)
        #expect(error("name", "Erin O'Neil") == nil)
        #expect(error("gender", String(repeating: "x", count: 2049)) == "Gender is too long (2048 characters at most).")
        #expect(error("given_name", "  ") == "Given name is required.")
    }

    @Test func submitSendsTheUsernameAndEveryAttribute() {
        var store = signUpStore(
            SignUpState(
                username: "erin@example.com", policy: PasswordPolicy(pool: PoolPasswordPolicy(requiresSymbols: false)),
                attributes: [.email, .name, .birthdate], usernameKind: .email))
        store.type("Abcdefg1")
        store.state.confirmPassword.setText("Abcdefg1")
        store.state.attributes[0].field.setText("Erin")
        store.state.attributes[1].field.setText("1990-04-23")
        let effects = store.state.reduce(.submitPressed)
        #expect(
            effects == [
                .run(
                    .signUp(
                        .signUp(
                            username: "erin@example.com", password: SecretText("Abcdefg1"),
                            attributes: ["name": "Erin", "birthdate": "1990-04-23"])))
            ])
    }

    @Test func verificationSaysWhereTheCodeGoes() {
        #expect(
            SignUpState(verificationMechanisms: ["email"]).verificationNotice
                == "We will send a verification code to your email.")
        #expect(
            SignUpState(verificationMechanisms: ["phone_number"]).verificationNotice
                == "We will send a verification code to your phone (SMS).")
        #expect(SignUpState().verificationNotice == nil)
    }

    @Test func theDashboardShowsMFAAndKeysNotUsedYetOnce() {
        let app = AppState(options: AuthUIOptions(ui: nil, poolSettings: Self.pool), now: t0, timeZone: utc)
        #expect(app.dashboard.poolRows.map(\.label) == ["Pool", "Not used yet"])
        #expect(app.dashboard.poolRows.map(\.value) == ["MFA: optional (TOTP, SMS)", "auth.oauth"])
        #expect(app.dashboard.rows.filter { $0.label == "Not used yet" }.count == 1)
        #expect(ScreenText.mfaSummary(configuration: "ON", methods: ["TOTP"]) == "MFA: required (TOTP)")
        #expect(ScreenText.mfaSummary(configuration: "OFF", methods: []) == "MFA: off")
        #expect(ScreenText.mfaSummary(configuration: "NONE", methods: ["TOTP"]) == "MFA: off")
        #expect(
            ScreenText.mfaSummary(configuration: "REQUIRED", methods: ["TOTP", "SMS"]) == "MFA: required (TOTP, SMS)")
        #expect(ScreenText.mfaSummary(configuration: nil, methods: []) == nil)
        #expect(AppState(options: AuthUIOptions(), now: t0, timeZone: utc).dashboard.poolRows.isEmpty)
    }

    @Test func latchkeyUIKeysOverrideThePoolAndCanStateItsSettings() {
        let ui = JSONValue.parse(
            Array(
                """
                {"PasswordPolicy": {"RequireSymbols": true, "MinimumLength": 10},
                 "SignUpAttributes": ["given_name", "family_name"], "UsernameAttributes": ["phone_number"],
                 "VerificationMechanisms": ["phone_number"], "MFAConfiguration": "ON", "MFAMethods": ["TOTP"]}
                """.utf8))
        let options = AuthUIOptions(ui: ui, poolSettings: Self.pool)
        #expect(options.passwordPolicy.requiresSymbol)
        #expect(options.passwordPolicy.minimumLength == 10)
        #expect(options.signUpAttributes == [.givenName, .familyName])
        #expect(options.usernameKind == .phoneNumber)
        #expect(options.verificationMechanisms == ["phone_number"])
        #expect(options.mfaSummary == "MFA: required (TOTP)")
        // Without pool settings, the UI keys alone state them (the path tests use before Gen 2 loading).
        let alone = AuthUIOptions(ui: ui)
        #expect(alone.usernameKind == .phoneNumber)
        #expect(alone.signUpAttributes == [.givenName, .familyName])
        // A key that is absent keeps the pool's value.
        let partial = AuthUIOptions(
            ui: JSONValue.parse(Array(#"{"Theme": "mono"}"#.utf8)), poolSettings: Self.pool)
        #expect(partial.passwordPolicy.requiresSymbol == false)
        #expect(partial.signUpAttributes == [.email, .name, .birthdate])
    }
}

extension AuthUIOptions {
    /// These options with the pool-driven fields of `other`.
    func merging(_ other: AuthUIOptions) -> AuthUIOptions {
        var merged = self
        merged.passwordPolicy = other.passwordPolicy
        merged.signUpAttributes = other.signUpAttributes
        merged.usernameKind = other.usernameKind
        merged.verificationMechanisms = other.verificationMechanisms
        return merged
    }
}
