// Latchkey benchmarks: run with `swift run -c release --package-path Benchmarks latchkey-bench`.
// Prints figures and the ratio to each target; never asserts timings.
import AuthScreens
import BenchLibCrypto
import CognitoAuth
import CognitoAuthTesting
import Foundation
import TerminalKit
import TerminalUI

#if canImport(Glibc)
    import Glibc
#endif

let pool = UserPoolConfiguration(poolId: "us-east-1_Bench01", appClientId: "benchclient", region: "us-east-1")
let configuration = AuthConfiguration(userPool: pool)

func signedInSession(now: Date, serial: Int) throws -> PersistedSession {
    let raw = TestJWT.tokens(pool: pool, username: "bench", issued: now, lifetime: 3600, serial: serial)
    let tokens = try CognitoTokens(idToken: raw.id, accessToken: raw.access, refreshToken: raw.refresh)
    return PersistedSession(
        state: .signedIn, username: "bench", provider: pool.providerKey, tokens: tokens, updatedAt: now)
}

func peakResidentMegabytes() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return -1 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
        let digits = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first
        return (digits.flatMap { Double($0) } ?? -1) / 1024
    }
    return -1
}

func percentile(_ sorted: [Double], _ p: Double) -> Double {
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

func report(_ name: String, _ value: Double, unit: String, target: Double? = nil, lowerIsBetter: Bool = true) {
    let padded = name.count < 50 ? name + String(repeating: " ", count: 50 - name.count) : name
    var line = padded + String(format: "%12.3f ", value) + unit
    if let target {
        let ratio = lowerIsBetter ? target / value : value / target
        let verdict = ratio >= 1 ? "meets target" : "MISSES target"
        line += String(format: "   target %.3f ", target) + unit + String(format: " (%.2fx, ", ratio) + verdict + ")"
    }
    print(line)
}

// MARK: 1. getTokens() on a warm cache
/// A warm-cache `getTokens()` loop on `store`; returns nanoseconds per call.
func warmCacheNanos(store: any SessionStore, iterations: Int) async throws -> Double {
    let client = AuthClient(
        configuration: configuration, store: store,
        transport: ScriptedTransport { _ in ScriptedTransport.error("NotExpected", "no network in this benchmark") })
    await client.initialize()
    _ = try await client.getTokens()
    let started = ContinuousClock.now
    var checksum = 0
    for _ in 0..<iterations {
        checksum &+= try await client.getTokens().accessToken.utf8.count
    }
    let elapsed = ContinuousClock.now - started
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    precondition(checksum > 0)
    return seconds / Double(iterations) * 1e9
}

func benchWarmCache() async throws {
    let iterations = 2_000_000
    let memory = try await warmCacheNanos(
        store: InMemorySessionStore(try signedInSession(now: Date(), serial: 0)), iterations: iterations)
    print("getTokens() warm cache, one task, \(iterations) calls, in-memory store (no stamp cost)")
    report("  ns per call", memory, unit: "ns", target: 1000)
    report("  calls per second", 1e9 / memory, unit: "calls/s")

    // The file store: each call first stats session.json (the change stamp), so a peer's sign-out
    // is seen before a cached token is served.
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("latchkey-bench-\(getpid())").path
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let file = FileSessionStore(directory: directory)
    _ = try file.save(try signedInSession(now: Date(), serial: 0), when: .always)
    let fileIterations = 500_000
    let onFile = try await warmCacheNanos(store: file, iterations: fileIterations)
    print("getTokens() warm cache, one task, \(fileIterations) calls, file store (one stat per call)")
    report("  ns per call", onFile, unit: "ns", target: 1000)
    report("  calls per second", 1e9 / onFile, unit: "calls/s")
    print(
        String(
            format: "  the stamp check costs %.0f ns per call (%.1fx the in-memory call)", onFile - memory,
            onFile / memory))
}

// MARK: 2. 10,000 waiters resumed when sign-in completes
final class ResumeTimes: @unchecked Sendable {
    // @unchecked Sendable: `times` is only touched while holding `lock`.
    let lock = NSLock()
    var times: [ContinuousClock.Instant] = []
    func add(_ instant: ContinuousClock.Instant) { lock.withLock { times.append(instant) } }
}

func benchWaiters(count: Int) async throws {
    let now = Date()
    var invalid = PersistedSession(state: .signedOutUserPoolsTokenInvalid, username: "bench", updatedAt: now)
    invalid.provider = pool.providerKey
    let fresh = try signedInSession(now: now, serial: 1)
    let answer = ScriptedTransport.json([
        "AuthenticationResult": [
            "IdToken": .string(fresh.tokens?.idToken ?? ""), "AccessToken": .string(fresh.tokens?.accessToken ?? ""),
            "RefreshToken": "refresh-bench",
        ]
    ])
    var options = AuthClientOptions()
    options.verifyTokens = false
    let client = AuthClient(
        configuration: configuration, store: InMemorySessionStore(invalid),
        transport: ScriptedTransport { _ in answer },
        options: options)
    await client.initialize()
    let times = ResumeTimes()
    let group = Task {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<count {
                group.addTask {
                    _ = try? await client.getTokens()
                    times.add(.now)
                }
            }
        }
    }
    while await client.pendingCalls.count < count { try await Task.sleep(for: .milliseconds(5)) }
    let signInStarted = ContinuousClock.now
    _ = try await client.signIn(username: "bench", password: "unused-in-scripted-sign-in")
    await group.value
    let latencies = times.times.map { instant -> Double in
        let d = instant - signInStarted
        return (Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18) * 1000
    }.sorted()
    print("\(count) waiting calls resumed by one sign-in (resumed: \(latencies.count))")
    report("  resume latency p50", percentile(latencies, 0.50), unit: "ms", target: 50)
    report("  resume latency p99", percentile(latencies, 0.99), unit: "ms", target: 50)
    report("  resume latency max", latencies.last ?? .nan, unit: "ms", target: 50)
}

// MARK: 3. SRP computation alone, and the bare libcrypto floor
func benchSRP() throws {
    let iterations = 200
    let salt = "1c6708a20b0c49184bc6c3c0db8411a8"
    let serverB = SRPClientBenchmarkInput.serverB
    var started = ContinuousClock.now
    for _ in 0..<iterations {
        let client = try SRPClient()
        _ = try client.passwordClaim(
            poolName: "Bench01", userIdForSrp: "bench", password: "Passw0rd!", saltHex: salt, serverBHex: serverB,
            secretBlock: "c2VjcmV0", timestamp: "Tue Feb 1 03:04:05 UTC 2000")
    }
    var elapsed = ContinuousClock.now - started
    let ours =
        (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) / Double(iterations) * 1000
    // The floor: the same three modular exponentiations with nothing else.
    // The three exponentiations of a real computation, with the same exponent sizes: g^a (a: 128 bytes),
    // g^x (x: 32 bytes) and base^(a + u*x) (about 160 bytes).
    let modulus = SRPClient.modulus
    let exponents = [128, 32, 160].map { [UInt8](repeating: 0xa5, count: $0) }
    var out = [UInt8](repeating: 0, count: modulus.count)
    var length = 0
    started = ContinuousClock.now
    for _ in 0..<iterations {
        for exponent in exponents {
            _ = out.withUnsafeMutableBufferPointer { buffer in
                bench_mod_exp_consttime(
                    [2], 1, exponent, exponent.count, modulus, modulus.count, buffer.baseAddress, buffer.count,
                    &length)
            }
        }
    }
    elapsed = ContinuousClock.now - started
    let floor =
        (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) / Double(iterations) * 1000
    print("SRP client computation (A, u, x, S, HKDF, signature), \(iterations) runs")
    report("  Latchkey SRP", ours, unit: "ms")
    report("  bare libcrypto: 3 x BN_mod_exp_mont_consttime (same sizes)", floor, unit: "ms")
    report("  ratio to the floor", ours / floor, unit: "x", target: 1.5)
}

enum SRPClientBenchmarkInput {
    static let serverB =
        "2aa782afdf51e9d6663eec533e955871b604b5b98c1115df278cb18a27e81b850ab100e16292768a35ade2d7fff3b35ab0b6709cad5d98622f082c219cf8d406a4143318b2fa3028484407d919c76693b7af49d508f1369d6376834041b681bea13ef9c119ca565db4016dcdf76eb9ebd61a38572025a5048997812d0eb67305c21e5d55b7f4af947c71cbcc89a831bf93e4587e952a0fe50049b4b0cfaae65ad91863bc8d19f0c97874e29a848daf56734b82372558fc707d31560e3cccd97ce4f68704fb634b7cc4f65c2d46d4a27a0a5978589faae97dc99f373d09ad17e587854015bd4b4e11ad509ced88217486f78bec9c7a500c1d60bc56e2e06774d00f51316e74875b2af390e67afad029168b91e"
}

/// CPU time (user + system) of this process, in seconds.
func processCPUSeconds() -> Double {
    var usage = rusage()
    #if os(Linux)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    #else
        getrusage(RUSAGE_SELF, &usage)
    #endif
    return Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
        + Double(usage.ru_stime.tv_usec) / 1e6
}

/// `latchkey-bench signin CONFIG USERNAME PASSWORD COUNT`: full SRP sign-ins against a live backend,
/// printing one JSON line with wall and CPU time per sign-in (used by Benchmarks/head_to_head.py).
func benchSignIn(arguments: [String]) async throws {
    guard arguments.count >= 6, let count = Int(arguments[5]) else {
        print("usage: latchkey-bench signin CONFIG USERNAME PASSWORD COUNT")
        return
    }
    let configuration = try AuthConfiguration.load(path: arguments[2])
    var options = AuthClientOptions()
    options.verifySignatures = true
    // Warm up: one sign-in (connection set-up, JWKS fetch). The store is shared, as a real one is,
    // so the pool's key set stays cached and each sign-in is InitiateAuth + RespondToAuthChallenge.
    let store = InMemorySessionStore()
    let warm = AuthClient(configuration: configuration, store: store, options: options)
    _ = try await warm.signIn(username: arguments[3], password: arguments[4])
    let cpuStart = processCPUSeconds()
    let started = ContinuousClock.now
    for _ in 0..<count {
        let client = AuthClient(configuration: configuration, store: store, options: options)
        await client.initialize()
        guard try await client.signIn(username: arguments[3], password: arguments[4]) == .done else {
            print("sign-in did not finish")
            return
        }
    }
    let elapsed = ContinuousClock.now - started
    let wall = (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) / Double(count)
    let cpu = (processCPUSeconds() - cpuStart) / Double(count)
    print(
        #"{"wall_ms": \#(wall * 1000), "cpu_ms": \#(cpu * 1000), "count": \#(count), "peak_rss_mb": \#(peakResidentMegabytes())}"#
    )
}

// MARK: 4. Dashboard frame render time (AppView into the cell grid, and the diff the renderer sends)
func benchDashboardRender() async {
    let now = Date()
    var state = AppState(now: now, timeZone: TimeZone(identifier: "UTC") ?? .current)
    state.base = .dashboard
    state.dashboard.userState = .signedIn
    state.dashboard.session = SessionSummary(
        username: "bench", provider: pool.providerKey, activeProviders: [pool.providerKey],
        identityId: "us-east-1:bench",
        idTokenExpiration: now + 3000, accessTokenExpiration: now + 3000, tokensIssuedAt: now - 600,
        hasRefreshToken: true,
        awsCredentialsExpiration: now + 1800)
    state.dashboard.pendingCalls = (0..<4).map {
        WaitingCall(id: UInt64($0), label: "GetUser #\($0)", since: now - 12, reason: .signIn)
    }
    for index in 0..<500 { state.dashboard.log.append("GetUser #\(index) ok", at: now) }
    let view = AppView(backend: "127.0.0.1")
    let size = TerminalSize(columns: 120, rows: 40)
    var previous = view.render(state, size: size).grid
    var renderTimes: [Double] = []
    var diffTimes: [Double] = []
    for tick in 0..<2000 {
        state.dashboard.now = now + Double(tick)
        let started = ContinuousClock.now
        let frame = view.render(state, size: size, spinnerTick: tick)
        let rendered = ContinuousClock.now
        let runs = frame.grid.diff(from: previous)
        let diffed = ContinuousClock.now
        precondition(runs.count >= 0)
        previous = frame.grid
        renderTimes.append((rendered - started).milliseconds)
        diffTimes.append((diffed - rendered).milliseconds)
    }
    renderTimes.sort()
    diffTimes.sort()
    print("Dashboard frame at 120x40 with a full log and 4 waiting calls, 2000 frames")
    report("  render p50", percentile(renderTimes, 0.5), unit: "ms")
    report("  render p99", percentile(renderTimes, 0.99), unit: "ms", target: 16)
    report("  diff p99 (cells sent to curses)", percentile(diffTimes, 0.99), unit: "ms")
}

extension Duration {
    var milliseconds: Double { Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15 }
}

if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == "ui" {
    await benchDashboardRender()
    exit(0)
}

if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == "signin" {
    try await benchSignIn(arguments: CommandLine.arguments)
    exit(0)
}

print("Latchkey benchmarks (\(ProcessInfo.processInfo.activeProcessorCount) cores)")
try await benchWarmCache()
try await benchWaiters(count: 10_000)
try benchSRP()
await benchDashboardRender()
report("peak resident memory (VmHWM)", peakResidentMegabytes(), unit: "MB")
