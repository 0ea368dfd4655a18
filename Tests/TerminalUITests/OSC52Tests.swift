import CognitoAuthTesting
import Foundation
import Testing

@testable import TerminalKit
@testable import TerminalUI

@Suite("OSC 52 clipboard sequence")
struct OSC52Tests {
    @Test("plain: ESC ] 52 ; c ; base64 BEL, and the text never appears as itself")
    func plain() {
        let sequence = OSC52.sequence(for: "eyJ.token", passthrough: false)
        #expect(sequence == "\u{1B}]52;c;" + Data("eyJ.token".utf8).base64EncodedString() + "\u{07}")
        #expect(!sequence.contains("eyJ.token"))
    }

    @Test("tmux passthrough: DCS tmux; with every ESC doubled, ended by ST")
    func passthrough() {
        let sequence = OSC52.sequence(for: "abc", passthrough: true)
        #expect(sequence == "\u{1B}Ptmux;\u{1B}\u{1B}]52;c;YWJj\u{07}\u{1B}\\")
    }

    @Test("route: plain outside tmux or with set-clipboard on; passthrough when tmux allows it; else tmux's buffer")
    func route() {
        #expect(OSC52.route(inTmux: false, options: nil) == .plain)
        func options(_ setClipboard: String?, _ passthrough: String?) -> OSC52.TmuxOptions {
            OSC52.TmuxOptions(setClipboard: setClipboard, allowPassthrough: passthrough)
        }
        #expect(OSC52.route(inTmux: true, options: options("on", "off")) == .plain)
        #expect(OSC52.route(inTmux: true, options: options("external", "on")) == .passthrough)
        #expect(OSC52.route(inTmux: true, options: options("off", "all")) == .passthrough)
        // tmux before 3.3 has no allow-passthrough option and always passes through.
        #expect(OSC52.route(inTmux: true, options: options("external", nil)) == .passthrough)
        // tmux's defaults (set-clipboard external, allow-passthrough off) drop both escape forms.
        #expect(OSC52.route(inTmux: true, options: options("external", "off")) == .tmuxBuffer)
        #expect(OSC52.route(inTmux: true, options: options("off", "off")) == .tmuxBuffer)
        // tmux did not answer: the passthrough form, which is the one that can reach the outer terminal.
        #expect(OSC52.route(inTmux: true, options: nil) == .passthrough)
        #expect(OSC52.route(inTmux: true, options: options(nil, "on")) == .passthrough)
    }

    @Test("outside tmux nothing is asked")
    func noQueryOutsideTmux() {
        #expect(OSC52.tmuxOptions(environment: [:]) == nil)
        #expect(OSC52.tmuxOptions(environment: ["TMUX": ""]) == nil)
    }

    @Test(
        "a real tmux in its default configuration: the options read, and the copy lands in its paste buffer",
        .enabled(if: TmuxServer.isAvailable))
    func realTmuxDefaults() async throws {
        let server = try await TmuxServer.start()
        do {
            let environment = ["TMUX": server.tmuxVariable, "TMUX_PANE": server.pane]
            let options = try #require(OSC52.tmuxOptions(environment: environment))
            #expect(options == OSC52.TmuxOptions(setClipboard: "external", allowPassthrough: "off"))
            #expect(OSC52.route(inTmux: true, options: options) == .tmuxBuffer)
            #expect(OSC52.loadTmuxBuffer("eyJ.copied-token", environment: environment))
            #expect(try await server.run(["show-buffer"]) == "eyJ.copied-token")

            try await server.run(["set-option", "-p", "-t", server.pane, "allow-passthrough", "on"])
            let allowed = try #require(OSC52.tmuxOptions(environment: environment))
            #expect(OSC52.route(inTmux: true, options: allowed) == .passthrough)
        } catch {
            await server.stop()
            throw error
        }
        await server.stop()
    }
}

/// A tmux server of its own (a private socket in a temporary directory, no configuration file),
/// with one pane, for asking real tmux options; stopped and removed by ``stop()``.
private struct TmuxServer {
    static let executable = "/usr/bin/tmux"
    static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    let directory: URL
    let socket: String
    let pane: String
    /// What `TMUX` holds inside this server's pane: the socket, the server's pid, the session.
    let tmuxVariable: String

    static func start() async throws -> TmuxServer {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("osc52-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let socket = directory.appendingPathComponent("tmux.sock").path
        do {
            try await run(
                socket: socket, ["-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", "sleep 120"])
            let parts = try await run(socket: socket, ["display-message", "-p", "#{pid},#{pane_id}"])
                .split(separator: ",")
            guard parts.count == 2 else { throw CocoaError(.fileReadCorruptFile) }
            return TmuxServer(
                directory: directory, socket: socket, pane: String(parts[1]), tmuxVariable: "\(socket),\(parts[0]),0")
        } catch {
            _ = try? await run(socket: socket, ["kill-server"])
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// Runs `tmux -S SOCKET ARGUMENTS` on this server and returns its output without the final newline.
    @discardableResult
    func run(_ arguments: [String]) async throws -> String {
        try await Self.run(socket: socket, arguments)
    }

    @discardableResult
    private static func run(socket: String, _ arguments: [String]) async throws -> String {
        let outcome = try await ChildProcess.run(
            executable, ["-S", socket] + arguments, removing: ["TMUX", "TMUX_PANE"], timeout: .seconds(30))
        guard outcome.status == 0 else { throw CocoaError(.executableLoad) }
        return outcome.stdout.trimmingCharacters(in: .newlines)
    }

    func stop() async {
        _ = try? await run(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }
}
