import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

/// Every subcommand of the built binary, in every session state, with stdin closed (`/dev/null`) and
/// under a deadline, checked against ONE table: the manual's "Exit codes by session state"
/// (`docs/manual/exit-codes.md`).
///
/// The subcommands come from the binary's own `--help` (recursively), so a new subcommand that the
/// manual's table lacks fails the test; so does a row naming a command that no longer exists.
extension BackendTests {
    @Suite("Every command in every session state, against the manual's table")
    struct CommandStateMatrixTests {
        /// The table's columns, in order.
        enum Condition: String, CaseIterable, Sendable {
            case signedOut = "signed out"
            case reloginRequired = "re-login required"
            case offline = "offline"
            case signedIn = "signed in"
            case otherPool = "another pool's configuration"
        }

        /// The arguments a command is run with beyond its path: the minimal valid ones.
        static let arguments: [String: [String]] = [
            "sign-in": ["--username", "matrix-nobody", "--password-stdin"],
            "sign-up": ["--username", "matrix-nobody", "--password-stdin"],
            "confirm-sign-up": ["--username", "matrix-nobody", "--code", "123456"],
            "resend-code": ["--username", "matrix-nobody"],
            "forgot-password": ["--username", "matrix-nobody"],
            "confirm-forgot-password": ["--username", "matrix-nobody", "--code", "123456", "--password-stdin"],
            "switch": [AccountDirectory.defaultID],
            "mfa enable": ["email"],
            "mfa disable": ["email"],
            "mfa prefer": ["none"],
            "user set": ["name=Matrix"],
            "user unset": ["nickname"],
            "user verify": ["email"],
            "user delete": ["--yes"],
            "exec": ["--", "true"],
            "aws-profile install": ["matrix"],
            "aws-profile uninstall": ["matrix"],
            "sessions revoke": ["tkn0000000000000000000000000", "--yes"],
            "passkey remove": ["matrix-no-such-passkey", "--yes"],
            "client-secret set": ["--client-id", "matrixclient"],
            "client-secret remove": ["--client-id", "matrixclient"],
        ]

        /// Commands that take none of the global options (`--config`, `--store`).
        static let withoutGlobalOptions: Set<String> = ["version"]

        /// Commands that end the session (or the user): each gets a user and a session of its own, so
        /// that it cannot change what the other commands of its state see.
        static let ownsItsUser: Set<String> = ["sign-out", "user delete"]

        /// The deadline of one command: far beyond any documented wait (the 4 s connectivity bound).
        static let commandTimeout: Duration = .seconds(40)

        /// The file store, so that copies of a store directory are whole sessions.
        static let environment = ["LATCHKEY_STORE": "file"]

        /// One row of the manual's table: the command path and the expected code per condition (nil: not run).
        struct Row: Sendable {
            var path: String
            var codes: [Condition: Int32?]
        }

        /// The manual's "Exit codes by session state" table (`docs/manual/exit-codes.md`).
        static func readmeTable() throws -> [Row] {
            let readme = try String(
                contentsOf: LocalBackend.repositoryRoot.appendingPathComponent("docs/manual/exit-codes.md"),
                encoding: .utf8)
            guard let start = readme.range(of: "## Exit codes by session state") else {
                throw TestSupportError(
                    description: "docs/manual/exit-codes.md has no \"Exit codes by session state\" section")
            }
            var rows: [Row] = []
            var header: [String] = []
            for line in readme[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
                let text = line.trimmingCharacters(in: .whitespaces)
                if text.hasPrefix("#") { break }
                guard text.hasPrefix("|") else { continue }
                let cells = text.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                if header.isEmpty {
                    header = cells
                    continue
                }
                guard let first = cells.first, first.hasPrefix("`latchkey ") else { continue }
                // "`latchkey user set` (`name=…`)": the command path is the first code span.
                let path = String(first.dropFirst("`latchkey ".count).prefix { $0 != "`" })
                var codes: [Condition: Int32?] = [:]
                for (index, name) in header.enumerated().dropFirst() {
                    guard let condition = Condition(rawValue: name), index < cells.count else {
                        throw TestSupportError(
                            description: "The exit-code table's column \"\(name)\" is not a known state")
                    }
                    codes[condition] = Int32(cells[index])
                }
                rows.append(Row(path: path, codes: codes))
            }
            guard Set(header.dropFirst()) == Set(Condition.allCases.map(\.rawValue)) else {
                throw TestSupportError(description: "The exit-code table's columns \(header) are not the five states")
            }
            return rows
        }

        /// Every leaf command path, read from the binary's `--help` (subcommands of subcommands too).
        static func commandPaths(under path: [String] = []) async throws -> [String] {
            let help = try await LatchkeyBinary.run(path + ["--help"], timeout: .seconds(30))
            let names = subcommands(inHelp: help.stdout)
            if names.isEmpty { return [path.joined(separator: " ")] }
            var paths: [String] = []
            for name in names { paths += try await commandPaths(under: path + [name]) }
            return paths
        }

        /// The names listed under `SUBCOMMANDS:` in a help text.
        static func subcommands(inHelp text: String) -> [String] {
            guard let section = text.range(of: "SUBCOMMANDS:\n") else { return [] }
            var names: [String] = []
            for line in text[section.upperBound...].split(separator: "\n", omittingEmptySubsequences: false) {
                if line.trimmingCharacters(in: .whitespaces).isEmpty { break }
                guard line.hasPrefix("  "), !line.hasPrefix("   ") else { continue }
                if let name = line.dropFirst(2).split(separator: " ").first { names.append(String(name)) }
            }
            return names
        }

        @Test("The manual's table lists every subcommand the binary has, and nothing else")
        func tableCoversTheCommandTree() async throws {
            let rows = try Self.readmeTable().map(\.path)
            // A variant row (`token --acr …`) names its command before the first option.
            let table = rows.map { $0.split(separator: " ").prefix { !$0.hasPrefix("-") }.joined(separator: " ") }
            let tree = try await Self.commandPaths()
            #expect(tree.count > 20, "the help listed only \(tree)")
            #expect(Set(tree).subtracting(table).sorted() == [], "subcommands missing from the manual's table")
            #expect(Set(table).subtracting(tree).sorted() == [], "table rows naming no subcommand")
            #expect(rows.count == Set(rows).count, "a command listed twice in the manual's table")
        }

        /// A store directory in each state, the configuration to use with it, and how to make more
        /// (for the commands that own their user).
        struct Setup: Sendable {
            var template: String
            var config: String
            var fresh: @Sendable () async throws -> String
        }

        @Test("Every command, in every session state, with stdin closed, exits as the manual's table says")
        func everyCommandEveryState() async throws {
            let rows = try Self.readmeTable()
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("matrix")
            let env = Self.environment

            // Signs a new user in with `config` into a new store; returns the store and the user.
            @Sendable func signedInUser(config: String, label: String) async throws -> (store: String, user: String) {
                let user = await backend.uniqueName("matrix")
                try await backend.createUser(user, password: Integration.password)
                let store = try Integration.temporaryDirectory("matrix-\(label)")
                let signIn = try await LatchkeyBinary.run(
                    ["sign-in", "--username", user, "--password-stdin", "--config", config, "--store", store],
                    stdin: Integration.password + "\n", environment: env)
                guard signIn.exitCode == 0 else {
                    throw TestSupportError(description: "sign-in for the \(label) state failed: \(signIn.stderr)")
                }
                return (store, user)
            }
            @Sendable func signedInStore(config: String, label: String) async throws -> String {
                try await signedInUser(config: config, label: label).store
            }

            // Signed in: an hour-long session on the pool's own configuration.
            let config = backend.info.configPath
            let signedIn = Setup(
                template: try await signedInStore(config: config, label: "signed-in"), config: config,
                fresh: { try await signedInStore(config: config, label: "signed-in") })

            // Signed out: an empty store.
            let signedOut = Setup(
                template: try Integration.temporaryDirectory("matrix-signed-out"), config: config,
                fresh: { try Integration.temporaryDirectory("matrix-signed-out") })

            // Re-login required: 1 s access tokens, an admin global sign-out, and `token` once to learn it.
            let short = try await StoreTestSupport.shortLivedConfig(
                backend: backend, accessTokenSeconds: 1, in: directory
            ).path
            @Sendable func reloginStore() async throws -> String {
                let (store, user) = try await signedInUser(config: short, label: "relogin")
                try await backend.adminGlobalSignOut(user)
                try await Task.sleep(for: .milliseconds(1200))
                let token = try await LatchkeyBinary.run(
                    ["token", "--config", short, "--store", store], environment: env, timeout: Self.commandTimeout)
                guard token.exitCode == 4 else {
                    throw TestSupportError(description: "the re-login state was not reached: \(token)")
                }
                return store
            }
            let relogin = Setup(template: try await reloginStore(), config: short, fresh: reloginStore)

            // Offline: signed in through a proxy with 1 s access tokens, then the proxy stops.
            let proxy = try FaultProxy(upstream: backend.endpoint)
            defer { proxy.stop() }
            let offlineConfig = try StoreTestSupport.config(short, endpoint: proxy.endpoint, in: directory)
            let offlineStores = try await (0..<(1 + Self.ownsItsUser.count)).asyncMap { _ in
                try await signedInStore(config: offlineConfig, label: "offline")
            }
            proxy.stop()
            try await Task.sleep(for: .milliseconds(1200))
            let spareOffline = OfflineStores(offlineStores.dropFirst())
            let offline = Setup(
                template: offlineStores[0], config: offlineConfig, fresh: { try spareOffline.next() })

            // Another pool's configuration: another app client, through a proxy that records requests.
            let recorder = try FaultProxy(upstream: backend.endpoint)
            defer { recorder.stop() }
            let otherClient = try await StoreTestSupport.shortLivedConfig(
                backend: backend, accessTokenSeconds: 3600, in: try Integration.temporaryDirectory("matrix-other")
            ).path
            let otherConfig = try StoreTestSupport.config(otherClient, endpoint: recorder.endpoint, in: directory)
            let otherPool = Setup(
                template: signedIn.template, config: otherConfig,
                fresh: { try await signedInStore(config: config, label: "other-pool") })

            let setups: [(Condition, Setup)] = [
                (.signedOut, signedOut), (.reloginRequired, relogin), (.offline, offline), (.signedIn, signedIn),
                (.otherPool, otherPool),
            ]
            var mismatches: [String] = []
            for (condition, setup) in setups {
                let planned = rows.compactMap { row -> (String, Int32)? in
                    guard let expected = row.codes[condition], let code = expected else { return nil }
                    return (row.path, code)
                }
                var results: [(path: String, expected: Int32, outcome: LatchkeyBinary.Output)]
                if condition == .otherPool {
                    // The refused commands first: not one request of theirs may reach the other endpoint.
                    results = try await Self.run(planned.filter { $0.1 == 2 }, setup: setup)
                    #expect(recorder.connectionCounts.values.reduce(0, +) == 0, "requests reached the other pool")
                    results += try await Self.run(planned.filter { $0.1 != 2 }, setup: setup)
                } else {
                    results = try await Self.run(planned, setup: setup)
                }
                for (path, expected, outcome) in results where outcome.status != expected || outcome.timedOut {
                    mismatches.append(
                        "\(condition.rawValue): latchkey \(path) exited \(outcome.status) (table: \(expected))"
                            + (outcome.timedOut ? " after its deadline" : "")
                            + " — \(outcome.stderr.suffix(300).replacingOccurrences(of: "\n", with: " "))")
                }
                if condition == .otherPool {
                    let sessionCommands = results.filter { $0.expected == 2 }.count
                    #expect(sessionCommands > 10)
                }
            }
            #expect(mismatches == [], "\(mismatches.joined(separator: "\n"))")
        }

        /// Runs each planned command on a copy of the setup's store (or a session of its own), a few
        /// at a time; returns the outcomes in the planned order.
        static func run(_ planned: [(String, Int32)], setup: Setup) async throws
            -> [(path: String, expected: Int32, outcome: LatchkeyBinary.Output)]
        {
            var stores: [String: String] = [:]
            for (path, _) in planned {
                stores[path] = try ownsItsUser.contains(path) ? await setup.fresh() : copy(setup.template)
            }
            let baseEnvironment = environment
            let config = setup.config
            return try await withThrowingTaskGroup(of: (Int, LatchkeyBinary.Output).self) { group in
                var outcomes: [Int: LatchkeyBinary.Output] = [:]
                var next = 0
                func start() {
                    guard next < planned.count else { return }
                    let index = next
                    let path = planned[index].0
                    let words = path.split(separator: " ").map(String.init) + (arguments[path] ?? [])
                    let store = stores[path] ?? ""
                    // `aws-profile` edits the AWS config file: one inside the store's copy, never the user's.
                    var env = baseEnvironment
                    if path.hasPrefix("aws-profile") { env["AWS_CONFIG_FILE"] = store + "/aws-config" }
                    // `client-secret` only touches the keyring: without a session bus none is usable, here or in CI.
                    let removed = path.hasPrefix("client-secret") ? ["DBUS_SESSION_BUS_ADDRESS"] : []
                    group.addTask { [env] in
                        // The global options go before a `--` (what follows it is `exec`'s command).
                        let global = withoutGlobalOptions.contains(path) ? [] : ["--config", config, "--store", store]
                        let split = words.firstIndex(of: "--") ?? words.endIndex
                        let outcome = try await LatchkeyBinary.run(
                            Array(words[..<split]) + global + Array(words[split...]),
                            environment: env, removing: removed, timeout: commandTimeout)
                        return (index, outcome)
                    }
                    next += 1
                }
                for _ in 0..<4 { start() }
                while let (index, outcome) = try await group.next() {
                    outcomes[index] = outcome
                    start()
                }
                return planned.enumerated().compactMap { index, item in
                    outcomes[index].map { (item.0, item.1, $0) }
                }
            }
        }

        /// A copy of store directory `template` (mode 0700, files as they are).
        static func copy(_ template: String) throws -> String {
            let target = try Integration.temporaryDirectory("matrix-copy")
            for name in try FileManager.default.contentsOfDirectory(atPath: template) {
                try FileManager.default.copyItem(atPath: template + "/" + name, toPath: target + "/" + name)
            }
            return target
        }
    }
}

/// Stores prepared before the backend went away, handed out one at a time.
final class OfflineStores: @unchecked Sendable {
    // @unchecked Sendable: `stores` is only touched while holding `lock`.
    private let lock = NSLock()
    private var stores: [String]

    init(_ stores: ArraySlice<String>) { self.stores = Array(stores) }

    func next() throws -> String {
        try lock.withLock {
            guard !stores.isEmpty else { throw TestSupportError(description: "no offline store left") }
            return stores.removeFirst()
        }
    }
}

extension Sequence {
    /// The results of `transform` on each element, in order, one at a time.
    func asyncMap<T>(_ transform: (Element) async throws -> T) async throws -> [T] {
        var results: [T] = []
        for element in self { results.append(try await transform(element)) }
        return results
    }
}
