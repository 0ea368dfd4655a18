import Foundation

/// The OSC 52 "set the clipboard" escape sequence, which terminals (xterm, iTerm2, kitty, WezTerm,
/// Windows Terminal, foot…) honour over SSH, and tmux turns into its paste buffer (and passes on)
/// when its `set-clipboard` option is `on`.
///
/// Inside tmux with `set-clipboard` `off` or `external` (tmux's default), tmux drops an
/// application's OSC 52, so the sequence is wrapped in tmux's DCS passthrough
/// (`ESC P tmux; … ESC \`, every ESC inside doubled) for the outer terminal; that needs tmux's
/// `allow-passthrough` option. Plain OSC 52 is sent whenever tmux handles it itself.
package enum OSC52 {
    /// `ESC ] 52 ; c ; base64 BEL`, wrapped in tmux's passthrough when `passthrough` is set.
    package static func sequence(for text: String, passthrough: Bool) -> String {
        let plain = "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
        guard passthrough else { return plain }
        return "\u{1B}Ptmux;" + plain.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}") + "\u{1B}\\"
    }

    /// Whether to wrap: inside tmux (`TMUX` set) unless its `set-clipboard` option is `on`.
    ///
    /// - Parameters:
    ///   - environment: the process environment (`TMUX`).
    ///   - tmuxSetClipboard: `tmux show-options -gv set-clipboard`'s answer, or nil when it
    ///   could not be asked (then the sequence is wrapped, the form that reaches the outer terminal).
    package static func needsTmuxPassthrough(environment: [String: String], tmuxSetClipboard: String?) -> Bool {
        guard let tmux = environment["TMUX"], !tmux.isEmpty else { return false }
        return tmuxSetClipboard?.trimmingCharacters(in: .whitespacesAndNewlines) != "on"
    }

    /// Asks the tmux server this process runs in for its `set-clipboard` option; nil outside tmux or
    /// when tmux does not answer within two seconds.
    package static func tmuxSetClipboardOption(environment: [String: String]) -> String? {
        guard let tmux = environment["TMUX"], !tmux.isEmpty else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["tmux", "show-options", "-gv", "set-clipboard"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        do { try process.run() } catch { return nil }
        guard finished.wait(timeout: .now() + 2) == .success else {
            process.terminate()
            return nil
        }
        guard process.terminationStatus == 0 else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        return String(decoding: data.prefix(64), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
