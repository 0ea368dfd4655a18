import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// Mouse clicks in the full-screen UI, through tmux at 80x24: the click is written to the pane as the
    /// terminal would send it (X10 encoding, which ncurses expects for tmux's `screen` terminal type).
    @Suite("The full-screen UI's mouse, in tmux", .enabled(if: TmuxSession.canRunApp))
    struct TerminalMouseEndToEndTests {
        /// A left press and release at a screen cell (0-based), X10-encoded.
        static func click(_ session: TmuxSession, row: Int, column: Int) {
            func event(_ button: Int) -> String {
                "\u{1B}[M" + String(UnicodeScalar(UInt8(32 + button))) + String(UnicodeScalar(UInt8(33 + column)))
                    + String(UnicodeScalar(UInt8(33 + row)))
            }
            session.type(event(0) + event(3))
        }

        /// Where `text` starts on the screen.
        static func position(of text: String, in screen: String) -> (row: Int, column: Int)? {
            for (row, line) in screen.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if let range = line.range(of: text) {
                    return (row, line.distance(from: line.startIndex, to: range.lowerBound))
                }
            }
            return nil
        }

        /// A pane flag tmux keeps for the app's mouse mode ("1" when the app turned it on).
        static func flag(_ name: String, _ session: TmuxSession) -> String {
            session.tmux(["display-message", "-p", "-t", session.target, "#{\(name)}"]).output
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }

        @Test(
            "clicks only (no motion tracking); clicking Forgot password opens it; --no-mouse leaves the mouse to the terminal"
        )
        func clickAndNoMouse() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try TerminalApp.temporaryDirectory("mouse")
            let session = try TerminalApp.start(
                config: backend.info.configPath, store: directory + "/store", columns: 80, rows: 24, name: "mouse")
            defer { session.kill() }
            let signIn = try await session.waitFor("Sign in", "Forgot password")
            #expect(Self.flag("mouse_standard_flag", session) == "1")
            #expect(Self.flag("mouse_button_flag", session) == "0" && Self.flag("mouse_all_flag", session) == "0")
            // A click on nothing changes nothing.
            Self.click(session, row: 0, column: 40)
            let link = try #require(Self.position(of: "Forgot password", in: signIn))
            Self.click(session, row: link.row, column: link.column + 2)
            try await session.waitFor("Reset your password", "Send code")
            session.press("C-c")
            #expect(try await session.waitForExit() == 0)
            // Mouse reporting is off again after the exit.
            #expect(Self.flag("mouse_any_flag", session) == "0")

            let plain = try TerminalApp.start(
                config: backend.info.configPath, store: directory + "/store", extra: ["--no-mouse"], columns: 80,
                rows: 24, name: "nomouse")
            defer { plain.kill() }
            try await plain.waitFor("Sign in", "Forgot password")
            #expect(Self.flag("mouse_any_flag", plain) == "0")
            plain.press("C-c")
            #expect(try await plain.waitForExit() == 0)
        }
    }
}
