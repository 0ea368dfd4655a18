import Foundation
import Testing

@testable import TerminalUI

@MainActor
@Test func dumpScreens() throws {
    var out = ""
    for (name, state) in ScreenFixtures.all {
        for (c, r) in [(80, 24), (120, 40)] {
            out += "=== \(name) \(c)x\(r)\n"
            let lines = ScreenFixtures.view.render(state, size: TerminalSize(columns: c, rows: r)).grid.textLines()
            out += lines.map { $0 + "|" }.joined(separator: "\n") + "\n"
        }
    }
    out += "=== tooSmall\n" + ScreenFixtures.text(ScreenFixtures.signInEmpty, 60, 20) + "\n"
    try out.write(toFile: "/tmp/screens.txt", atomically: true, encoding: .utf8)
}
