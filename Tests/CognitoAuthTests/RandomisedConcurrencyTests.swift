import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// Thousands of concurrent `getTokens` calls through the real actor while a driver signs in and out,
/// expires tokens, releases the sign-in wait and cancels callers, with refresh answers chosen by a seeded RNG.
@Suite("Randomised concurrency")
struct RandomisedConcurrencyTests {
    /// How a call ended.
    enum Outcome: Sendable {
        case tokens
        case failed(AuthError)
        case cancelled
        case other(String)
    }

    /// What a caller asked for.
    struct Caller: Sendable {
        var options: TokenRequestOptions
        var cancellable: Bool
    }

    static let callers = 10_000

    /// The seeds: a fixed set, or `LATCHKEY_RANDOM_SEEDS` (comma-separated, decimal or 0x-hex; `N` alone means 1...N).
    static var seeds: [UInt64] {
        guard let text = ProcessInfo.processInfo.environment["LATCHKEY_RANDOM_SEEDS"], !text.isEmpty else {
            return [0x5EED_0001, 0xC0FF_EE42, 0x0BAD_F00D, 0x0000_1234]
        }
        let parsed = text.split(separator: ",").compactMap { part -> UInt64? in
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            return trimmed.hasPrefix("0x") ? UInt64(trimmed.dropFirst(2), radix: 16) : UInt64(trimmed)
        }
        if parsed.count == 1, let count = parsed.first, !text.contains(","), count <= 1000 {
            return Array(1...max(count, 1))
        }
        return parsed
    }

    static func kind(_ error: AuthError) -> String {
        switch error {
        case .signInWaitCancelled: return "signInWaitCancelled"
        case .reloginRequired: return "reloginRequired"
        case .network: return "network"
        case .deadlineExceeded: return "deadlineExceeded"
        case .signedOut: return "signedOut"
        case .notSignedIn: return "notSignedIn"
        case .invalidToken: return "invalidToken"
        default: return "other"
        }
    }
    static let driverSteps = 250

    @Test(
        "10,000 concurrent getTokens under a random schedule all finish, each exactly once",
        arguments: seeds)
    func randomisedSchedule(seed: UInt64) async throws {
        let started = ContinuousClock.now
        let context: Comment = "seed 0x\(String(seed, radix: 16)) (rerun with this seed to reproduce)"
        var driverRNG = SeededRandomGenerator(seed: seed)
        let transportRNG = Locked(SeededRandomGenerator(seed: seed ^ 0x7472_616E_7370_6F72))
        let clock = ManualClock(start: Fixtures.t0)
        let serial = Locked(0)
        let pool = Fixtures.pool

        @Sendable func freshTokens() throws -> CognitoTokens {
            let number = serial.withLock { value -> Int in
                value += 1
                return value
            }
            return try Fixtures.tokens(
                issued: clock.now(), lifetime: 3600, serial: number, refreshToken: "refresh-\(number)", pool: pool)
        }

        // Refresh requests in flight by refresh token. Every sign-in brings a new refresh token, so two
        // concurrent requests with the same one would be two refreshes of one session: no single flight.
        let inFlight = Locked<[String: Int]>([:])
        let doubleFlights = Locked(0)
        let transport = ScriptedTransport { request in
            guard request.isRefresh else {
                return ScriptedTransport.error("InvalidParameterException", "unexpected request")
            }
            let refreshToken = request.sentRefreshToken ?? "?"
            inFlight.withLock { flights in
                if flights[refreshToken, default: 0] > 0 { doubleFlights.withLock { $0 += 1 } }
                flights[refreshToken, default: 0] += 1
            }
            defer { inFlight.withLock { $0[refreshToken, default: 1] -= 1 } }
            let (choice, yields) = transportRNG.withLock { rng in (rng.next() % 10, Int(rng.next() % 4)) }
            for _ in 0..<yields { await Task.yield() }
            switch choice {
            case 0..<6:
                return refreshAnswer(try freshTokens(), includeRefreshToken: choice % 2 == 0)
            case 6, 7:
                return ScriptedTransport.error("NotAuthorizedException", "Refresh Token has been revoked")
            default:
                throw AuthError.network(kind: .connectionReset, message: "connection reset by peer")
            }
        }
        let store = InMemorySessionStore(Fixtures.signedInSession(try freshTokens()))
        let client = AuthClient(
            configuration: Fixtures.configuration(), store: store, transport: transport, clock: clock,
            random: FixedRandomSource(fixed: [0x40, 0x11]), options: Fixtures.clientOptions)
        #expect(await client.initialize() == .signedIn, context)

        // Who calls, with which options.
        let choices: [TokenRequestOptions] = [
            .default, .noWait, TokenRequestOptions(waitForSignIn: true, waitForConnectivity: false),
            TokenRequestOptions(waitForSignIn: false, waitForConnectivity: true),
            TokenRequestOptions(deadline: .seconds(20)),
            TokenRequestOptions(waitForConnectivity: false, deadline: .seconds(3)),
        ]
        let callers: [Caller] = (0..<Self.callers).map { _ in
            Caller(
                options: choices[Int(driverRNG.next() % UInt64(choices.count))], cancellable: driverRNG.next() % 10 == 0
            )
        }
        // Even seeds end with a sign-in, odd ones with release + sign-out.
        let finalSignIn = seed % 2 == 0
        let scheduleRNG = driverRNG

        let (outcomes, outcomeSink) = AsyncStream<(Int, Outcome)>.makeStream(bufferingPolicy: .unbounded)
        let tasks = Locked<[Int: Task<Void, Never>]>([:])
        let cancelledByDriver = Locked<Set<Int>>([])

        @Sendable func launch(_ index: Int) {
            let options = callers[index].options
            let task = Task {
                let outcome: Outcome
                do {
                    _ = try await client.getTokens(options)
                    outcome = .tokens
                } catch let error as AuthError {
                    outcome = .failed(error)
                } catch is CancellationError {
                    outcome = .cancelled
                } catch {
                    outcome = .other("\(error)")
                }
                outcomeSink.yield((index, outcome))
            }
            tasks.withLock { $0[index] = task }
        }

        enum Finish: Sendable {
            case done([(Int, Outcome)])
            case timedOut
        }

        // The driver and the collection race a watchdog, so a lost continuation fails the test instead of hanging it.
        let finish: Finish = await withTaskGroup(of: Finish.self) { group in
            group.addTask {
                var launched = 0
                let perStep = Self.callers / Self.driverSteps
                var stepRNG = scheduleRNG
                for _ in 0..<Self.driverSteps {
                    for _ in 0..<perStep where launched < Self.callers {
                        launch(launched)
                        launched += 1
                    }
                    switch stepRNG.next() % 20 {
                    case 0, 1, 2:
                        clock.advance(by: Double(stepRNG.next() % 3000) / 1000)  // fires retries and some deadlines
                    case 3, 4:
                        clock.advance(by: 4000)  // expires the tokens
                    case 5:
                        await client.releaseSignInWait()
                    case 6:
                        _ = try? await client.signOut()
                    case 7, 8, 9:
                        if let tokens = try? freshTokens() {
                            try? await client.completeSignIn(tokens: tokens, username: "alice")
                        }
                    case 10:
                        if let access = await client.session?.tokens?.accessToken {
                            await client.reportAccessTokenRejected(access)
                        }
                    case 11:
                        await client.forceRefresh()
                    case 12, 13, 14:
                        // Cancel a few callers that are allowed to be cancelled.
                        for _ in 0..<8 {
                            // Mostly recent callers, which are likelier to be still waiting.
                            let window = UInt64(min(launched, 2 * perStep))
                            guard window > 0 else { break }
                            let index = launched - 1 - Int(stepRNG.next() % window)
                            guard callers[index].cancellable else { continue }
                            cancelledByDriver.withLock { _ = $0.insert(index) }
                            tasks.withLock { $0[index] }?.cancel()
                        }
                    default:
                        break
                    }
                    for _ in 0..<Int(stepRNG.next() % 8) { await Task.yield() }
                }
                while launched < Self.callers {
                    launch(launched)
                    launched += 1
                }
                // The final event: a sign-in, or release + sign-out. Either ends every wait.
                if finalSignIn {
                    if let tokens = try? freshTokens() {
                        try? await client.completeSignIn(tokens: tokens, username: "alice")
                    }
                } else {
                    await client.releaseSignInWait()
                    _ = try? await client.signOut()
                }
                var collected: [(Int, Outcome)] = []
                for await item in outcomes {
                    collected.append(item)
                    if collected.count == Self.callers { break }
                }
                return collected.count == Self.callers ? .done(collected) : .timedOut
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(60))
                return .timedOut
            }
            let first = await group.next() ?? .timedOut
            group.cancelAll()
            return first
        }

        guard case .done(let collected) = finish else {
            let pending = await client.pendingCalls
            Issue.record("not every getTokens finished within 60 s: \(pending.count) still pending, \(context)")
            for task in tasks.current.values { task.cancel() }
            return
        }

        // Each caller finished exactly once, with an outcome its options allow.
        var seen = Set<Int>()
        var counts: [String: Int] = [:]
        let cancelled = cancelledByDriver.current
        for (index, outcome) in collected {
            #expect(seen.insert(index).inserted, "caller \(index) finished twice, \(context)")
            let options = callers[index].options
            switch outcome {
            case .tokens:
                counts["tokens", default: 0] += 1
            case .cancelled:
                counts["cancelled", default: 0] += 1
                #expect(cancelled.contains(index), "caller \(index) was never cancelled, \(context)")
            case .failed(let error):
                switch error {
                case .signInWaitCancelled:
                    #expect(options.waitForSignIn, "\(context)")
                case .reloginRequired:
                    #expect(!options.waitForSignIn, "\(context)")
                case .network:
                    // A deadline ends the wait for retries with the last attempt's error.
                    #expect(!options.waitForConnectivity || options.deadline != nil, "\(context)")
                case .deadlineExceeded:
                    #expect(options.deadline != nil, "\(context)")
                case .signedOut, .notSignedIn, .invalidToken:
                    break
                default:
                    Issue.record("caller \(index) failed with an unexpected \(error), \(context)")
                }
                counts[Self.kind(error), default: 0] += 1
            case .other(let text):
                Issue.record("caller \(index) threw a non-auth error: \(text), \(context)")
            }
        }
        #expect(seen.count == Self.callers, "\(context)")
        #expect(doubleFlights.current == 0, "two refreshes of one session were in flight at once, \(context)")
        #expect((counts["tokens"] ?? 0) > 0, "no caller ever got tokens: \(counts), \(context)")

        // Nothing is left waiting, and the final state matches the final event.
        #expect(await client.pendingCalls.isEmpty, "\(context)")
        let stored = try store.load()
        if finalSignIn {
            #expect(await client.userState == .signedIn, "\(context)")
            #expect(stored?.state == .signedIn, "\(context)")
            let tokens = try await client.getTokens(.noWait)
            #expect(stored?.tokens == tokens, "\(context)")
        } else {
            #expect(await client.userState == .signedOut, "\(context)")
            #expect(stored?.state ?? .signedOut == .signedOut, "\(context)")
            #expect(stored?.tokens == nil, "\(context)")
            await #expect(throws: AuthError.notSignedIn, context) { try await client.getTokens(.noWait) }
        }
        let elapsed = ContinuousClock.now - started
        print(
            "randomised seed 0x\(String(seed, radix: 16)): \(elapsed), final \(finalSignIn ? "signIn" : "signOut"), "
                + "\(transport.sent.filter(\.isRefresh).count) refreshes, outcomes \(counts.sorted { $0.key < $1.key })"
        )
    }
}
