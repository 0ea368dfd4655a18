import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKit

extension AppView {
    /// Draws the re-login prompt over the dashboard and returns the cursor.
    func drawRelogin(_ prompt: ReloginPromptState, into grid: inout CellGrid, in body: Rect) -> Position? {
        if let challenge = prompt.challenge {
            return drawChallenge(challenge, into: &grid, in: body, clears: true)
        }
        var form = FormLayout()
        form.add(.text(prompt.message, CellStyle(.normal, .bold)))
        if prompt.waitingCount > 0 {
            form.add(.banner(Banner(.warning, prompt.waitingText)))
        }
        if let notice = prompt.signIn.notice { form.add(.banner(Banner(.info, notice))) }
        form.addSpacer()
        let screen = prompt.signIn
        form.add(field(screen, .username))
        if screen.showsPassword {
            form.add(field(screen, .password))
        }
        addBanner(screen.banner, to: &form)
        form.addSpacer()
        form.add(actions(screen, [.signIn, .passkey], links: [.forgotPassword, .cancel]))
        return drawBoxed(form, title: prompt.title, into: &grid, in: body, clears: true)
    }
}

extension ReloginPromptState: DrawnModal {
    /// The help overlay replaces the prompt while it is open, so their borders never cross.
    func draw(with view: AppView, _ state: AppState, into grid: inout CellGrid, in body: Rect) -> Position? {
        state.isHelpVisible ? nil : view.drawRelogin(self, into: &grid, in: body)
    }
}
