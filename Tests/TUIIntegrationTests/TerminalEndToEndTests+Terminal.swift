import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What the terminal shows and is left in: resizing, unicode input, NO_COLOR, the state after exit.
extension BackendTests.TerminalEndToEndTests {
    // MARK: 7. Resize

    @Test(
        "a resize to 60x20 keeps the form (compact); to 50x16 shows the too-small notice, where q does not quit; back to 100x30 restores the username"
    )
    func resizeTooSmall() async throws {
        let backend = try await LocalBackend.shared()
        let (session, _) = try await Self.startAtSignIn(backend, name: "resize")
        defer { session.kill() }
        session.type("resizer42")
        try await session.waitUntil("the typed username") {
            Self.field("Username", in: $0)?.contains("resizer42") == true
        }

        try await session.resize(columns: 60, rows: 20)
        let compact = try await session.waitUntil("the compact form at 60x20") {
            Self.field("Username", in: $0)?.contains("resizer42") == true && $0.contains("Forgot password")
        }
        #expect(!compact.contains("Terminal too small"), "\(compact)")

        try await session.resize(columns: 50, rows: 16)
        // The notice's whole sentence (it names the size it needs at its end), not its first words.
        let small = try await session.waitUntil("the too-small notice naming 60x20") {
            $0.contains("Terminal too small") && Self.flattened($0).contains("60x20")
        }
        #expect(!small.contains("Username"), "\(small)")
        #expect(!small.contains("Password"), "\(small)")
        #expect(Self.flattened(small).contains("60x20"), "\(small)")
        // A form is focused: q is not a quit key here (it would lose the form).
        session.type("q")
        try await session.waitUntil("the notice naming Ctrl-C") { Self.flattened($0).contains("Ctrl-C to quit") }
        #expect(!session.screen().contains("EXIT="))

        try await session.resize(columns: 100, rows: 30)
        let restored = try await session.waitUntil("the form again with the username") {
            Self.field("Username", in: $0)?.contains("resizer42") == true && !$0.contains("Terminal too small")
        }
        #expect(restored.contains("Forgot password"))
        // Still editable: the field has focus and takes more text.
        session.type("x")
        try await session.waitUntil("more text in the username") {
            Self.field("Username", in: $0)?.contains("resizer42x") == true
        }
        #expect(try await Self.quit(session) == 0)
    }

    // MARK: 8. Unicode

    @Test("unicode in the username field is shown; Backspace removes one grapheme")
    func unicodeUsername() async throws {
        let backend = try await LocalBackend.shared()
        let (session, _) = try await Self.startAtSignIn(backend, name: "unicode")
        defer { session.kill() }
        session.type("José-用户")
        try await session.waitUntil("José-用户 in the username") {
            Self.field("Username", in: $0)?.contains("José-用户") == true
        }
        session.press("BSpace")
        try await session.waitUntil("one grapheme less: José-用") {
            guard let line = Self.field("Username", in: $0) else { return false }
            return line.contains("José-用") && !line.contains("用户")
        }
        session.press("BSpace", "BSpace", "BSpace")  // 用, -, é
        let screen = try await session.waitUntil("Jos left") {
            guard let line = Self.field("Username", in: $0) else { return false }
            return line.contains("Jos") && !line.contains("José") && !line.contains("-")
        }
        let line = Self.field("Username", in: screen) ?? ""
        #expect(!line.contains("e\u{301}") && !line.unicodeScalars.contains("\u{301}"), "\(screen)")
        // A decomposed é (e + combining acute) is one grapheme too.
        session.type("e\u{301}x")
        try await session.waitUntil("Joséx") {
            Self.field("Username", in: $0)?.contains("Joséx") == true
        }
        session.press("BSpace", "BSpace")
        try await session.waitUntil("Jos again") {
            guard let line = Self.field("Username", in: $0) else { return false }
            return line.contains("Jos") && !line.contains("José") && !line.unicodeScalars.contains("\u{301}")
        }
        #expect(try await Self.quit(session) == 0)
    }

    // MARK: 9. NO_COLOR

    /// The SGR parameter lists of `screen` (captured with `-e`) that set a colour.
    static func colourSequences(_ screen: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: "\u{1B}\\[([0-9;:]*)m") else { return [] }
        var found: [String] = []
        for match in regex.matches(in: screen, range: NSRange(screen.startIndex..., in: screen)) {
            guard let range = Range(match.range(at: 1), in: screen) else { continue }
            let params = screen[range].split(whereSeparator: { $0 == ";" || $0 == ":" }).compactMap { Int($0) }
            let colour = params.contains {
                (30...38).contains($0) || (40...48).contains($0) || (90...97).contains($0)
                    || (100...107).contains($0)
            }
            if colour { found.append(String(screen[range])) }
        }
        return found
    }

    @Test("NO_COLOR=1: no colour escapes, the focused item is still marked")
    func noColor() async throws {
        let backend = try await LocalBackend.shared()
        // Control: without NO_COLOR the same capture does carry colours (so the check below means something).
        let (coloured, _) = try await Self.startAtSignIn(backend, name: "colour")
        defer { coloured.kill() }
        let withColour = try await coloured.waitUntil("colour escapes", escapes: true) {
            !Self.colourSequences($0).isEmpty
        }
        #expect(!Self.colourSequences(withColour).isEmpty)
        coloured.kill()

        let (session, _) = try await Self.startAtSignIn(backend, name: "nocolor", environment: ["NO_COLOR": "1"])
        defer { session.kill() }
        session.type("mono")
        try await session.waitUntil("the typed username") {
            Self.field("Username", in: $0)?.contains("mono") == true
        }
        let escaped = session.screen(escapes: true)
        let colours = Self.colourSequences(escaped)
        #expect(colours.isEmpty, "colour SGR sequences under NO_COLOR: \(Set(colours))")
        #expect(Self.field("Username", in: session.screen())?.contains("›") == true)
        // Focus moves to the button: it is marked by the marker or by an attribute (reverse / bold / underline).
        session.press("Tab", "Tab")
        let onButton = try await session.waitUntil("focus on [ Sign in ]") {
            !(Self.field("Username", in: $0)?.contains("›") ?? true)
                && !(Self.field("Password", in: $0)?.contains("›") ?? true)
        }
        let buttonLine = Self.line(containing: "Sign in ]", in: onButton) ?? ""
        let escapedButton = Self.line(containing: "Sign in ]", in: session.screen(escapes: true)) ?? ""
        let marked =
            buttonLine.contains("›") || escapedButton.contains("\u{1B}[7m") || escapedButton.contains("\u{1B}[1m")
            || escapedButton.contains("\u{1B}[4m")
            || escapedButton.range(of: "\u{1B}\\[[0-9;]*(;7|7;)[0-9;]*m", options: .regularExpression) != nil
        #expect(marked, "the focused button is not marked: \(escapedButton.debugDescription)")
        #expect(Self.colourSequences(session.screen(escapes: true)).isEmpty)
        #expect(try await Self.quit(session) == 0)
    }

    // MARK: 10. Terminal restored

    static let boxCharacters: [Character] = ["┌", "┐", "└", "┘", "│", "─"]

    /// Types `stty -a` into the pane's shell (after the app exited) and returns its output.
    static func sttyAfterExit(_ session: TmuxSession) async throws -> String {
        session.type("stty -a; echo STTY-DONE")
        session.press("Enter")
        return try await session.waitUntil("stty -a output") {
            $0.components(separatedBy: "STTY-DONE").count >= 3  // the echoed command line and the output
        }
    }

    static func isCookedTerminal(_ stty: String) -> Bool {
        let words = stty.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" })
        return words.contains("icanon") && words.contains("echo") && !words.contains("-icanon")
            && !words.contains("-echo")
    }

    @Test("Ctrl-C quits with 0 and restores the terminal; SIGTERM exits 143 and restores it too")
    func quitRestoresTerminal() async throws {
        let backend = try await LocalBackend.shared()
        let (session, _) = try await Self.startAtSignIn(backend, name: "ctrlc")
        defer { session.kill() }
        #expect(try await Self.quit(session) == 0)
        let after = session.screen()
        #expect(after.contains("EXIT=0"))
        #expect(!after.contains { Self.boxCharacters.contains($0) }, "the UI is still on screen:\n\(after)")
        #expect(after.contains("latchkey: Not signed in."))
        let stty = try await Self.sttyAfterExit(session)
        #expect(Self.isCookedTerminal(stty), "\(stty)")
        session.kill()

        let (term, _) = try await Self.startAtSignIn(backend, name: "sigterm")
        defer { term.kill() }
        term.type("halfway")
        try await term.waitUntil("typed text") { Self.field("Username", in: $0)?.contains("halfway") == true }
        let pid = try #require(term.appPID, "no app pid")
        #expect(Glibc.kill(pid, SIGTERM) == 0)
        #expect(try await term.waitForExit() == 143)
        let afterTerm = term.screen()
        #expect(!afterTerm.contains { Self.boxCharacters.contains($0) }, "the UI is still on screen:\n\(afterTerm)")
        let sttyTerm = try await Self.sttyAfterExit(term)
        #expect(Self.isCookedTerminal(sttyTerm), "\(sttyTerm)")
    }
}
