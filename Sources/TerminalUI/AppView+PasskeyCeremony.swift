import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKit

extension AppView {
    /// Draws the passkey ceremony screen in place of whatever shows and returns its cursor (in the PIN field).
    ///
    /// The prompt turns with the UI's spinner while the authenticator works; the PIN phase shows the masked field
    /// with "Wrong PIN." and the attempts left under it; a failure shows its sentence and next step.
    func drawPasskeyCeremony(
        _ ceremony: PasskeyCeremonyState, spinnerTick: Int, into grid: inout CellGrid, in body: Rect
    ) -> Position? {
        var form = FormLayout()
        switch ceremony.phase {
        case .ended(let failure):
            let tone: Banner.Kind = failure == .cancelled ? .warning : .error
            form.add(.banner(Banner(tone, ceremony.message)))
            if let next = ceremony.nextStep {
                form.addSpacer()
                form.add(.text(next, CellStyle(.normal)))
            }
        case .pin(let request, let field):
            form.add(.text(ceremony.message, CellStyle(.normal, .bold)))
            form.addSpacer()
            form.add(
                .field(
                    label: Localized.text(\.passkeyPINLabel), field: field, isFocused: true, placeholder: "", hint: nil)
            )
            if let status = ceremony.pinStatus {
                form.add(.banner(Banner(request.previousWasWrong ? .error : .info, status)))
            }
        case .starting, .prompt, .cancelling:
            let frames = ScreenText.spinnerFrames
            let glyph = frames[((spinnerTick % frames.count) + frames.count) % frames.count]
            form.addSpacer()
            form.add(.text(glyph + " " + ceremony.message, CellStyle(.normal, .bold)))
            form.addSpacer()
        }
        // The ceremony is the one thing to attend to: what it covers is cleared, so no part of it shows around the box.
        grid.fill(body)
        return drawBoxed(form, title: ceremony.title, into: &grid, in: body, clears: true)
    }
}
