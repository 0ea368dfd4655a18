import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

/// The one rule for which account is active, across processes (ux-3 item 2): the active account
/// changes only when a person picks one (`switch`, a sign-in, the UI's chooser or a sign-in made in
/// the UI) or signs the active one out; quitting the UI never changes it.
extension BackendTests {
    @Suite("Which account is active, across processes: quitting the UI never changes it")
    struct ActiveAccountProcessTests {
        /// The active account's username, as `accounts --json` says.
        static func activeUsername(_ common: [String]) async throws -> String? {
            let listed = try await LatchkeyBinary.run(["accounts", "--json"] + common)
            let accounts = JSONValue.parse(Array(listed.stdout.utf8))?.arrayValue ?? []
            return accounts.first { $0["active"] == .bool(true) }?["username"]?.stringValue
        }

        @Test(
            "switch in another process while the UI runs, then q: the switched-to account stays active",
            .enabled(if: TmuxSession.canRunApp))
        func switchWhileUIRunsThenQuit() async throws {
            let backend = try await LocalBackend.shared()
            let (alice, bob) = (await backend.uniqueName("alice"), await backend.uniqueName("bob"))
            for user in [alice, bob] { try await backend.createUser(user, password: Integration.password) }
            let store = try Integration.temporaryDirectory("active-switch")
            let common = ["--config", backend.info.configPath, "--store", store]
            for user in [alice, bob] {
                let signIn = try await LatchkeyBinary.run(
                    ["sign-in", "--username", user, "--password-stdin"] + common, stdin: Integration.password + "\n")
                #expect(signIn.status == 0, "\(signIn.stderr)")
            }
            #expect(try await LatchkeyBinary.run(["switch", alice] + common).status == 0)
            #expect(try await Self.activeUsername(common) == alice)

            let session = try TerminalApp.start(
                config: backend.info.configPath, store: store, columns: 100, rows: 30, name: "active-switch")
            defer { session.kill() }
            try await session.waitFor("Signed in · \(alice) (+1 account)")
            // Another shell switches to bob while the UI shows alice.
            let switched = try await LatchkeyBinary.run(["switch", bob] + common)
            #expect(switched.status == 0, "\(switched.stderr)")
            #expect(try await Self.activeUsername(common) == bob)
            session.press("q")
            #expect(try await session.waitForExit() == 0)
            // Quitting left the switch alone: scripts get bob's identity, as the user last chose.
            #expect(try await Self.activeUsername(common) == bob)
            let status = try await LatchkeyBinary.run(["status", "--json"] + common)
            #expect(JSONValue.parse(Array(status.stdout.utf8))?["username"]?.stringValue == bob, "\(status.stdout)")
        }

        @Test(
            "a sign-in in the UI activates its account then; a later switch elsewhere stands when the UI quits",
            .enabled(if: TmuxSession.canRunApp))
        func signInInUIThenSwitchElsewhere() async throws {
            let backend = try await LocalBackend.shared()
            let (alice, bob) = (await backend.uniqueName("alice"), await backend.uniqueName("bob"))
            for user in [alice, bob] { try await backend.createUser(user, password: Integration.password) }
            let store = try Integration.temporaryDirectory("active-ui-sign-in")
            let common = ["--config", backend.info.configPath, "--store", store]
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", alice, "--password-stdin"] + common, stdin: Integration.password + "\n")
            #expect(signIn.status == 0, "\(signIn.stderr)")

            let session = try TerminalApp.start(
                config: backend.info.configPath, store: store, columns: 100, rows: 30, name: "active-ui-sign-in")
            defer { session.kill() }
            try await session.waitFor("Signed in · \(alice)")
            try await session.signInAsSomeoneElse(bob, from: alice)
            // The UI's sign-in made bob's account the active one as it happened.
            #expect(try await Self.activeUsername(common) == bob)
            let switched = try await LatchkeyBinary.run(["switch", alice] + common)
            #expect(switched.status == 0, "\(switched.stderr)")
            session.press("q")
            #expect(try await session.waitForExit() == 0)
            #expect(try await Self.activeUsername(common) == alice)
        }
    }
}

extension BackendTests.ActiveAccountProcessTests {
    @Test(
        "the UI ending with nobody signed in on its account names the account that is (ux-3 item 26)",
        .enabled(if: TmuxSession.canRunApp))
    func notSignedInNamesTheOtherAccount() async throws {
        let backend = try await LocalBackend.shared()
        let alice = await backend.uniqueName("alice")
        try await backend.createUser(alice, password: Integration.password)
        let store = try Integration.temporaryDirectory("active-not-signed-in")
        defer { try? FileManager.default.removeItem(atPath: store) }
        let common = ["--config", backend.info.configPath, "--store", store]
        let signIn = try await LatchkeyBinary.run(
            ["sign-in", "--username", alice, "--password-stdin"] + common, stdin: Integration.password + "\n")
        #expect(signIn.status == 0, "\(signIn.stderr)")

        let session = try TerminalApp.start(
            config: backend.info.configPath, store: store, columns: 100, rows: 30, name: "active-not-signed-in")
        defer { session.kill() }
        try await session.waitFor("Signed in · \(alice)")
        // "Sign in as someone else", then Ctrl-C there: this account has nobody, alice's has her.
        session.press("a")
        try await session.waitFor("▸ Sign in as someone else")
        session.press("Enter")
        try await session.waitFor("Back to \(alice)", "Password")
        session.press("C-c")
        _ = try await session.waitForExit()
        let screen = session.screen()
        #expect(screen.contains("latchkey: Not signed in."), "\(screen)")
        #expect(screen.contains("latchkey: \(alice) is signed in here: latchkey switch \(alice)"), "\(screen)")
        #expect(try await Self.activeUsername(common) == alice)
    }
}
