import CognitoAuth
import Foundation
import LatchkeyText
import TerminalUI

/// `latchkey sign-in --web`: the hosted UI's authorization code flow with PKCE, from a terminal.
///
/// The browser is opened with `$BROWSER`, else `xdg-open` / `open`, unless there is no browser to open
/// (`--no-browser`, an SSH session, no DISPLAY / WAYLAND_DISPLAY on Linux). Then the URL and the
/// `ssh -L` line are printed, and the redirect is taken from the loopback port or from a pasted URL
/// or code on stdin, whichever comes first.
enum WebSignIn {
    /// How the URL reaches a browser.
    enum BrowserChoice: Equatable {
        /// `$BROWSER` (its first entry; words split at spaces).
        case command([String])
        /// The desktop's opener: `xdg-open` on Linux, `open` on macOS.
        case system(String)
        /// Printed only, with the reason.
        case none(reason: String)
    }

    /// Chooses how to open the URL from the flags and the environment.
    static func browserChoice(noBrowser: Bool, environment: [String: String]) -> BrowserChoice {
        if noBrowser { return .none(reason: "--no-browser") }
        if let browser = environment["BROWSER"]?.split(separator: ":").first.map(String.init),
            !browser.trimmingCharacters(in: .whitespaces).isEmpty
        {
            return .command(browser.split(separator: " ").map(String.init))
        }
        if environment["SSH_CONNECTION"].map({ !$0.isEmpty }) == true {
            return .none(reason: Localized.text(\.cliWebSshSession))
        }
        #if os(macOS)
            return .system("open")
        #else
            let display = (environment["DISPLAY"] ?? "") + (environment["WAYLAND_DISPLAY"] ?? "")
            if display.isEmpty { return .none(reason: Localized.text(\.cliWebNoDisplay)) }
            return .system("xdg-open")
        #endif
    }

    /// The `ssh -L` line that forwards the loopback port from the machine with the browser.
    static func tunnelLine(port: Int, environment: [String: String]) -> String {
        let user = environment["USER"] ?? environment["LOGNAME"] ?? "user"
        let host = ProcessInfo.processInfo.hostName
        return "ssh -L \(port):127.0.0.1:\(port) \(user)@\(host)"
    }

    /// One thing that can end the wait.
    enum Arrival: Sendable {
        case redirect(HostedUICallback)
        case pasted(String)
        case stdinClosed
        case timedOut
    }

    /// Runs the flow on `client` and returns the signed-in username.
    static func run(
        client: AuthClient, provider: String?, noBrowser: Bool, timeout: Int, replacingSession: Bool,
        environment: [String: String]
    ) async throws -> String {
        let request = try await client.beginHostedUISignIn(provider: provider)
        let listener = try openListener(for: request, noBrowser: noBrowser)
        defer { listener?.stop() }
        let choice = browserChoice(noBrowser: noBrowser, environment: environment)
        show(request.authorizeURL.absoluteString, choice: choice, listener: listener, environment: environment)
        let arrivals = AsyncStream.makeStream(of: Arrival.self, bufferingPolicy: .unbounded)
        let tasks = [
            Task {
                if let callback = await listener?.callback() { arrivals.continuation.yield(.redirect(callback)) }
            },
            Task {
                try? await Task.sleep(for: .seconds(timeout))
                arrivals.continuation.yield(.timedOut)
            },
        ]
        defer { for task in tasks { task.cancel() } }
        if case .none = choice {
            readStdinLines(into: arrivals.continuation)
        } else if CLIOutput.stdinIsTerminal {
            readStdinLines(into: arrivals.continuation)
        }
        return try await complete(
            request, on: client, arrivals: arrivals.stream, listening: listener != nil, timeout: timeout,
            replacingSession: replacingSession)
    }

    /// Listens on the loopback port of `request`'s redirect, when it has one. When the port is taken, nil
    /// if a person can paste instead (a terminal on stdin, or `--no-browser`); else the error.
    static func openListener(
        for request: HostedUISignInRequest, noBrowser: Bool
    ) throws -> LoopbackRedirectListener? {
        guard request.loopbackPort != nil else { return nil }
        switch Result(catching: { try LoopbackRedirectListener(request: request) }) {
        case .success(let opened): return opened
        case .failure(let error):
            // The port is taken: with a person at the terminal (or --no-browser) pasting still works.
            guard noBrowser || CLIOutput.stdinIsTerminal else { throw error }
            let text = (error as? AuthError).map { $0.description(.current) } ?? "\(error)"
            CLIOutput.info(Localized.format(\.cliWebPasteInstead, ["error": text]))
            return nil
        }
    }

    /// Opens `url` as `choice` says and tells the person (on stderr); with no browser, prints the URL, the
    /// `ssh -L` line when `listener` is open, and asks for the redirect to be pasted.
    static func show(
        _ url: String, choice: BrowserChoice, listener: LoopbackRedirectListener?, environment: [String: String]
    ) {
        switch choice {
        case .command(let words):
            CLIOutput.info(Localized.format(\.cliWebOpeningWithBROWSER, ["command": words.first ?? ""]))
            open(words + [url])
            CLIOutput.info(Localized.text(\.cliWebIfNoBrowser))
            CLIOutput.info("  \(url)")
        case .system(let tool):
            CLIOutput.info(Localized.text(\.cliWebOpening))
            open(["/usr/bin/env", tool, url])
            CLIOutput.info(Localized.text(\.cliWebIfNoBrowser))
            CLIOutput.info("  \(url)")
        case .none(let reason):
            CLIOutput.info(Localized.format(\.cliWebNoBrowser, ["reason": reason]))
            CLIOutput.info("")
            CLIOutput.info("  \(url)")
            CLIOutput.info("")
            if let port = listener?.port {
                CLIOutput.info(Localized.text(\.cliWebForwardPort))
                CLIOutput.info("  \(tunnelLine(port: port, environment: environment))")
            }
            CLIOutput.info(Localized.text(\.cliWebPasteHere))
        }
    }

    /// Waits for the first of `arrivals` that ends the flow: completes the sign-in with a redirect or a pasted
    /// URL (asking again after a paste a person can put right), or fails on time-out, or when stdin closes
    /// with no loopback port `listening`. Returns the signed-in username.
    static func complete(
        _ request: HostedUISignInRequest, on client: AuthClient, arrivals: AsyncStream<Arrival>, listening: Bool,
        timeout: Int, replacingSession: Bool
    ) async throws -> String {
        for await arrival in arrivals {
            switch arrival {
            case .redirect(let callback):
                try await client.completeHostedUISignIn(request, callback: callback, replacingSession: replacingSession)
                return await client.username ?? "?"
            case .pasted(let text):
                if text.trimmingCharacters(in: .whitespaces).isEmpty { continue }
                do {
                    try await client.completeHostedUISignIn(request, pasted: text, replacingSession: replacingSession)
                    return await client.username ?? "?"
                } catch let error as AuthError {
                    guard case .hostedUI(let failure) = error, Self.mayPasteAgain(failure) else { throw error }
                    CLIOutput.error(error.description(.current))
                    CLIOutput.info(Localized.text(\.cliWebPasteAgain))
                }
            case .stdinClosed:
                if !listening {
                    throw AuthError.hostedUI(.cancelled)
                }
            case .timedOut:
                throw AuthError.hostedUI(.timedOut(seconds: timeout))
            }
        }
        throw AuthError.hostedUI(.cancelled)
    }

    /// Failures a person can put right by pasting again.
    static func mayPasteAgain(_ failure: HostedUIFailure) -> Bool {
        switch failure {
        case .stateMismatch, .missingState, .noCode: return true
        default: return false
        }
    }

    /// The full-screen UI's hooks: the same browser choice as `sign-in --web`, quietly (the browser's
    /// messages would draw over the screen).
    static func hooks(environment: [String: String]) -> BrowserHooks {
        BrowserHooks(
            openURL: { url in
                switch browserChoice(noBrowser: false, environment: environment) {
                case .command(let words):
                    open(words + [url.absoluteString], quiet: true)
                    return true
                case .system(let tool):
                    open(["/usr/bin/env", tool, url.absoluteString], quiet: true)
                    return true
                case .none:
                    return false
                }
            },
            tunnelLine: { port in tunnelLine(port: port, environment: environment) })
    }

    /// Starts `words` (a program and its arguments) without waiting; its standard output is discarded,
    /// its errors go to ours (discarded too when `quiet`).
    static func open(_ words: [String], quiet: Bool = false) {
        guard let program = words.first else { return }
        let process = Process()
        if program.contains("/") {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(words.dropFirst())
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = words
        }
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        if quiet { process.standardError = FileHandle.nullDevice }
        process.terminationHandler = { finished in
            if !quiet, finished.terminationStatus != 0 {
                CLIOutput.error(
                    Localized.format(\.cliWebBrowserExited, ["status": String(finished.terminationStatus)]))
            }
        }
        do {
            try process.run()
        } catch {
            CLIOutput.error(Localized.format(\.cliWebBrowserFailed, ["error": error.localizedDescription]))

        }
    }

    /// Reads lines from stdin on a thread of its own (a blocking read must not hold an async worker).
    static func readStdinLines(into continuation: AsyncStream<Arrival>.Continuation) {
        let thread = Thread {
            while true {
                guard let line = try? CLIOutput.readLimitedLine(limit: 16 * 1024) else {
                    continuation.yield(.stdinClosed)
                    return
                }
                continuation.yield(.pasted(line))
            }
        }
        thread.name = "latchkey-paste-reader"
        thread.start()
    }
}

/// Which account `sign-in --web` signs in to, and what it says after; the same rule as a password sign-in.
extension WebSignIn {
    /// The account the browser's sign-in goes to: `--account`'s as given; the active one when no
    /// session is in it; else a new account (the username is known only after the browser, so
    /// ``AccountResolution/settleSignIn(id:global:)`` moves it to the user's own account if they have one).
    struct Target {
        var id: String
        var isNew: Bool
        /// The active account's signed-in user when the sign-in went to a new account.
        var current: AccountSummary?
    }

    /// Chooses the ``Target``.
    /// - Throws: ``AuthError`` when a new account cannot be made.
    static func target(global: GlobalOptions) throws -> Target {
        let active = try global.accountID()
        if global.namesAccount { return Target(id: active, isNew: false, current: nil) }
        let summary = global.accounts.summary(of: active, environment: global.environment, active: active)
        guard summary.isLive else { return Target(id: active, isNew: false, current: nil) }
        do {
            return Target(id: try global.accounts.createAccount(), isNew: true, current: summary)
        } catch {
            throw AuthError(storeError: error)
        }
    }

    /// What the CLI says about an error of the web sign-in: a refused replacement in CLI words (never
    /// the library's call), anything else as it is.
    static func cliError(_ error: any Error) -> any Error {
        guard case AuthError.anotherUserSignedIn(let current, let attempted) = error else { return error }
        return CLIFailure(
            code: error.exitCodeOrOne,
            message: Localized.format(
                \.cliWebAnotherUserSignedIn,
                ["current": TerminalText.sanitized(current), "attempted": TerminalText.sanitized(attempted)]))
    }

    /// After the sign-in to `target` as `name`: records it (its account becomes the active one), moves it to
    /// the user's own account if they have one, and says what happened to the account that was active.
    /// A replaced session (`--account` naming an account that held another user) is said as a password
    /// sign-in says it.
    static func settle(target: Target, name: String, client: AuthClient, global: GlobalOptions) async throws {
        try AccountResolution.recordSignIn(
            id: target.id, username: name, configuration: client.configuration, global: global)
        if let replacement = await client.lastReplacement {
            CLIOutput.info(SignInCommand.replacedMessage(replacement, account: target.id))
            return
        }
        let settled = AccountResolution.settleSignIn(id: target.id, global: global)
        if let message = settled.message {
            CLIOutput.info(message)
        } else if target.isNew, let current = target.current {
            CLIOutput.info(
                Localized.format(
                    \.cliSignInAddedAccount,
                    ["name": TerminalText.sanitized(name), "current": TerminalText.sanitized(current.name)]))
        }
    }
}

extension Error {
    /// The exit code of an ``AuthError``, else 1.
    fileprivate var exitCodeOrOne: Int32 { (self as? AuthError)?.exitCode ?? 1 }
}
