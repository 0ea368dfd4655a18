import AuthScreens
import Foundation
import LatchkeyText
import TerminalKeys
import Testing

@testable import TerminalKit
@testable import TerminalUI

/// The help overlay shows every line whole: none cut with "…", none left out (issue 29, N21).
@MainActor
@Suite struct HelpOverlayFitTests {
    /// `state` with its help open (F1 works on every screen, forms included).
    static func withHelp(_ state: AppState) -> AppState {
        var state = state
        _ = state.reduce(.keyPressed(.function(1)))
        return state
    }

    /// The screens whose help differs: the dashboard, Profile, Devices and a form.
    static var screens: [(String, AppState)] {
        [
            ("dashboard", ScreenFixtures.dashboard), ("profile", ProfileFixtures.profile),
            ("devices", DeviceFixtures.devices), ("form", ScreenFixtures.signInEmpty),
        ]
    }

    /// The help lines of `state` missing from (or cut in) its help overlay at `size`.
    static func missing(_ state: AppState, size: TerminalSize) -> [String] {
        let shown = withHelp(state)
        #expect(shown.isHelpVisible)
        let lines = ScreenFixtures.view.render(shown, size: size).grid.textLines()
        return shown.helpLines.filter { line in
            // A line is drawn as its key, then what the key does, in columns of their own.
            let parts = line.components(separatedBy: "   ")
            let key = parts[0]
            let text = parts.dropFirst().joined(separator: "   ").trimmingCharacters(in: .whitespaces)
            return !lines.contains { $0.contains(key) && $0.contains(text) }
        }
    }

    @Test(arguments: [Language.english, .japanese])
    func everyHelpLineShowsWholeAt80x24(_ language: Language) {
        Language.$override.withValue(language) {
            for (name, state) in Self.screens {
                let size = TerminalSize(columns: 80, rows: 24)
                #expect(
                    Self.missing(state, size: size).isEmpty, "\(name) \(language): \(Self.missing(state, size: size))")
            }
        }
    }

    /// ux-3, item 15: at 80x24 the help left the borders of the boxes beneath beside it (`┐ │ ┘`).
    @Test(arguments: [Language.english, .japanese])
    func nothingOfTheScreenBeneathShowsBesideTheHelpAt80x24(_ language: Language) {
        Language.$override.withValue(language) {
            for (name, state) in Self.screens {
                let lines = ScreenFixtures.view.render(Self.withHelp(state), size: TerminalSize(columns: 80, rows: 24))
                    .grid.textLines(trimming: false)
                let body = lines.dropFirst().dropLast(2)
                guard let top = body.first(where: { $0.contains(ScreenText.helpTitle) }),
                    let left = top.firstIndex(of: "┌"), let right = top.lastIndex(of: "┐")
                else {
                    Issue.record("\(name) \(language): no help box")
                    continue
                }
                let leftColumn = TextWidth.width(of: top[..<left])
                let rightColumn = TextWidth.width(of: top[..<right])
                for line in body {
                    var column = 0
                    var outside: [Character] = []
                    for character in line {
                        if column < leftColumn || column > rightColumn { outside.append(character) }
                        column += max(1, TextWidth.width(of: String(character)))
                    }
                    #expect(
                        outside.allSatisfy { $0 == " " }, "\(name) \(language): something beside the help: \(line)")
                }
            }
        }
    }

    @Test(arguments: [Language.english, .japanese])
    func theFormHelpShowsWholeAt60x20(_ language: Language) {
        Language.$override.withValue(language) {
            let missing = Self.missing(ScreenFixtures.signInEmpty, size: TerminalSize(columns: 60, rows: 20))
            #expect(missing.isEmpty, "\(language): \(missing)")
        }
    }

    @Test func theFormHelpNamesTheREADMEsEditingKeys() {
        let help = ScreenText.formHelp.joined(separator: "\n")
        for key in ["Ctrl-A", "Ctrl-E", "Ctrl-B", "Ctrl-F", "Ctrl-D", "Ctrl-U", "Ctrl-K", "Ctrl-W", "Ctrl-Z", "Mouse"] {
            #expect(help.contains(key), "\(key)")
        }
    }
}
