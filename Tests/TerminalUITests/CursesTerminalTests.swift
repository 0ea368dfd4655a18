import CognitoAuthTesting
import Foundation
import TerminalKeys
import Testing

@testable import TerminalKit
@testable import TerminalUI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Collects what curses writes to a pseudo-terminal, on a background thread, so that the
/// terminal never blocks on a full buffer.
///
/// `@unchecked Sendable`: `output` and `finished` are only touched while holding `lock`.
final class PseudoTerminalReader: @unchecked Sendable {
    let primary: Int32
    private let lock = NSLock()
    private var output: [UInt8] = []
    private var finished = false
    /// Notified after each read and at end of file.
    let changes = ChangeSignal()

    init(primary: Int32) {
        self.primary = primary
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = read(primary, &buffer, buffer.count)
                if count <= 0 { break }
                lock.withLock { output.append(contentsOf: buffer[0..<count]) }
                changes.notify()
            }
            lock.withLock { finished = true }
            changes.notify()
        }
    }

    /// Everything written so far, decoded leniently.
    var text: String {
        lock.withLock { String(decoding: output, as: UTF8.self) }
    }

    /// Waits until the reader has seen end of file (all secondary descriptors closed).
    func waitUntilFinished() async throws {
        try await Waiter.until("the pseudo-terminal reader to see end of file", on: [.signal(changes)]) {
            lock.withLock { finished }
        }
    }

    /// Types bytes as if at the keyboard.
    func type(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(primary, $0.baseAddress, $0.count) }
    }
}

/// The tests that start ncurses: one at a time, since curses has one screen per process.
@Suite(.serialized) @MainActor struct CursesTerminalTests {
    /// Runs `body` with a terminal on a fresh 80×24 pseudo-terminal, then restores it.
    func withPseudoTerminal(
        _ body: (CursesTerminal, PseudoTerminalReader, Int32) async throws -> Void
    ) async throws {
        let pair = try #require(Platform.openPseudoTerminal(rows: 24, columns: 80))
        let reader = PseudoTerminalReader(primary: pair.primary)
        let options = CursesTerminal.Options(
            inputDescriptor: pair.secondary, outputDescriptor: pair.secondary,
            terminalType: "xterm-256color")
        let terminal = try CursesTerminal(theme: .standard, options: options)
        do {
            try await body(terminal, reader, pair.secondary)
        } catch {
            terminal.restore()
            close(pair.secondary)
            throw error
        }
        terminal.restore()
        close(pair.secondary)
        try await reader.waitUntilFinished()
        close(pair.primary)
    }

    @Test func refusesToStartWithoutATerminal() throws {
        let devNull = open("/dev/null", O_RDWR)
        defer { close(devNull) }
        #expect(throws: TerminalError.notATerminal) {
            _ = try CursesTerminal(options: .init(inputDescriptor: devNull, outputDescriptor: devNull))
        }
        #expect(TerminalError.notATerminal.description.contains("interactive terminal"))
    }

    @Test func reportsAnUnknownTerminalType() throws {
        let pair = try #require(Platform.openPseudoTerminal(rows: 24, columns: 80))
        defer {
            close(pair.secondary)
            close(pair.primary)
        }
        let options = CursesTerminal.Options(
            inputDescriptor: pair.secondary,
            outputDescriptor: pair.secondary,
            terminalType: "no-such-terminal"
        )
        #expect(throws: TerminalError.unknownTerminalType("no-such-terminal")) {
            _ = try CursesTerminal(options: options)
        }
        // A failed start leaves nothing behind: a valid terminal starts afterwards.
        var valid = options
        valid.terminalType = "xterm-256color"
        let terminal = try CursesTerminal(options: valid)
        terminal.restore()
    }

    @Test func presentsCellsAndReadsThemBack() async throws {
        try await withPseudoTerminal { terminal, _, _ in
            #expect(terminal.size == TerminalSize(columns: 80, rows: 24))
            var grid = CellGrid(size: terminal.size)
            grid.write("Hello 漢字 😀 cafe\u{301} 👨‍👩‍👧!", row: 0, column: 0, style: CellStyle(.title, .bold))
            grid.drawBox(Rect(row: 2, column: 0, width: 20, height: 3), title: "Box")
            grid.write("bottom-right", row: 23, column: 68)
            terminal.present(grid, cursor: Position(row: 3, column: 2))
            #expect(terminal.cellsWrittenInLastFrame == 80 * 24 - 4)
            let screen = terminal.screenLines().map {
                String($0.reversed().drop { $0 == " " }.reversed())
            }
            #expect(screen[0] == "Hello 漢字 😀 cafe\u{301} 👨!")
            #expect(screen[2] == "┌─ Box ────────────┐")
            #expect(screen[23] == String(repeating: " ", count: 68) + "bottom-right")

            grid.put("J", row: 0, column: 0)
            terminal.present(grid)
            #expect(terminal.cellsWrittenInLastFrame == 1)
            #expect(terminal.screenLines()[0].hasPrefix("Jello"))
            terminal.present(grid)
            #expect(terminal.cellsWrittenInLastFrame == 0)
            terminal.invalidate()
            terminal.present(grid)
            #expect(terminal.cellsWrittenInLastFrame == 80 * 24 - 4)
        }
    }

    @Test func decodesKeysFromThePseudoTerminal() async throws {
        try await withPseudoTerminal { terminal, reader, _ in
            let cases: [(String, Key)] = [
                ("a", .character("a")),
                ("é", .character("é")),
                ("漢", .character("漢")),
                ("\r", .enter),
                ("\t", .tab),
                ("\u{1B}[Z", .backTab),
                ("\u{1B}OA", .up),
                ("\u{1B}OD", .left),
                ("\u{1B}OH", .home),
                ("\u{1B}[3~", .delete),
                ("\u{1B}OP", .function(1)),
                ("\u{7F}", .backspace),
                ("\u{03}", .ctrl("c")),
                ("\u{17}", .ctrl("w")),
                ("\u{1B}", .escape),
                ("\u{1B}[200~pass\rword\u{1B}[201~", .paste("pass\nword")),
            ]
            for (typed, expected) in cases {
                reader.type(typed)
                #expect(
                    terminal.readKey(timeout: .seconds(2)) == expected, "typed \(typed.debugDescription)")
            }
            #expect(terminal.readKey(timeout: .milliseconds(50)) == nil)
            reader.type("z")
            #expect(await terminal.nextKey(timeout: .seconds(2)) == .character("z"))
        }
    }

    /// Issue 35 item 7: what was typed before a prompt showed is dropped, whether the kernel still holds
    /// it, it was read already, or it was decoded and queued; what is typed afterwards arrives.
    @Test func discardTypeaheadDropsWhatWasTypedBefore() async throws {
        try await withPseudoTerminal { terminal, reader, _ in
            reader.type("ab")
            #expect(await terminal.nextKey(timeout: .seconds(2)) == .character("a"))
            #expect(terminal.bufferedKey() == .character("b"))
            reader.type("cd")
            #expect(await terminal.nextKey(timeout: .seconds(2)) == .character("c"))
            reader.type("ef")
            try await Task.sleep(for: .milliseconds(20))
            // `d` is decoded and queued; `e` and `f` wait in the kernel.
            terminal.discardTypeahead()
            #expect(terminal.bufferedKey() == nil)
            #expect(terminal.readKey(timeout: .milliseconds(50)) == nil)
            reader.type("p")
            #expect(await terminal.nextKey(timeout: .seconds(2)) == .character("p"))
        }
    }

    @Test func escapeArrivesWithinTheShortDelay() async throws {
        try await withPseudoTerminal { terminal, reader, _ in
            let clock = ContinuousClock()
            let start = clock.now
            reader.type("\u{1B}")
            #expect(terminal.readKey(timeout: .seconds(2)) == .escape)
            #expect(clock.now - start < .milliseconds(500))
        }
    }

    @Test func aSplitEscapeSequenceIsHeldUntilItEndsAndAPasteIsOneKey() async throws {
        try await withPseudoTerminal { terminal, reader, _ in
            reader.type("\u{1B}[3")
            try await Task.sleep(for: .milliseconds(5))
            reader.type("~")
            #expect(await terminal.nextKey(timeout: .seconds(2)) == .delete)
            reader.type("\u{1B}O")
            try await Task.sleep(for: .milliseconds(5))
            reader.type("A")
            #expect(await terminal.nextKey(timeout: .seconds(2)) == .up)
            let text = String(repeating: "0123456789", count: 50)
            reader.type("\u{1B}[200~" + text + "\u{1B}[201~x")
            #expect(await terminal.nextKey(timeout: .seconds(2)) == .paste(text))
            // The key after the paste was read in the same batch: it is buffered, not lost.
            #expect(terminal.bufferedKey() == .character("x"))
        }
        #expect(CursesTerminal.unfinishedEscapeLength(Array("ab\u{1B}".utf8)) == 1)
        #expect(CursesTerminal.unfinishedEscapeLength(Array("\u{1B}[1;".utf8)) == 4)
        #expect(CursesTerminal.unfinishedEscapeLength(Array("\u{1B}[A".utf8)) == 0)
        #expect(CursesTerminal.unfinishedEscapeLength(Array("\u{1B}[201~".utf8)) == 0)
    }

    @Test func resizeUpdatesTheSize() async throws {
        try await withPseudoTerminal { terminal, _, secondary in
            terminal.present(CellGrid(size: terminal.size))
            Platform.setWindowSize(secondary, rows: 30, columns: 100)
            Platform.signalWindowChange()
            var key: Key?
            for _ in 0..<50 where key != .resize {
                key = terminal.readKey(timeout: .milliseconds(40))
            }
            #expect(key == .resize)
            #expect(terminal.size == TerminalSize(columns: 100, rows: 30))
            let grid = CellGrid(size: terminal.size)
            terminal.present(grid)
            #expect(terminal.cellsWrittenInLastFrame == 100 * 30)
        }
    }

    @Test func restoreEndsCursesOnceAndAllowsANewTerminal() async throws {
        let pair = try #require(Platform.openPseudoTerminal(rows: 24, columns: 80))
        let reader = PseudoTerminalReader(primary: pair.primary)
        let options = CursesTerminal.Options(
            inputDescriptor: pair.secondary, outputDescriptor: pair.secondary,
            terminalType: "xterm-256color")
        let first = try CursesTerminal(options: options)
        #expect(throws: TerminalError.alreadyActive) { _ = try CursesTerminal(options: options) }
        first.present(CellGrid(size: first.size))
        first.restore()
        first.restore()
        #expect(!first.isActive)
        #expect(first.readKey(timeout: .milliseconds(10)) == nil)
        let second = try CursesTerminal(theme: .noColor, options: options)
        #expect(second.isActive)
        #expect(!second.theme.usesColor)
        second.restore()
        close(pair.secondary)
        try await reader.waitUntilFinished()
        close(pair.primary)
        // smcup/rmcup of xterm, and bracketed paste switched on and off again.
        #expect(reader.text.contains("\u{1B}[?2004h"))
        #expect(reader.text.contains("\u{1B}[?1049h"))
        #expect(reader.text.contains("\u{1B}[?1049l"))
        #expect(reader.text.contains("\u{1B}[?2004l"))
    }

    @Test func runRestoresWhenTheBodyThrows() async throws {
        struct Failure: Error {}
        let pair = try #require(Platform.openPseudoTerminal(rows: 24, columns: 80))
        let reader = PseudoTerminalReader(primary: pair.primary)
        let options = CursesTerminal.Options(
            inputDescriptor: pair.secondary, outputDescriptor: pair.secondary,
            terminalType: "xterm-256color")
        var captured: CursesTerminal?
        await #expect(throws: Failure.self) {
            try await CursesTerminal.run(options: options) { terminal in
                captured = terminal
                throw Failure()
            }
        }
        #expect(captured?.isActive == false)
        close(pair.secondary)
        try await reader.waitUntilFinished()
        close(pair.primary)
        #expect(reader.text.contains("\u{1B}[?1049l"))
    }
}
