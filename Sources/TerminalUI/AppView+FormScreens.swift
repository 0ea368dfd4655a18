import AuthScreens
import TerminalKit

// The forms' base screens draw themselves (`DrawnScreen`), each in its box under the logo; their forms are
// laid out in `AppView+Forms.swift`.

extension SignInState: DrawnScreen {
    /// Sign in, or the browser sign-in's wait for its redirect.
    func draw(with view: AppView, _ state: AppState, into grid: inout CellGrid, in body: Rect) -> Position? {
        if hostedUI != nil { return view.drawBrowserSignIn(self, into: &grid, in: body) }
        return view.drawWithLogo(
            view.signInForm(self, screenWidth: body.width), title: ScreenText.signInTitle, logo: state.options.logo,
            into: &grid, in: body)
    }
}

extension SignUpState: DrawnScreen {
    func draw(with view: AppView, _ state: AppState, into grid: inout CellGrid, in body: Rect) -> Position? {
        view.drawWithLogo(
            view.signUpForm(self), title: ScreenText.signUpTitle, logo: state.options.logo, into: &grid, in: body)
    }
}

extension ConfirmSignUpState: DrawnScreen {
    func draw(with view: AppView, _ state: AppState, into grid: inout CellGrid, in body: Rect) -> Position? {
        view.drawWithLogo(
            view.confirmForm(self), title: ScreenText.confirmSignUpTitle, logo: state.options.logo, into: &grid,
            in: body)
    }
}

extension ForgotPasswordState: DrawnScreen {
    /// Placed for its taller step too, so the box does not jump between the two.
    func draw(with view: AppView, _ state: AppState, into grid: inout CellGrid, in body: Rect) -> Position? {
        var otherStep = self
        otherStep.step = step == .requestCode ? .resetPassword : .requestCode
        return view.drawWithLogo(
            view.forgotForm(self), title: ScreenText.forgotPasswordTitle, logo: state.options.logo,
            otherSteps: [view.forgotForm(otherStep)], into: &grid, in: body)
    }
}

extension ChallengeState: DrawnScreen {
    func draw(with view: AppView, _ state: AppState, into grid: inout CellGrid, in body: Rect) -> Position? {
        view.drawChallengeScreen(self, logo: state.options.logo, into: &grid, in: body)
    }
}
