import Foundation
import Testing

@testable import TerminalKit
@testable import TerminalUI

@Suite("OSC 52 clipboard sequence")
struct OSC52Tests {
    @Test("plain: ESC ] 52 ; c ; base64 BEL, and the text never appears as itself")
    func plain() {
        let sequence = OSC52.sequence(for: "eyJ.token", passthrough: false)
        #expect(sequence == "\u{1B}]52;c;" + Data("eyJ.token".utf8).base64EncodedString() + "\u{07}")
        #expect(!sequence.contains("eyJ.token"))
    }

    @Test("tmux passthrough: DCS tmux; with every ESC doubled, ended by ST")
    func passthrough() {
        let sequence = OSC52.sequence(for: "abc", passthrough: true)
        #expect(sequence == "\u{1B}Ptmux;\u{1B}\u{1B}]52;c;YWJj\u{07}\u{1B}\\")
    }

    @Test("wrap only inside tmux when set-clipboard is not on (or could not be read)")
    func decision() {
        #expect(!OSC52.needsTmuxPassthrough(environment: [:], tmuxSetClipboard: nil))
        #expect(!OSC52.needsTmuxPassthrough(environment: ["TMUX": ""], tmuxSetClipboard: nil))
        let inTmux = ["TMUX": "/tmp/tmux-1000/default,123,0"]
        #expect(!OSC52.needsTmuxPassthrough(environment: inTmux, tmuxSetClipboard: "on\n"))
        #expect(OSC52.needsTmuxPassthrough(environment: inTmux, tmuxSetClipboard: "external"))
        #expect(OSC52.needsTmuxPassthrough(environment: inTmux, tmuxSetClipboard: "off"))
        #expect(OSC52.needsTmuxPassthrough(environment: inTmux, tmuxSetClipboard: nil))
    }

    @Test("outside tmux nothing is asked")
    func noQueryOutsideTmux() {
        #expect(OSC52.tmuxSetClipboardOption(environment: [:]) == nil)
    }
}
