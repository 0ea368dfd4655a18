import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// Random keys into the running binary at the sign-in screen, through tmux, against the local backend.
    @Suite("Key storm into the full-screen UI", .enabled(if: TmuxSession.canRunApp))
    struct KeyStormTests {
        /// Printable keys: no `q` (it may quit) and no `;` (tmux's command separator).
        static let printable: [String] =
            "abcdefghijklmnoprstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789!@#$%^&*()-_=+[]{}<>,./|:'\"~` ?c"
            .map { String($0) } + ["用", "户", "界", "日", "本", "é", "ß", "Ж"]
        /// Named keys (no `C-c`).
        static let named = [
            "Tab", "BTab", "Enter", "Escape", "Up", "Down", "Left", "Right", "BSpace", "C-t", "F1", "Home", "End", "DC",
        ]

        static func randomKey(_ rng: inout SeededRandomGenerator) -> String {
            // About 60 % printable, 40 % named keys.
            if Int.random(in: 0..<10, using: &rng) < 6 { return printable.randomElement(using: &rng)! }
            return named.randomElement(using: &rng)!
        }

        static func crashed(_ screen: String) -> Bool {
            let lower = screen.lowercased()
            return lower.contains("fatal error") || lower.contains("crash") || lower.contains("backtrace")
                || lower.contains("segmentation fault") || lower.contains("illegal instruction")
        }

        @Test("20,000 random keys and resizes at the sign-in screen: no crash, exit 0, terminal restored")
        func keyStorm() async throws {
            let backend = try await LocalBackend.shared()
            let store = try TerminalApp.temporaryDirectory("storm")
            let session = try TerminalApp.start(config: backend.info.configPath, store: store, name: "storm")
            defer { session.kill() }
            try await session.waitFor("Sign in", "Username", "Forgot password")
            let pid = try #require(session.appPID)

            let seed = UInt64.random(in: 0...UInt64.max)
            var rng = SeededRandomGenerator(seed: seed)
            let total = 20_000
            let batch = 200
            let resizes: [Int: (Int, Int)] = [20: (80, 24), 40: (60, 20), 45: (120, 40), 70: (90, 26), 90: (100, 30)]
            let started = Date()
            var sent = 0
            var batchNumber = 0
            var maxBatchSeconds = 0.0
            while sent < total {
                batchNumber += 1
                var keys: [String] = []
                for _ in 0..<min(batch, total - sent) { keys.append(Self.randomKey(&rng)) }
                let batchStart = Date()
                session.press(keys)
                sent += keys.count
                maxBatchSeconds = max(maxBatchSeconds, Date().timeIntervalSince(batchStart))
                if let size = resizes[batchNumber] {
                    try await session.resize(columns: size.0, rows: size.1)
                }
                let screen = session.screen()
                #expect(!Self.crashed(screen), "seed \(seed), batch \(batchNumber):\n\(screen)")
                #expect(
                    TmuxSession.exitStatus(in: screen) == nil,
                    "the app exited during the storm (seed \(seed), batch \(batchNumber)):\n\(screen)")
                if Self.crashed(screen) || TmuxSession.exitStatus(in: screen) != nil { return }
            }
            try await session.resize(columns: 100, rows: 30)
            let sendSeconds = Date().timeIntervalSince(started)

            // Still alive, and it still answers: the app repaints after the last batch (F1 help toggles).
            #expect(Glibc.kill(pid, 0) == 0, "the app is gone after the storm (seed \(seed))")
            #expect(session.appPID == pid)
            let beforeQuit = session.screen()
            #expect(!Self.crashed(beforeQuit), "seed \(seed):\n\(beforeQuit)")

            // Now quit: Ctrl-C (q would be typed into a text field).
            session.press("C-c")
            let status = try await session.waitForExit(timeout: 60)
            let quitSeconds = Date().timeIntervalSince(started)
            let after = session.screen()
            #expect(status == 0, "seed \(seed):\n\(after)")
            #expect(!Self.crashed(after), "seed \(seed):\n\(after)")
            #expect(!after.contains { TerminalEndToEndTests.boxCharacters.contains($0) }, "seed \(seed):\n\(after)")
            let stty = try await TerminalEndToEndTests.sttyAfterExit(session)
            #expect(TerminalEndToEndTests.isCookedTerminal(stty), "\(stty)")
            print(
                "key storm: seed \(seed), \(sent) keys in \(batchNumber) batches of \(batch), \(resizes.count + 1) resizes; "
                    + "sent in \(String(format: "%.1f", sendSeconds)) s (slowest send-keys \(String(format: "%.3f", maxBatchSeconds)) s), "
                    + "exited \(status) after \(String(format: "%.1f", quitSeconds)) s")
        }
    }
}
