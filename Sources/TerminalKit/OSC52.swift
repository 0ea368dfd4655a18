import Foundation

/// The OSC 52 "set the clipboard" escape sequence, which terminals (xterm, iTerm2, kitty, WezTerm,
/// Windows Terminal, foot…) honour over SSH, and tmux turns into its paste buffer (and passes on)
/// when its `set-clipboard` option is `on`.
///
/// Inside tmux with `set-clipboard` `off` or `external` (tmux's default), tmux drops an
/// application's OSC 52. With `allow-passthrough` on, the sequence is wrapped in tmux's DCS
/// passthrough (`ESC P tmux; … ESC \`, every ESC inside doubled) for the outer terminal; with it
/// off, the text goes into tmux's paste buffer instead (``Route/tmuxBuffer``). Plain OSC 52 is
/// sent whenever tmux handles it itself.
package enum OSC52 {
    /// `ESC ] 52 ; c ; base64 BEL`, wrapped in tmux's passthrough when `passthrough` is set.
    package static func sequence(for text: String, passthrough: Bool) -> String {
        let plain = "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
        guard passthrough else { return plain }
        return "\u{1B}Ptmux;" + plain.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
    }

    /// How a copy is delivered, decided from tmux's options.
    package enum Route: Equatable, Sendable {
        /// Plain OSC 52 to the terminal (outside tmux, or tmux with `set-clipboard on`).
        case plain
        /// OSC 52 in tmux's DCS passthrough, for the terminal outside tmux.
        case passthrough
        /// `tmux load-buffer -w -`: tmux would drop the escape sequence, so the text goes into its
        /// paste buffer (and, with `set-clipboard external`, tmux itself offers it to the terminal).
        case tmuxBuffer
    }

    /// The options of the tmux this process runs in that decide the route.
    package struct TmuxOptions: Equatable, Sendable {
        /// `set-clipboard` (`on`, `external`, `off`); nil when tmux did not answer.
        package var setClipboard: String?
        /// The pane's `allow-passthrough` (`on`, `all`, `off`); nil when tmux did not answer
        /// (tmux before 3.3 has no such option and always passes through).
        package var allowPassthrough: String?

        package init(setClipboard: String?, allowPassthrough: String?) {
            self.setClipboard = setClipboard
            self.allowPassthrough = allowPassthrough
        }
    }

    /// The route for a copy: plain outside tmux or when tmux handles OSC 52 itself
    /// (`set-clipboard on`); passthrough when tmux allows it (or did not answer: the form that can
    /// reach the outer terminal); else tmux's paste buffer, since tmux would drop the sequence.
    package static func route(inTmux: Bool, options: TmuxOptions?) -> Route {
        guard inTmux else { return .plain }
        guard let options, let setClipboard = options.setClipboard else { return .passthrough }
        if setClipboard == "on" { return .plain }
        switch options.allowPassthrough {
        case "on", "all", nil: return .passthrough
        default: return .tmuxBuffer
        }
    }

    /// Whether `environment` says this process runs inside tmux (`TMUX` set and not empty).
    package static func isInsideTmux(environment: [String: String]) -> Bool {
        guard let tmux = environment["TMUX"] else { return false }
        return !tmux.isEmpty
    }

    /// Asks the tmux server this process runs in for `set-clipboard` and this pane's
    /// `allow-passthrough` (`TMUX_PANE`); nil outside tmux or when tmux does not answer at all.
    package static func tmuxOptions(environment: [String: String]) -> TmuxOptions? {
        guard isInsideTmux(environment: environment) else { return nil }
        guard let setClipboard = runTmux(["show-options", "-sv", "set-clipboard"], environment: environment)
        else { return nil }
        var passthroughArguments = ["show-options", "-Apv"]
        if let pane = environment["TMUX_PANE"], !pane.isEmpty { passthroughArguments += ["-t", pane] }
        let allowPassthrough = runTmux(passthroughArguments + ["allow-passthrough"], environment: environment)
        return TmuxOptions(setClipboard: setClipboard, allowPassthrough: allowPassthrough)
    }

    /// Puts `text` into tmux's paste buffer through `load-buffer -w -` (standard input, so the text
    /// never appears in a process list); false when tmux refused or did not answer.
    package static func loadTmuxBuffer(_ text: String, environment: [String: String]) -> Bool {
        runTmux(["load-buffer", "-w", "-"], environment: environment, input: Data(text.utf8)) != nil
    }

    /// Runs `tmux ARGUMENTS` against the server `environment`'s `TMUX` names, with a two-second
    /// bound; its trimmed output, or nil when it failed, could not start, or did not finish in time.
    private static func runTmux(_ arguments: [String], environment: [String: String], input: Data? = nil) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux"] + arguments
        var childEnvironment = ProcessInfo.processInfo.environment
        for name in ["TMUX", "TMUX_PANE"] { childEnvironment[name] = environment[name] }
        process.environment = childEnvironment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let inputPipe = input.map { _ in Pipe() }
        process.standardInput = inputPipe ?? FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do { try process.run() } catch { return nil }
        if let inputPipe, let input {
            try? inputPipe.fileHandleForWriting.write(contentsOf: input)
            try? inputPipe.fileHandleForWriting.close()
        }
        guard finished.wait(timeout: .now() + 2) == .success else {
            process.terminate()
            return nil
        }
        guard process.terminationStatus == 0 else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        return String(decoding: data.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
