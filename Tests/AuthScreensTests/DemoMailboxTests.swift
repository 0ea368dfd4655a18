import AuthScreens
import AuthScreensTesting
import CognitoAuth
import CognitoAuthTesting
import Foundation
import Testing

/// ux-3 item 1: under `latchkey demo`, a code the local backend "sends" is said in the UI.
@MainActor
@Suite struct DemoMailboxTests {
    static func line(_ username: String, _ purpose: String, _ code: String) -> String {
        #"{"time": "2026-11-28T22:00:00+00:00", "username": "\#(username)", "purpose": "\#(purpose)", "#
            + #""destination": "\#(username)@example.com", "code": "\#(code)"}"# + "\n"
    }

    static func append(_ text: String, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(text.utf8))
    }

    @Test("A code written after the UI started is said on the status line and in the log, once; older ones are not")
    func newCodesOnTick() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mailbox-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Self.line("old", "sign-up", "111111").write(toFile: path, atomically: true, encoding: .utf8)
        var options = AuthUIOptions()
        options.demoMailbox = DemoMailbox(path: path, fromEnd: true)
        let runtime = AuthScreensRuntime(
            service: FakeAuthService(), options: options, timeZone: utc, clock: ManualClock(start: t0))
        runtime.tick(now: t0 + 1)
        #expect(runtime.state.statusMessage == nil)

        // A torn line (the backend mid-write) waits for its end.
        let whole = Self.line("alice", "sign-up", "310106")
        try Self.append(String(whole.dropLast(10)), to: path)
        runtime.tick(now: t0 + 2)
        #expect(runtime.state.statusMessage == nil)
        try Self.append(String(whole.suffix(10)), to: path)
        runtime.tick(now: t0 + 3)
        let said = "Demo mailbox: sign-up code 310106 for alice (alice@example.com)"
        #expect(runtime.state.statusMessage == said)
        #expect(runtime.state.dashboard.log.texts.filter { $0 == said }.count == 1)
        #expect(!runtime.state.dashboard.log.texts.contains { $0.contains("111111") })
        runtime.tick(now: t0 + 4)
        #expect(runtime.state.dashboard.log.texts.filter { $0 == said }.count == 1)
    }

    @Test("Without a mailbox (any real pool) nothing is read; a restarted backend's emptied file is read afresh")
    func noMailboxAndRestart() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("mailbox-\(UUID()).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        #expect(AuthUIOptions().demoMailbox == nil)
        try Self.line("alice", "sign-up", "123456").write(toFile: path, atomically: true, encoding: .utf8)
        let mailbox = DemoMailbox(path: path, fromEnd: false)
        #expect(mailbox.newEntries().map(\.code) == ["123456"])
        try "".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(mailbox.newEntries().isEmpty)
        try Self.line("bob", "forgot-password", "654321").write(toFile: path, atomically: true, encoding: .utf8)
        #expect(mailbox.newEntries().map(\.username) == ["bob"])
        #expect(DemoMailbox.entries(at: path + ".missing") == nil)
    }
}
