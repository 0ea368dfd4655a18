import AuthScreens
import CognitoAuth
import Foundation
import TerminalUI

/// What `latchkey` does with a terminal: the full-screen UI, or line prompts with `--plain`.
enum InteractiveEntry {
    static func run(client: AuthClient, global: GlobalOptions, ui: UIOptions, prefilledUsername: String?) async throws {
        let environment = ProcessInfo.processInfo.environment
        let plain = ui.plain || environment["ACCESSIBLE"] == "1" || environment["TERM"] == "dumb"
        if plain {
            if !ui.plain, environment["ACCESSIBLE"] != "1" {
                CLIOutput.info(
                    "latchkey: TERM=dumb cannot show the full-screen UI, so latchkey falls back to plain prompts.")
            }
            try await runPlain(client: client, prefilledUsername: prefilledUsername)
            return
        }
        var options = try ui.resolve(configuration: client.configuration)
        if let prefilledUsername, await client.username == nil { options.prefilledUsername = prefilledUsername }
        let flow = client.options.authenticationFlow ?? client.configuration.userPool?.authenticationFlow
        options.choosesSignInMethod = flow == .userAuth
        let theme: Theme = options.themeName == "mono" ? .noColor : .automatic(environment: environment)
        let backend = client.configuration.userPool?.endpoint?.host ?? client.configuration.userPool?.region
        let exit: AuthScreensRuntime.Exit
        if (environment["TERM"] ?? "").isEmpty, isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 {
            throw CLIFailure(
                code: 2,
                message: "TERM is not set, so the full-screen UI cannot start. "
                    + "Set it (for example TERM=xterm-256color) or pass --plain for line prompts.")
        }
        do {
            exit = try await AuthTerminalApp.runInTerminal(
                service: client, options: options, theme: theme, backend: backend)
        } catch TerminalError.notATerminal {
            throw CLIFailure(
                code: 2,
                message: """
                    no terminal: the full-screen UI needs a TTY on standard input and output.
                    Use the non-interactive commands instead: latchkey sign-in --username U --password-stdin, \
                    latchkey status, latchkey token, latchkey credentials (or --plain for line prompts).
                    """)
        } catch TerminalError.unknownTerminalType(let name) {
            throw CLIFailure(
                code: 2,
                message: "the terminal type \"\(TerminalText.sanitized(name))\" is unknown to ncurses, so the "
                    + "full-screen UI cannot start. Set TERM to a known type such as xterm-256color, or pass --plain.")
        } catch {
            throw CLIFailure(code: 2, message: "the terminal could not be started: \(error) Try --plain.")
        }
        let state = await client.userState
        switch exit {
        case .cancelled:
            throw CLIFailure(code: 1, message: "sign-in was cancelled.")
        default:
            print("latchkey: \(state.rawValue)\(await client.username.map { " as \($0)" } ?? "")")
        }
    }

    static func runPlain(client: AuthClient, prefilledUsername: String?) async throws {
        if await client.userState == .signedIn {
            print("Already signed in as \(await client.username ?? "?"). See `latchkey status`.")
            return
        }
        let suggested = await client.username ?? prefilledUsername
        let typed = try CLIOutput.ask("Username\(suggested.map { " [\($0)]" } ?? ""): ")
        let username = typed.isEmpty ? (suggested ?? "") : typed
        let password = try CLIOutput.secret(prompt: "Password: ")
        try await PlainSignIn.run(client: client, username: username, password: password)
    }
}
