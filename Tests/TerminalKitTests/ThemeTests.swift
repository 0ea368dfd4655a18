import Testing

@testable import TerminalKit

@Suite struct ThemeTests {
    @Test func noColorEnvironmentSelectsTheMonochromeTheme() {
        #expect(Theme.automatic(environment: ["NO_COLOR": "1"]) == .noColor)
        #expect(Theme.automatic(environment: ["NO_COLOR": ""]) == .standard)
        #expect(Theme.automatic(environment: ["TERM": "dumb"]) == .noColor)
        #expect(Theme.automatic(environment: [:]) == .standard)
    }

    @Test func monochromeThemeKeepsStateVisibleWithoutColour() {
        let theme = Theme.noColor
        #expect(!theme.usesColor)
        #expect(theme.colorPair(for: CellStyle(.error)) == 0)
        #expect(theme.attributes(for: CellStyle(.focus)).contains(.reverse))
        #expect(theme.attributes(for: CellStyle(.selection)).contains(.reverse))
        #expect(theme.attributes(for: CellStyle(.error)).contains(.bold))
        #expect(theme.attributes(for: CellStyle(.badge)).contains(.reverse))
        #expect(theme.attributes(for: CellStyle(.field)).contains(.underline))
        #expect(theme.attributes(for: CellStyle(.normal, .underline)) == .underline)
    }

    @Test func rolesMapToDistinctColourPairs() {
        let pairs = ThemeRole.allCases.map(\.colorPair)
        #expect(Set(pairs).count == pairs.count)
        #expect(pairs.min() == 1)
        #expect(Theme.standard.colorPair(for: CellStyle(.error)) == ThemeRole.error.colorPair)
        #expect(
            Theme.standard.style(for: .qrCode) == Theme.Style(foreground: .white, background: .black))
        #expect(Theme.standard.withoutColor == .noColor)
    }
}
