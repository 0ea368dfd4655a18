import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// Issue 40 item 2: every ordered pair of the six actions that decide which account is active
    /// (`switch`, `sign-in --account`, the UI's chooser, quitting the UI, `sign-out` from another
    /// shell, `sign-in --web` as another user) follows the rule in docs/manual/accounts-and-store.md,
    /// and the open UI shows the active account after each. One walk of 37 actions holds every
    /// ordered pair as two consecutive actions (an Eulerian circuit of the complete digraph with
    /// loops), on one store with four users, the UI open throughout (started again after a quit).
    @Suite(
        "Which account is active: every pair of actions, across processes, with the UI open",
        .enabled(if: TmuxSession.canRunApp && HostedUIDriver.isAvailable))
    struct ActiveAccountPairsTests {
        enum Action: Int, CaseIterable, CustomStringConvertible {
            case switchElsewhere, signInAccount, chooser, quitUI, signOutElsewhere, webSignIn
            var description: String {
                ["switch", "sign-in --account", "chooser", "quit UI", "sign-out elsewhere", "sign-in --web"][rawValue]
            }
        }

        /// A walk of the six actions (by raw value) in which every ordered pair, loops included, is
        /// consecutive once: an Eulerian circuit of the complete digraph with loops, the one (of those
        /// Hierholzer's algorithm gives for shuffled edge orders) that keeps at least two users signed
        /// in throughout, so every `switch` and chooser has another account to go to.
        static let walk = [
            2, 2, 1, 4, 4, 1, 3, 3, 1, 1, 2, 5, 2, 0, 5, 3, 2, 3, 4, 0, 4, 5, 5, 0, 0, 2, 4, 3, 0, 1, 5, 1, 0, 3, 5, 4,
            2,
        ]

        @Test("the walk holds every ordered pair of the six actions")
        func walkCoversEveryPair() {
            let walk = Self.walk
            let pairs = Set(zip(walk, walk.dropFirst()).map { "\($0)-\($1)" })
            #expect(pairs.count == 36)
            #expect(walk.count == 37)
        }

        @Test("37 actions, each ordered pair once: the active account follows the rule and the UI shows it")
        func everyPair() async throws {
            let world = try await AccountWorld.make()
            defer { world.tearDown() }
            try await world.startUI()
            var pair: [Action] = []
            for index in Self.walk {
                guard let action = Action(rawValue: index) else { continue }
                pair = Array((pair + [action]).suffix(2))
                let before = world.active
                try await world.perform(action)
                print("active-pairs: \(action) → \(world.active ?? "nobody"), signed in: \(world.signedIn.sorted())")
                let what =
                    "after \(pair.map(\.description).joined(separator: " then ")) (active was \(before ?? "nobody"))"
                try await world.check(what)
            }
        }
    }
}

/// The store, the users and the open UI of ``BackendTests/ActiveAccountPairsTests``, with the model
/// of what the rule says: who is signed in, and whose account is active.
final class AccountWorld: @unchecked Sendable {
    // `@unchecked Sendable`: one test owns it and calls it one step at a time.
    let backend: LocalBackend
    let users: [String]
    let store: String
    let scratch: String
    let config: String
    let browser: String
    var signedIn: Set<String>
    /// The active account's user, or nil when nobody is signed in there.
    var active: String?
    var session: TmuxSession?

    var common: [String] { ["--config", config, "--store", store] }

    init(
        backend: LocalBackend, users: [String], store: String, scratch: String, config: String, browser: String
    ) {
        self.backend = backend
        self.users = users
        self.store = store
        self.scratch = scratch
        self.config = config
        self.browser = browser
        self.signedIn = []
    }

    /// Three users signed in with passwords, in order; the last one is active.
    static func make() async throws -> AccountWorld {
        let backend = try await LocalBackend.shared()
        var users: [String] = []
        for name in ["pairalice", "pairbob", "paircarol", "pairdave"] {
            let user = await backend.uniqueName(name)
            try await backend.createUser(user, password: Integration.password, email: "\(user)@example.com")
            users.append(user)
        }
        let store = try Integration.temporaryDirectory("active-pairs")
        let scratch = try Integration.temporaryDirectory("active-pairs-browser")
        let (config, _) = try await backend.hostedUIConfigurationFile(
            callbackPort: try HostedUIDriver.freePort(), in: scratch)
        // The browser stand-in: the hosted UI's sign-in over plain HTTP, then the redirect visited.
        let browser = scratch + "/browser.sh"
        let python = TmuxSession.quote(HostedUIDriver.python)
        let script = """
            #!/bin/sh
            redirect=$(\(python) \(TmuxSession.quote(HostedUIDriver.script)) --print-redirect "$1") || exit 1
            exec \(python) -c 'import sys, urllib.request; urllib.request.urlopen(sys.argv[1], timeout=30).read()' "$redirect"

            """
        _ = FileManager.default.createFile(
            atPath: browser, contents: Data(script.utf8), attributes: [.posixPermissions: 0o700])
        let world = AccountWorld(
            backend: backend, users: users, store: store, scratch: scratch, config: config, browser: browser)
        for user in users { try await world.passwordSignIn(user, account: nil) }
        return world
    }

    func tearDown() {
        session?.kill()
        try? FileManager.default.removeItem(atPath: store)
        try? FileManager.default.removeItem(atPath: scratch)
    }

    func startUI() async throws {
        let started = try TerminalApp.start(config: config, store: store, columns: 110, rows: 32, name: "active-pairs")
        session = started
        try await showsActive(in: started)
    }

    /// The other signed-in users, in order after the active one.
    var others: [String] {
        guard let start = active.flatMap(users.firstIndex) else { return users.filter(signedIn.contains) }
        return (1..<users.count).map { users[(start + $0) % users.count] }.filter(signedIn.contains)
    }

    /// The users not signed in, in order after the active one.
    var signedOut: [String] {
        let start = active.flatMap(users.firstIndex) ?? 0
        return (1...users.count).map { users[(start + $0) % users.count] }.filter { !signedIn.contains($0) }
    }

    /// The user after the active one (signed in or not).
    func next(after offset: Int) -> String {
        let start = active.flatMap(users.firstIndex) ?? 0
        return users[(start + offset) % users.count]
    }

    func run(_ arguments: [String], stdin: String? = nil, environment: [String: String] = [:]) async throws
        -> LatchkeyBinary.Output
    {
        try await LatchkeyBinary.run(
            arguments + common, stdin: stdin, environment: ["LATCHKEY_STORE": "file"].merging(environment) { $1 },
            removing: ["SSH_CONNECTION"], timeout: .seconds(120))
    }

    func passwordSignIn(_ user: String, account: String?) async throws {
        let accountArguments = account.map { ["--account", $0] } ?? []
        let result = try await run(
            ["sign-in", "--username", user, "--password-stdin"] + accountArguments, stdin: Integration.password + "\n")
        #expect(result.status == 0, "sign-in \(user): \(result.stderr)")
        signedIn.insert(user)
        active = user
    }

    func perform(_ action: BackendTests.ActiveAccountPairsTests.Action) async throws {
        switch action {
        case .switchElsewhere:
            guard let target = others.first else {
                // Nobody else is signed in: refused, nothing changes.
                #expect(try await run(["switch"]).status != 0)
                return
            }
            let result = try await run(["switch", target])
            #expect(result.status == 0, "switch \(target): \(result.stderr)")
            active = target
        case .signInAccount:
            // Another signed-in user's own account by name; with none, a signed-out user signs in afresh
            // (their account went with the sign-out).
            let target = others.first ?? signedOut.first ?? next(after: 1)
            try await passwordSignIn(target, account: signedIn.contains(target) ? target : nil)
        case .webSignIn:
            // A signed-out user first, so the walk does not run out of signed-in users.
            let target = signedOut.first ?? next(after: 2)
            let result = try await run(
                ["sign-in", "--web", "--timeout", "90"],
                environment: [
                    "BROWSER": browser, "LATCHKEY_BROWSER_USERNAME": target,
                    "LATCHKEY_BROWSER_PASSWORD": Integration.password,
                ])
            #expect(result.status == 0, "sign-in --web as \(target): \(result.stderr)")
            signedIn.insert(target)
            active = target
        case .chooser:
            try await choose()
        case .quitUI:
            let session = try #require(session)
            // `q` on the dashboard; on Sign in (nobody signed in here) `q` is typed, so Ctrl-C.
            session.press(active == nil ? "C-c" : "q")
            let status = try await session.waitForExit()
            if active != nil { #expect(status == 0) }
            // Quitting never changes the active account: checked before the UI starts again.
            try await checkStore("after quitting the UI")
            session.kill()
            try await startUI()
        case .signOutElsewhere:
            guard let user = active else {
                _ = try await run(["sign-out"])
                return
            }
            let result = try await run(["sign-out"])
            #expect(result.status == 0, "sign-out \(user): \(result.stderr)")
            signedIn.remove(user)
            // Another signed-in account becomes the active one (which, the command says); else nobody.
            active = signedIn.isEmpty ? nil : try await Self.activeUsername(common)
            if let now = active { #expect(signedIn.contains(now), "\(now) was made active but is signed out") }
        }
    }

    /// `a` in the UI, the first other signed-in user highlighted and chosen; Esc when there is none.
    private func choose() async throws {
        let session = try #require(session)
        // With nobody signed in the UI shows Sign in, where `a` is typed: there is no chooser to use.
        guard active != nil else { return }
        session.press("a")
        try await session.waitFor("Sign in as someone else")
        guard let target = others.first else {
            session.press("Escape")
            return
        }
        var tries = 0
        while !session.screen().contains("▸ \(target)"), tries < 5 {
            session.press("Down")
            tries += 1
            try await Task.sleep(for: .milliseconds(200))
        }
        session.press("Enter")
        active = target
    }

    /// The store's active account is the model's, and the open UI shows it.
    func check(_ what: String) async throws {
        // The UI first: after the chooser the host activates the chosen account when the run ends, so
        // the store says it once the UI shows it. Commands have changed the store before they return.
        if let session { try await showsActive(in: session, what) }
        try await checkStore(what)
    }

    func checkStore(_ what: String) async throws {
        let listed = try await run(["accounts", "--json"])
        let accounts = JSONValue.parse(Array(listed.stdout.utf8))?.arrayValue ?? []
        let row = accounts.first { $0["active"] == .bool(true) }
        if let active {
            #expect(row?["username"]?.stringValue == active, "\(what): \(listed.stdout)")
            #expect(row?["state"]?.stringValue == "signedIn", "\(what): \(listed.stdout)")
        } else {
            #expect(row?["state"]?.stringValue != "signedIn", "\(what): \(listed.stdout)")
        }
    }

    private func showsActive(in session: TmuxSession, _ what: String = "start") async throws {
        guard let active else { return }
        do {
            try await session.waitFor("Signed in · \(active)")
        } catch {
            Issue.record("\(what): the UI does not show \(active): \(error)")
            throw error
        }
    }

    static func activeUsername(_ common: [String]) async throws -> String? {
        try await BackendTests.ActiveAccountProcessTests.activeUsername(common)
    }
}
