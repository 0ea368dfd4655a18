import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKit

extension AppView {
    /// The explanation on the first step of Forgot password.
    static var forgotPasswordIntro: String { Localized.text(\.uiForgotPasswordIntro) }
    /// Shown instead of the browser sign-in's QR code when the terminal is too small for it.
    static var enlargeForQRCode: String { Localized.text(\.uiEnlargeForQRCode) }
    /// The label above the full-width `otpauth://` URI.
    static var uriBelow: String { Localized.text(\.uiUriBelow) }
    /// A code field's example: "6 digits".
    static func digitsPlaceholder(_ digits: Int) -> String {
        Localized.format(\.uiDigitsPlaceholder, ["digits": String(digits)])
    }

    /// The rows a form is allowed to grow by (a blank row, a two-line error banner and one field's
    /// error) without the logo above it coming or going.
    static let formGrowthRows = 4

    /// Draws the logo (the application's ASCII art) above a boxed form when the terminal has the rows
    /// for both; otherwise the form alone, so a logo never pushes a field off screen.
    ///
    /// The logo is kept only when it still fits as the form grows by ``formGrowthRows`` (an error
    /// after a submit) and in the screen's `otherSteps`, and the box is placed for that height: the
    /// logo does not vanish and the box does not jump when an error appears or the next step shows.
    func drawWithLogo(
        _ form: FormLayout, title: String, logo: [String], otherSteps: [FormLayout] = [], into grid: inout CellGrid,
        in body: Rect
    ) -> Position? {
        let logoWidth = logo.map { TextWidth.width(of: $0) }.max() ?? 0
        let inner = boxWidth(for: body.width) - 8
        let boxHeight = form.height(width: inner) + 4
        let grown = boxHeight + max(0, Self.formGrowthRows - form.messageRows(width: inner))
        let reserved = ([grown] + otherSteps.map { $0.height(width: inner) + 4 + Self.formGrowthRows }).max() ?? grown
        guard !logo.isEmpty, logoWidth <= body.width, logo.count + 1 + reserved <= body.height else {
            return drawBoxed(form, title: title, into: &grid, in: body, growth: grown - boxHeight)
        }
        let top = anchoredTop(height: logo.count + 1 + reserved, in: body)
        let left = body.column + (body.width - logoWidth) / 2
        for (index, line) in logo.enumerated() {
            grid.write(line, row: top + index, column: left, style: CellStyle(.accent))
        }
        let below = Rect(
            row: top + logo.count + 1, column: body.column, width: body.width, height: boxHeight)
        return drawBoxed(form, title: title, into: &grid, in: below)
    }

    /// Draws a challenge in its box (the TOTP enrolment adds its QR code when it fits).
    func drawChallenge(_ challenge: ChallengeState, into grid: inout CellGrid, in area: Rect, clears: Bool)
        -> Position?
    {
        switch challenge {
        case .totpSetup(let screen):
            return drawTOTPSetup(screen, title: challenge.title, into: &grid, in: area, clears: clears)
        default:
            return drawBoxed(challengeForm(challenge), title: challenge.title, into: &grid, in: area, clears: clears)
        }
    }

    /// Draws a sign-in challenge as a screen of its own: with the logo above, as the other forms.
    func drawChallengeScreen(_ challenge: ChallengeState, logo: [String], into grid: inout CellGrid, in body: Rect)
        -> Position?
    {
        if case .totpSetup = challenge { return drawChallenge(challenge, into: &grid, in: body, clears: false) }
        return drawWithLogo(challengeForm(challenge), title: challenge.title, logo: logo, into: &grid, in: body)
    }

    // MARK: Forms

    func signInForm(_ screen: SignInState, screenWidth: Int) -> FormLayout {
        var form = FormLayout()
        form.screenWidth = screenWidth
        if let warning = screen.storeWarning {
            form.add(.banner(Banner(.warning, warning)))
            form.addSpacer()
        }
        if let hint = screen.hint {
            form.add(.banner(Banner(.info, hint)))
            if screen.notice == nil { form.addSpacer() }
        }
        if let notice = screen.notice {
            form.add(.banner(Banner(.info, notice)))
            // The hosted UI's sign-out URL: whole rows across the screen, so a selection copies it.
            if let url = screen.signOutURL { form.add(.unboxed(url, CellStyle(.accent))) }
            form.addSpacer()
        }
        form.add(field(screen, .username, placeholder: screen.usernameKind.placeholder))
        if screen.showsPassword {
            form.add(field(screen, .password))
        }
        addBanner(screen.banner, to: &form)
        form.addSpacer()
        form.add(actions(screen, [.signIn, .passkey], links: [.createAccount, .forgotPassword, .cancel]))
        if !screen.webProviders.isEmpty {
            form.addSpacer()
            form.add(
                choiceRows(
                    screen.webProviders.indices, title: screen.webLabel, isFocused: { screen.focus == .web($0) },
                    isEnabled: { _ in !screen.isInFlight }))
        }
        return form
    }

    /// Draws a browser sign-in that waits for its redirect: the URL (one line, to copy), its QR code
    /// when the terminal has room, the `ssh -L` line and the paste field.
    func drawBrowserSignIn(_ screen: SignInState, into grid: inout CellGrid, in body: Rect) -> Position? {
        guard let wait = screen.hostedUI else { return nil }
        let title = ScreenText.continueWith(provider: wait.provider)
        let withCode = browserSignInForm(screen, wait, qrCode: qrCodeView(for: wait.url), screenWidth: body.width)
        let width = min(body.width, max(boxWidth(for: body.width), withCode.qrWidth + 8))
        let fits =
            withCode.qrWidth > 0 && withCode.qrWidth <= width - 8
            && withCode.height(width: width - 8) + 4 <= body.height
        if fits {
            return drawBoxed(withCode, title: title, into: &grid, in: body, minimumWidth: width, clears: false)
        }
        // Without the QR code; on a small terminal, without the hints too, so the field, the
        // server's answer and the buttons stay on screen.
        let plain = browserSignInForm(screen, wait, qrCode: nil, screenWidth: body.width)
        let inner = boxWidth(for: body.width) - 8
        let form =
            plain.height(width: inner) + 4 <= body.height
            ? plain : browserSignInForm(screen, wait, qrCode: nil, screenWidth: body.width, compact: true)
        return drawBoxed(form, title: title, into: &grid, in: body, clears: false)
    }

    func browserSignInForm(
        _ screen: SignInState, _ wait: HostedUIWait, qrCode: QRCodeView?, screenWidth: Int, compact: Bool = false
    ) -> FormLayout {
        var form = FormLayout()
        let intro = wait.browserOpened ? ScreenText.browserOpened : ScreenText.openURLElsewhere
        form.add(.text(compact ? ScreenText.openURLShort : intro, CellStyle(.normal)))
        form.add(.unboxed(wait.url, CellStyle(.accent)))
        form.screenWidth = screenWidth
        if let qrCode {
            form.addSpacer()
            form.add(.qrCode(qrCode))
        } else if !wait.browserOpened && !compact {
            form.add(.text(Self.enlargeForQRCode, CellStyle(.hint)))
        }
        if let tunnel = wait.tunnelLine {
            if !compact {
                form.addSpacer()
                form.add(.text(ScreenText.tunnelHint, CellStyle(.dim)))
            }
            form.add(.text(tunnel, CellStyle(.accent)))
        }
        if !compact { form.addSpacer() }
        form.add(field(screen, .pasteRedirect, placeholder: "http://localhost:…/callback?code=…"))
        if !compact { form.add(.text(ScreenText.pasteHint, CellStyle(.dim))) }
        if let banner = screen.banner, !banner.isEmpty {
            if !compact { form.addSpacer() }
            form.add(.banner(Banner(.error, banner)))
        }
        if !compact { form.addSpacer() }
        form.add(actions(screen, [.cancel], links: []))
        return form
    }

    func signUpForm(_ screen: SignUpState) -> FormLayout {
        var form = FormLayout()
        form.add(
            field(
                screen, .username, placeholder: screen.usernameKind == .username ? "" : screen.usernameKind.placeholder)
        )
        form.add(field(screen, .password))
        form.add(field(screen, .confirmPassword))
        form.add(.text(ScreenText.policyHeading, CellStyle(.dim)))
        form.add(.checklist(screen.passwordChecks))
        for (index, attribute) in screen.attributes.enumerated() {
            form.add(field(screen, .attribute(index), placeholder: attribute.placeholder))
        }
        if let notice = screen.verificationNotice { form.add(.text(notice, CellStyle(.dim))) }
        addBanner(screen.banner, to: &form)
        form.addSpacer()
        form.add(actions(screen, [.createAccount], links: [.signIn]))
        return form
    }

    func confirmForm(_ screen: ConfirmSignUpState) -> FormLayout {
        var form = FormLayout()
        form.add(.text(screen.destinationText, CellStyle(.normal)))
        if let notice = screen.notice { form.add(.banner(Banner(.info, notice))) }
        form.addSpacer()
        form.add(field(screen, .code, placeholder: Localized.text(\.uiCodePlaceholder)))
        addBanner(screen.banner, to: &form)
        form.addSpacer()
        form.add(actions(screen, [.confirm], links: [.resend, .signIn]))
        return form
    }

    func forgotForm(_ screen: ForgotPasswordState) -> FormLayout {
        var form = FormLayout()
        switch screen.step {
        case .requestCode:
            form.add(.text(Self.forgotPasswordIntro, CellStyle(.normal)))
            if let waiting = screen.waitingText { form.add(.banner(Banner(.info, waiting))) }
            if let notice = screen.notice { form.add(.banner(Banner(.info, notice))) }
            form.addSpacer()
            form.add(field(screen, .username, placeholder: Localized.text(\.placeholderNameOrEmail)))
            addBanner(screen.banner, to: &form)
            form.addSpacer()
            form.add(actions(screen, [.sendCode], links: [.back]))
        case .resetPassword:
            if let waiting = screen.waitingText { form.add(.banner(Banner(.info, waiting))) }
            if let notice = screen.notice {
                form.add(.banner(Banner(.info, notice)))
                form.addSpacer()
            }
            form.add(field(screen, .code, placeholder: Localized.text(\.uiCodePlaceholder)))
            form.add(field(screen, .newPassword))
            form.add(field(screen, .confirmPassword))
            form.add(.text(ScreenText.policyHeading, CellStyle(.dim)))
            form.add(.checklist(screen.passwordChecks))
            addBanner(screen.banner, to: &form)
            form.addSpacer()
            form.add(actions(screen, [.resetPassword], links: [.resendCode, .back]))
        }
        return form
    }

    func challengeForm(_ challenge: ChallengeState) -> FormLayout {
        switch challenge {
        case .newPassword(let screen): newPasswordForm(screen)
        case .code(let screen): codeChallengeForm(screen)
        case .selectMethod(let screen): selectSignInMethodForm(screen)
        case .totpSetup(let screen): totpForm(screen, placement: .none(needed: nil))
        case .selectMFAType(let screen): selectMFATypeForm(screen)
        }
    }

    /// The form for a new-password challenge: the new password twice, its policy, and any
    /// attributes the pool still requires.
    private func newPasswordForm(_ screen: NewPasswordState) -> FormLayout {
        var form = FormLayout()
        form.add(.text(ScreenText.newPasswordExplanation, CellStyle(.normal)))
        form.addSpacer()
        form.add(
            field(screen, .newPassword))
        form.add(
            field(
                screen, .confirmPassword))
        form.add(.checklist(screen.passwordChecks))
        for (index, attribute) in screen.attributes.enumerated() {
            form.add(field(screen, .attribute(index), placeholder: Self.placeholder(forAttribute: attribute.name)))
        }
        addBanner(screen.banner, to: &form)
        form.addSpacer()
        form.add(actions(screen, [.submit, .cancel], links: []))
        return form
    }

    /// The form for a code challenge (SMS, email, TOTP or custom): the prompt, any custom
    /// challenge lines, and the code field.
    private func codeChallengeForm(_ screen: CodeChallengeState) -> FormLayout {
        var form = FormLayout()
        form.add(.text(screen.prompt, CellStyle(.normal)))
        // A custom challenge's parameters (the Lambda's question, say), sanitised.
        if !screen.challengeLines.isEmpty { form.addSpacer() }
        for line in screen.challengeLines { form.add(.text(line, CellStyle(.accent, .bold))) }
        if let notice = screen.notice { form.add(.banner(Banner(.info, notice))) }
        form.addSpacer()
        form.add(field(screen, .code, placeholder: screen.expectedDigits.map(Self.digitsPlaceholder) ?? ""))
        addBanner(screen.banner, to: &form)
        form.addSpacer()
        form.add(actions(screen, [.submit, .cancel], links: [.resend]))
        return form
    }

    /// A list of choice rows (links, one per line), one for each index in `indices`.
    private func choiceRows(
        _ indices: Range<Int>, title: (Int) -> String, isFocused: (Int) -> Bool, isEnabled: (Int) -> Bool
    ) -> FormLayout.Item {
        .choices(
            indices.map { index in
                FormLayout.Action(
                    title: title(index), isButton: false, isFocused: isFocused(index), isEnabled: isEnabled(index))
            })
    }

    /// The form for choosing a sign-in method, with the password field once password is chosen.
    private func selectSignInMethodForm(_ screen: SelectSignInMethodState) -> FormLayout {
        var form = FormLayout()
        form.add(.text(ScreenText.selectSignInMethodPrompt, CellStyle(.normal)))
        form.addSpacer()
        form.add(
            choiceRows(
                screen.choices.indices, title: { screen.label(for: .choice($0)) },
                isFocused: { screen.focus == .choice($0) },
                isEnabled: { screen.isSelectable($0) && !screen.isInFlight && screen.passwordMethod == nil }))
        if screen.passwordMethod != nil {
            form.addSpacer()
            form.add(
                field(screen, .password))
        }
        addBanner(screen.banner, to: &form)
        form.addSpacer()
        form.add(actions(screen, [.submit, .cancel], links: []))
        return form
    }

    /// The form for choosing which second factor to use.
    private func selectMFATypeForm(_ screen: SelectMFATypeState) -> FormLayout {
        var form = FormLayout()
        form.add(.text(screen.prompt, CellStyle(.normal)))
        form.addSpacer()
        form.add(
            choiceRows(
                screen.choices.indices, title: { screen.label(for: .choice($0)) },
                isFocused: { screen.focus == .choice($0) }, isEnabled: { _ in !screen.isInFlight }))
        addBanner(screen.banner, to: &form)
        form.addSpacer()
        form.add(actions(screen, [.cancel], links: []))
        return form
    }

    // MARK: Parts

    /// An example value for an attribute field.
    static func placeholder(forAttribute name: String) -> String {
        SignUpAttribute(rawValue: name)?.placeholder ?? ""
    }

    func addBanner(_ message: String?, to form: inout FormLayout) {
        guard let message, !message.isEmpty else { return }
        form.addSpacer()
        form.add(.banner(Banner(.error, message)))
    }

    /// A labelled field. Its Ctrl-T hint is in the footer only (one place on screen).
    func field<Model: FormViewModel>(
        _ model: Model, _ item: Model.Focus, placeholder: String = ""
    ) -> FormLayout.Item {
        let state = model.field(for: item) ?? FieldState()
        return .field(
            label: model.label(for: item), field: state, isFocused: model.focus == item, placeholder: placeholder,
            hint: nil)
    }

    /// The buttons, then the links, that are in the model's Tab order.
    func actions<Model: FormViewModel>(_ model: Model, _ buttons: [Model.Focus], links: [Model.Focus])
        -> FormLayout.Item
    {
        let order = model.focusOrder
        let items = buttons.filter(order.contains).map { ($0, true) } + links.filter(order.contains).map { ($0, false) }
        return .actions(
            items.map { item, isButton in
                FormLayout.Action(
                    title: model.label(for: item), isButton: isButton, isFocused: model.focus == item,
                    isEnabled: !model.isInFlight)
            })
    }
}
