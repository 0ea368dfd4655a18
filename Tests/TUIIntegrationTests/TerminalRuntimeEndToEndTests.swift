import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

/// The terminal runtime of the full-screen UI in tmux: event-driven input (a paste in one pass, a
/// lone Escape after its delay), Ctrl-Z under a job-control shell, and the command line's answers
/// to mistakes. No timing is asserted; `Benchmarks/ui-bench` prints the figures.
extension BackendTests {
    @Suite("The terminal runtime end to end, in tmux", .enabled(if: TmuxSession.canRunApp))
    struct TerminalRuntimeEndToEndTests {
        typealias Screens = TerminalEndToEndTests

        @Test("a 500-character bracketed paste arrives whole in the field; a lone Escape still goes back")
        func pasteAndEscape() async throws {
            let backend = try await LocalBackend.shared()
            let (session, _) = try await Screens.startAtSignIn(backend, name: "paste")
            defer { session.kill() }
            let text = String(String(repeating: "pasted-text-", count: 50).prefix(496)) + "ZQZQ"
            session.tmux(["set-buffer", "-b", "bench", "--", text])
            session.tmux(["paste-buffer", "-p", "-b", "bench", "-t", session.target])
            let pasted = try await session.waitUntil("the paste's end in the Username field") {
                Screens.field("Username", in: $0)?.contains("ZQZQ") == true
            }
            // One paste, not 500 keys: the field holds the whole text (its tail shows, with a marker).
            #expect(Screens.field("Username", in: pasted)?.contains("…") == true, "\(pasted)")

            // Escape on the Create account screen goes back to Sign in: the ESC is held for the Esc
            // delay (a poll timeout) and then delivered alone.
            session.press("Tab", "Tab", "Tab", "Enter")
            try await session.waitFor("Create account", "The password needs:")
            session.press("Escape")
            try await session.waitUntil("the sign-in screen again") {
                $0.contains("Forgot password") && !$0.contains("The password needs:")
            }
            // Arrow keys still decode as one key each (an escape sequence is not split by the hold).
            #expect(try await Screens.quit(session) == 0)
        }

        @Test("LANG=C draws ASCII borders and marks; TERM=linux puts placeholders and fields on blue")
        func glyphFallbacks() async throws {
            let backend = try await LocalBackend.shared()
            let (ascii, _) = try await Screens.startAtSignIn(
                backend, name: "ascii", environment: ["LANG": "C", "LC_ALL": "", "LC_CTYPE": ""])
            defer { ascii.kill() }
            ascii.press("Enter", "Enter")  // an empty username: the field error with its mark
            let screen = try await ascii.waitFor("Enter a username")
            #expect(screen.contains("+-"), "ASCII corners: \(screen)")
            #expect(!screen.contains("─") && !screen.contains("✖") && !screen.contains("┌"), "\(screen)")
            #expect(screen.contains("x Enter a username"), "\(screen)")
            #expect(try await Screens.quit(ascii) == 0)

            let (console, _) = try await Screens.startAtSignIn(backend, name: "linux", environment: ["TERM": "linux"])
            defer { console.kill() }
            console.press("Tab")  // focus leaves Username: its placeholder is drawn unfocused
            let colours = try await console.waitUntil("the placeholder drawn", escapes: true) {
                $0.contains("name or email")
            }
            let line = colours.split(separator: "\n").first { $0.contains("name or email") } ?? ""
            // Blue background (44) for the field and its placeholder, cyan (36) placeholder text.
            #expect(line.contains("44"), "\(line.debugDescription)")
            #expect(try await Screens.quit(console) == 0)
        }

        @Test("TERM unset is one clear sentence; TERM=dumb says it falls back to plain prompts")
        func terminalTypes() async throws {
            let backend = try await LocalBackend.shared()
            guard let binary = LatchkeyBinary.url else { throw TmuxSession.Failure("latchkey is not built") }
            let store = try TerminalApp.temporaryDirectory("termtypes")
            let base = [binary.path, "--config", backend.info.configPath, "--store", store]
            let unset = try TmuxSession(
                ["env", "-u", "TERM"] + base, environment: TerminalApp.baseEnvironment, name: "noterm")
            defer { unset.kill() }
            let status = try await unset.waitForExit()
            let text = Screens.flattened(unset.screen())
            #expect(status == 2, "\(text)")
            #expect(text.contains("TERM is not set"), "\(text)")
            #expect(!text.contains(".)."), "no nested parentheses: \(text)")

            let dumb = try TmuxSession(
                base, environment: TerminalApp.baseEnvironment.merging(["TERM": "dumb"]) { $1 }, name: "dumb")
            defer { dumb.kill() }
            let prompt = try await dumb.waitFor("Username")
            #expect(Screens.flattened(prompt).contains("falls back to plain prompts"), "\(prompt)")
            // Left at the prompt: kill() ends the session (Ctrl-C would end the wrapper shell too).
        }

        @Test("Ctrl-Z stops the UI under a job-control shell with the terminal restored; fg redraws it in full")
        func ctrlZSuspendsAndResumes() async throws {
            let backend = try await LocalBackend.shared()
            guard let binary = LatchkeyBinary.url else { throw TmuxSession.Failure("latchkey is not built") }
            let store = try TerminalApp.temporaryDirectory("suspend")
            // An interactive shell, so that there is job control for Ctrl-Z and fg.
            let session = try TmuxSession(
                ["bash", "--norc", "--noprofile", "-i"],
                environment: TerminalApp.baseEnvironment.merging(["PS1": "$ "]) {
                    $1
                }, columns: 80, rows: 24, name: "suspend")
            defer { session.kill() }
            try await session.waitFor("$")
            let command = [binary.path, "--config", backend.info.configPath, "--store", store]
                .map(TmuxSession.quote).joined(separator: " ")
            session.type(command)
            session.press("Enter")
            try await session.waitFor("Sign in", "Forgot password")
            session.type("suspender")
            try await session.waitUntil("the typed username") {
                Screens.field("Username", in: $0)?.contains("suspender") == true
            }

            session.press("C-z")
            let stopped = try await session.waitUntil("the shell's job notice") {
                $0.contains("Stopped") && !$0.contains("Forgot password")
            }
            #expect(!stopped.contains("Username"), "\(stopped)")
            // While stopped the terminal is the shell's again: canonical mode and echo.
            session.type("stty -a | tr ' ' '\\n' | grep -x -e icanon -e echo | tr '\\n' ' '; echo")
            session.press("Enter")
            try await session.waitUntil("stty shows icanon and echo") { $0.contains("icanon echo") }

            session.type("fg")
            session.press("Enter")
            let resumed = try await session.waitUntil("the sign-in screen redrawn") {
                $0.contains("Forgot password") && Screens.field("Username", in: $0)?.contains("suspender") == true
            }
            #expect(!resumed.contains("icanon echo"), "the resumed frame is a full redraw: \(resumed)")
            // Keys work again (raw mode is back: a Tab moves the focus instead of being echoed).
            session.type("X")
            try await session.waitUntil("more text in the field") {
                Screens.field("Username", in: $0)?.contains("suspenderX") == true
            }
            session.press("C-c")
            try await session.waitUntil("the shell prompt after quitting") { !$0.contains("Forgot password") }
        }
    }
}

/// The command line's answers to mistakes and `--version` (no backend needed).
@Suite("The latchkey command line: version and mistakes", .timeLimit(.minutes(2)))
struct CommandLineMistakeTests {
    @Test("--version and version print the one version string")
    func version() async throws {
        let flag = try await LatchkeyBinary.run(["--version"])
        #expect(flag.status == 0, "\(flag)")
        #expect(flag.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == LatchkeyVersion.current)
        let command = try await LatchkeyBinary.run(["version"])
        #expect(command.status == 0, "\(command)")
        #expect(command.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == LatchkeyVersion.current)
    }

    @Test("an unknown command suggests the nearest one on one line, without ui's usage")
    func unknownCommand() async throws {
        let output = try await LatchkeyBinary.run(["stauts"])
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.contains("unknown command \"stauts\""), "\(output.stderr)")
        #expect(output.stderr.contains("Did you mean status?"), "\(output.stderr)")
        // One line, no usage block after it (issue 29, N18).
        #expect(!output.stderr.contains("latchkey <subcommand>"), "\(output.stderr)")
        #expect(output.stderr.split(separator: "\n", omittingEmptySubsequences: false).count == 2, "\(output.stderr)")
        #expect(!output.stderr.contains("--disable-sign-up"), "ui's options are not shown: \(output.stderr)")
        let far = try await LatchkeyBinary.run(["xyzzy"])
        #expect(far.status == 2)
        #expect(!far.stderr.contains("Did you mean"), "\(far.stderr)")
    }

    @Test("a negative --retry-seconds is a range error, not a missing value")
    func negativeRetrySeconds() async throws {
        for command in ["token", "credentials"] {
            let output = try await LatchkeyBinary.run([command, "--retry-seconds", "-5"])
            #expect(output.status == 2, "\(output)")
            #expect(output.stderr.contains("--retry-seconds must be a number of seconds from 0"), "\(output.stderr)")
            #expect(!output.stderr.contains("Missing value"), "\(output.stderr)")
        }
    }

    @Test("--theme neon is rejected with the valid values")
    func unknownTheme() async throws {
        let output = try await LatchkeyBinary.run(["--theme", "neon"])
        #expect(output.status == 2, "\(output)")
        #expect(output.stderr.contains("unknown theme \"neon\""), "\(output.stderr)")
        #expect(output.stderr.contains("default, mono"), "\(output.stderr)")
    }
}
