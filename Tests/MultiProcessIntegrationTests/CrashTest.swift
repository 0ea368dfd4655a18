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

/// The kill -9 crash test, on a dedicated thread (it blocks in waits and usleep).
struct CrashTest {
    enum Operation: String, CaseIterable {
        case signIn = "sign-in"
        case refresh = "token"
        case signOut = "sign-out"
    }

    struct Report: Sendable {
        var failures: [String] = []
        var killed = 0
        var exited = 0
        var changed = 0
        var changedWhileKilled = 0
        var byOperation: [String: Int] = [:]
        var temporaryDebris = 0
        var aimedAtWrite = 0
        var elapsed: TimeInterval = 0
        var maxDelayMilliseconds: [String: Int] = [:]

        var summary: String {
            "crash test: \(killed + exited) cycles in \(String(format: "%.1f", elapsed)) s; \(killed) killed by SIGKILL, "
                + "\(exited) finished first; the store changed in \(changed) cycles (\(changedWhileKilled) of them killed); "
                + "operations \(byOperation.sorted { $0.key < $1.key }); kill delays 0…\(maxDelayMilliseconds) ms; "
                + "\(aimedAtWrite) kills sent while a temporary file was being written; "
                + "\(temporaryDebris) temporary files left by killed writers (ignored by load)"
        }
    }

    let username: String
    let config: String
    let storeDirectory: String
    /// The store the children write, read back after every cycle.
    var store: any SessionStore
    /// The children's environment changes (which backend they use).
    var environment = ["LATCHKEY_STORE": "file"]

    init(username: String, config: String, storeDirectory: String, store: (any SessionStore)? = nil) {
        self.username = username
        self.config = config
        self.storeDirectory = storeDirectory
        self.store = store ?? FileSessionStore(directory: storeDirectory)
    }

    func arguments(_ operation: Operation) -> (arguments: [String], stdin: String?) {
        let common = ["--config", config, "--store", storeDirectory]
        switch operation {
        case .signIn:
            return (["sign-in", "--username", username, "--password-stdin"] + common, Integration.password + "\n")
        case .refresh: return (["token"] + common, nil)
        case .signOut: return (["sign-out"] + common, nil)
        }
    }

    /// The parts of a session that an operation changes (not the JWKS cache or the write time).
    static func core(_ session: PersistedSession?) -> String {
        guard let session else { return "none" }
        return
            "\(session.state.rawValue)|\(session.username ?? "-")|\(session.tokens?.accessToken ?? "-")|\(session.tokens?.refreshToken ?? "-")"
    }

    /// Whether `after` is a state that `operation` may leave, starting from `before`.
    func isAfterState(_ after: PersistedSession?, of operation: Operation, from before: PersistedSession?) -> Bool {
        guard let after else { return false }
        switch operation {
        case .signIn:
            return after.state == .signedIn && after.username == username && after.tokens != nil
        case .refresh:
            return after.state == .signedIn && after.username == username && after.tokens?.refreshToken != nil
                && after.tokens?.refreshToken == before?.tokens?.refreshToken
        case .signOut:
            return after.state == .signedOut && after.tokens == nil
        }
    }

    /// How long each operation takes when left alone (the median of three runs), so that kill delays span whole runs.
    func calibrate() throws -> [Operation: Int] {
        var durations: [Operation: [Int]] = [:]
        for _ in 0..<3 {
            for operation in [Operation.signIn, .refresh, .signOut] {
                let (arguments, stdin) = arguments(operation)
                let start = Date()
                let result = try LatchkeyBinary.runBlocking(arguments, stdin: stdin, environment: environment)
                guard result.exitCode == 0 else {
                    throw TestSupportError(
                        description: "calibration \(operation.rawValue) failed: \(result.stderr)")
                }
                durations[operation, default: []].append(Int(Date().timeIntervalSince(start) * 1000))
            }
        }
        return durations.mapValues { $0.sorted()[$0.count / 2] }
    }

    /// The writers' temporary files in the store directory.
    func temporaryFiles() -> Set<String> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: storeDirectory)) ?? []
        return Set(names.filter { $0.contains(".tmp-") })
    }

    func run(cycles: Int) throws -> Report {
        var report = Report()
        let durations = try calibrate()
        // Delays up to a little past a typical run: most kills land at start-up, in flight or mid-write, and
        // some come too late, so that completed writes are checked as well.
        let maxDelay = durations.mapValues { Int(Double($0) * 1.1) + 5 }
        report.maxDelayMilliseconds = Dictionary(uniqueKeysWithValues: maxDelay.map { ($0.key.rawValue, $0.value) })
        let start = Date()
        var before = try store.load()
        for cycle in 0..<cycles {
            let operation = Operation.allCases.randomElement() ?? .refresh
            report.byOperation[operation.rawValue, default: 0] += 1
            let (arguments, stdin) = arguments(operation)
            // A third of the kills come after a delay uniform over the whole run, a third aim at its last
            // third (where the write is), and a third wait for the writer's temporary file to appear.
            let longest = maxDelay[operation] ?? 30
            let mode = Int.random(in: 0..<3)
            let delay = mode == 0 ? Int.random(in: 0...longest) : Int.random(in: (longest * 6 / 10)...longest)
            let child = try LatchkeyBinary.spawn(arguments, stdin: stdin, environment: environment)
            killChild(child, mode: mode, delay: delay, longest: longest, report: &report)
            let finished = try child.waitSynchronously()
            if finished.killed { report.killed += 1 } else { report.exited += 1 }

            let after: PersistedSession?
            do {
                after = try store.load()
            } catch {
                report.failures.append("cycle \(cycle) (\(operation.rawValue), kill mode \(mode)): load threw \(error)")
                before = nil
                continue
            }
            let same = Self.core(after) == Self.core(before)
            if !same {
                report.changed += 1
                if finished.killed { report.changedWhileKilled += 1 }
                if !isAfterState(after, of: operation, from: before) {
                    report.failures.append(
                        "cycle \(cycle) (\(operation.rawValue), kill mode \(mode)): the store holds neither the state "
                            + "before (\(before?.state.rawValue ?? "none")) nor one after (\(after?.state.rawValue ?? "none"))"
                    )
                }
            }
            before = after
        }
        report.elapsed = Date().timeIntervalSince(start)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: storeDirectory)) ?? []
        report.temporaryDebris = names.filter { $0.contains(".tmp-") }.count
        if names.contains(where: { $0.contains("corrupt") }) {
            report.failures.append("a store file was moved aside as corrupt: \(names)")
        }
        return report
    }

    /// Kills `child` after `delay` ms (modes 0 and 1), or as soon as the writer's temporary file appears
    /// (mode 2, waiting at most three times `longest` ms); counts the kills that aimed at a write.
    func killChild(_ child: ChildProcess, mode: Int, delay: Int, longest: Int, report: inout Report) {
        if mode == 2 {
            let debris = temporaryFiles()
            let deadline = Date().addingTimeInterval(Double(longest) * 3 / 1000)
            while Date() < deadline && !child.hasExited {
                if !temporaryFiles().subtracting(debris).isEmpty {
                    report.aimedAtWrite += 1
                    break
                }
                usleep(100)
            }
        } else {
            usleep(useconds_t(delay * 1000))
        }
        child.kill(SIGKILL)
    }
}
