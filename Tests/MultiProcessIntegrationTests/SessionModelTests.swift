import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 10, item 7: a randomized model test of one session shared by several processes.
///
/// Each round starts one to three `latchkey` processes at once against one file store (sign-in as
/// alice or bob, sign-out, token), some through the fault proxy (whose mode changes every round), with
/// one process sometimes killed with SIGKILL, while an in-process client forces a refresh. Access
/// tokens live 1 s, so most `token` runs refresh and refreshes race the sign-ins and sign-outs.
/// After every round the outcomes are checked against a model of who may be signed in:
/// - a token is served only for a user whose sign-in was the last to succeed (or raced the round);
/// - after a sign-out returned, and until a sign-in, nothing serves a token;
/// - the store always loads (never corrupt), and holds a state the model allows;
/// - no process outlives its deadline (the child runner kills it and the round fails).
/// The seed is printed with every failure; `LATCHKEY_MODEL_SEED` and `LATCHKEY_MODEL_ROUNDS` replay it.
extension BackendTests {
    @Suite("Session model: several processes and a client against one store, random operations, kill -9")
    struct SessionModelTests {
        enum Who: Hashable, CustomStringConvertible {
            case nobody
            case user(String)
            var description: String {
                switch self {
                case .nobody: return "nobody"
                case .user(let name): return name
                }
            }
        }

        enum Operation: CaseIterable {
            case signInAlice, signInBob, signOut, token
        }

        struct Launched {
            var operation: Operation
            var child: ChildProcess
            var proxied: Bool
        }

        static var rounds: Int {
            Int(ProcessInfo.processInfo.environment["LATCHKEY_MODEL_ROUNDS"] ?? "") ?? 300
        }

        static var seed: UInt64 {
            let text = ProcessInfo.processInfo.environment["LATCHKEY_MODEL_SEED"] ?? ""
            return UInt64(text.hasPrefix("0x") ? String(text.dropFirst(2)) : text, radix: 16) ?? 0x5E55_1011
        }

        /// Who the stored record says is signed in (signed-in with tokens), or nobody.
        static func storedWho(_ session: PersistedSession?) -> Who {
            guard let session, session.state == .signedIn, let claims = session.tokens?.idClaims,
                let name = claims.cognitoUsername ?? claims.username
            else { return .nobody }
            return .user(name)
        }

        /// The user a printed id token belongs to.
        static func tokenWho(_ text: String) -> Who? {
            let token = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard let tokens = try? CognitoTokens(idToken: token, accessToken: token, refreshToken: nil),
                let name = tokens.idClaims?.cognitoUsername ?? tokens.idClaims?.username
            else { return nil }
            return .user(name)
        }

        @Test(
            "300 seeded rounds: tokens only for the last signed-in user, nothing after a sign-out, the store always loads"
        )
        func randomisedRounds() async throws {
            let seed = Self.seed
            var rng = SeededRandomGenerator(seed: seed)
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("model")
            let store = directory + "/store"
            let (alice, bob) = try await SessionIntegrityTests.twoUsers(backend)
            let (config, configuration) = try await StoreTestSupport.shortLivedConfig(
                backend: backend, accessTokenSeconds: 1, in: directory)
            let proxy = try FaultProxy(upstream: backend.endpoint)
            defer { proxy.stop() }
            let proxied = try StoreTestSupport.config(config, endpoint: proxy.endpoint, in: directory)
            let client = await Integration.client(configuration, store: FileSessionStore(directory: store))

            var possible: Set<Who> = [.nobody]
            var failures: [String] = []
            var counts: [String: Int] = [:]
            let started = ContinuousClock.now
            for round in 1...Self.rounds {
                let context = "seed 0x\(String(seed, radix: 16)) round \(round)"
                let modes: [FaultProxy.Mode] = [
                    .pass, .pass, .delay(milliseconds: Int(rng.next() % 300)), .http5xx, .reset,
                ]
                proxy.setMode(modes[Int(rng.next() % UInt64(modes.count))])

                // Start one to three processes at once; sometimes kill one of them.
                var launched: [Launched] = []
                for _ in 0..<(1 + Int(rng.next() % 3)) {
                    let operation = Operation.allCases[Int(rng.next() % UInt64(Operation.allCases.count))]
                    let throughProxy = rng.next() % 3 == 0
                    let common = ["--config", throughProxy ? proxied : config, "--store", store]
                    let arguments: [String]
                    var stdin: String?
                    switch operation {
                    case .signInAlice, .signInBob:
                        let name = operation == .signInAlice ? alice : bob
                        arguments = ["sign-in", "--username", name, "--password-stdin"] + common
                        stdin = Integration.password + "\n"
                    case .signOut: arguments = ["sign-out"] + common
                    case .token: arguments = ["token", "--retry-seconds", "1"] + common
                    }
                    let child = try LatchkeyBinary.spawn(
                        arguments, stdin: stdin,
                        environment: ["LATCHKEY_STORE": "file", "LATCHKEY_ACCOUNT": AccountDirectory.defaultID],
                        timeout: .seconds(60))
                    launched.append(Launched(operation: operation, child: child, proxied: throughProxy))
                }
                if rng.next() % 5 == 0 { await client.forceRefresh() }
                var killed: Int?
                if rng.next() % 5 == 0 {
                    let victim = Int(rng.next() % UInt64(launched.count))
                    try await Task.sleep(for: .milliseconds(Int(rng.next() % 250)))
                    launched[victim].child.kill(SIGKILL)
                    killed = victim
                }

                // Outcomes.
                var signedIn: Set<Who> = []  // sign-ins that succeeded
                var maybe: Set<Who> = []  // killed sign-ins and sign-outs: they may or may not have happened
                var signedOut = false
                var served: [(Who?, Int)] = []
                for (index, run) in launched.enumerated() {
                    let outcome: ChildProcess.Outcome
                    do {
                        outcome = try await run.child.wait()
                    } catch {
                        failures.append("\(context): a process outlived its deadline: \(error)")
                        continue
                    }
                    let ok = outcome.exitCode == 0
                    let wasKilled = index == killed && outcome.killed
                    counts["\(run.operation)-\(ok ? "ok" : wasKilled ? "killed" : "failed")", default: 0] += 1
                    switch run.operation {
                    case .signInAlice, .signInBob:
                        let who = Who.user(run.operation == .signInAlice ? alice : bob)
                        if ok { signedIn.insert(who) } else if wasKilled { maybe.insert(who) }
                        if !ok && !wasKilled && !run.proxied {
                            failures.append("\(context): a direct sign-in failed: \(outcome.stderr.prefix(200))")
                        }
                    case .signOut:
                        if ok { signedOut = true } else if wasKilled { maybe.insert(.nobody) }
                    case .token:
                        if ok { served.append((Self.tokenWho(outcome.stdout), index)) }
                    }
                }

                // A token may only belong to who was signed in before the round or signed in during it.
                let allowedTokens = possible.union(signedIn).union(maybe).subtracting([.nobody])
                for (who, index) in served {
                    guard let who, allowedTokens.contains(who) else {
                        failures.append(
                            "\(context): process \(index) served a token for \(who?.description ?? "an unreadable token") "
                                + "while only \(allowedTokens.map(\.description).sorted()) may be signed in")
                        continue
                    }
                }
                // Who may be signed in now.
                if signedIn.isEmpty && !signedOut {
                    possible = possible.union(maybe)
                } else {
                    possible = signedIn.union(maybe).union(signedOut ? [.nobody] : [])
                }
                // The store loads and agrees with the model.
                let stored: PersistedSession?
                do {
                    stored = try FileSessionStore(directory: store).load()
                } catch {
                    failures.append("\(context): the store did not load: \(error)")
                    possible = [.nobody, .user(alice), .user(bob)]
                    continue
                }
                let now = Self.storedWho(stored)
                if !possible.contains(now) {
                    failures.append(
                        "\(context): the store holds \(now) but the model allows \(possible.map(\.description).sorted())"
                    )
                }
                possible = [now]  // the store is the truth from here on
                // The in-process client adopts the store: what it serves belongs to the stored user.
                let tokens = try? await client.getTokens(.noWait)
                if let tokens, let who = Self.tokenWho(tokens.idToken), who != now,
                    Self.storedWho(try? FileSessionStore(directory: store).load()) == now
                {
                    failures.append("\(context): the in-process client served \(who) while the store holds \(now)")
                }
                if failures.count > 20 { break }
            }
            let elapsed = ContinuousClock.now - started
            for failure in failures { Issue.record(Comment(rawValue: failure)) }
            #expect(failures.isEmpty, "seed 0x\(String(seed, radix: 16)): \(failures.count) violations")
            print(
                "session model: seed 0x\(String(seed, radix: 16)), \(Self.rounds) rounds in \(elapsed), "
                    + "outcomes \(counts.sorted { $0.key < $1.key })")
        }
    }
}
