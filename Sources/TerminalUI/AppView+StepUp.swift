import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKit

extension AppView {
    /// Draws the step-up prompt over the dashboard: the level needed, the waiting calls, and the one
    /// factor the pool asks for (a code field, or the passkey's line while its ceremony runs over the prompt or
    /// after it failed), and returns the cursor.
    func drawStepUp(_ prompt: StepUpPromptState, into grid: inout CellGrid, in body: Rect) -> Position? {
        if let challenge = prompt.challenge, prompt.problem == nil {
            var framed = challenge
            if case .code(var code) = challenge {
                if code.notice == nil { code.notice = prompt.notice }
                framed = .code(code)
            }
            return drawChallenge(framed, into: &grid, in: body, clears: true)
        }
        var form = FormLayout()
        form.add(.text(prompt.message, CellStyle(.normal, .bold)))
        if prompt.waitingCount > 0 { form.add(.banner(Banner(.warning, prompt.waitingText))) }
        form.addSpacer()
        if let problem = prompt.problem {
            form.add(.banner(Banner(.error, problem)))
        }
        if let passkey = prompt.passkeyText {
            if prompt.problem != nil { form.addSpacer() }
            form.add(.text(passkey, CellStyle(.normal)))
        } else if prompt.problem == nil, let activity = prompt.activity {
            form.add(.text(activity, CellStyle(.dim)))
        }
        return drawBoxed(form, title: prompt.title, into: &grid, in: body, clears: true)
    }
}

extension StepUpPromptState: DrawnModal {
    /// The help overlay replaces the prompt while it is open, so their borders never cross.
    func draw(with view: AppView, _ state: AppState, into grid: inout CellGrid, in body: Rect) -> Position? {
        state.isHelpVisible ? nil : view.drawStepUp(self, into: &grid, in: body)
    }
}
