import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    @Suite("Fault injection: refreshes survive refused, reset, slow, black-holed, 5xx and throttled backends")
    struct FaultInjectionTests {
        /// The faults a cycle picks from.
        enum Fault: String, CaseIterable, Sendable {
            case refuse, reset, delay, blackHole, http5xx, throttle

            /// Faults that reach no backend at all, so connectivity must go offline.
            var isNetworkFailure: Bool { self == .refuse || self == .reset || self == .blackHole }
        }

        static let cycles = 200
        static let waitingDeadline: Duration = .seconds(5)
        static let requestTimeout: Duration = .seconds(1)

        /// How far the clock jumps at the start of each cycle, and back at its end.
        ///
        /// Tokens live 3600 s and the refresh margin is 120 s, so at real time + 3540 s the cached
        /// tokens (issued at most a minute ago) are inside the margin and every `getTokens()` needs a
        /// refresh. The refreshed tokens expire at real time + 3600 s, which `TokenVerifier.checkClaims`
        /// accepts (it only rejects tokens already expired by more than 60 s at the client clock).
        /// Advancing by a fixed amount every cycle would make the clock drift hours ahead of the tokens
        /// the backend issues (expired by > 60 s: `invalidToken`), and a 4 s token lifetime has the same
        /// drift problem after ~15 cycles, so the clock is moved back at the end of each cycle instead.
        static let skew: TimeInterval = 3540

        @Test(
            "200 seeded fault cycles: waiting calls get tokens after recovery, nobody is signed out, nothing stays pending"
        )
        func faultCycles() async throws {
            let backend = try await LocalBackend.shared()
            let seed =
                ProcessInfo.processInfo.environment["LATCHKEY_FAULT_SEED"].flatMap(UInt64.init)
                ?? UInt64.random(in: 0...UInt64.max)
            print("FaultInjection seed: \(seed) (rerun with LATCHKEY_FAULT_SEED=\(seed))")
            var rng = SeededRandomGenerator(seed: seed)
            let began = ContinuousClock.now

            let proxy = try FaultProxy(upstream: backend.endpoint)
            defer { proxy.stop() }
            var configuration = try await backend.configuration(accessTokenSeconds: 3600)
            // Faults go to the API calls; the key set stays the backend's own, as before.
            configuration.latchkey.jwksURL = TokenVerifier.jwksURL(configuration: configuration)
            configuration.userPool?.endpoint = proxy.endpoint
            var options = AuthClientOptions()
            options.requestTimeout = Self.requestTimeout
            options.backoff = BackoffPolicy(initial: .milliseconds(20), maximum: .milliseconds(200))
            let clock = OffsetClock()
            let client = AuthClient(
                configuration: configuration, store: InMemorySessionStore(), clock: clock, options: options)
            await client.initialize()
            let username = await backend.uniqueName("fault")
            try await backend.createUser(username, password: Integration.password)
            #expect(try await client.signIn(username: username, password: Integration.password) == .done)
            #expect(await client.userState == .signedIn)

            let recorder = FaultRecorder()
            let states = await client.userStateChanges()
            let stateListener = Task { for await change in states { await recorder.state(change.state) } }
            let events = await client.events()
            let eventListener = Task {
                for await event in events {
                    if case .connectivityChanged(let connectivity) = event { await recorder.connectivity(connectivity) }
                }
            }
            defer {
                stateListener.cancel()
                eventListener.cancel()
            }

            var cyclesPerFault: [Fault: Int] = [:]
            var noWaitOutcomes: [String: Int] = [:]
            for cycle in 1...Self.cycles {
                let fault = Fault.allCases[Int(rng.next() % UInt64(Fault.allCases.count))]
                let mode: FaultProxy.Mode
                switch fault {
                case .refuse: mode = .refuse
                case .reset: mode = .reset
                case .delay: mode = .delay(milliseconds: rng.int(in: 50...600))
                case .blackHole: mode = .blackHole
                case .http5xx: mode = .http5xx
                case .throttle: mode = .throttle
                }
                // Usually a short fault; one black hole in four outlives the 1 s request timeout.
                let hold = fault == .blackHole && rng.int(in: 0...3) == 0 ? 1200 : rng.int(in: 0...150)
                let waitingCount = rng.int(in: 2...3)
                let noWaitFirst = rng.int(in: 0...1) == 0
                let context = "seed \(seed), cycle \(cycle), fault \(mode), hold \(hold) ms"
                cyclesPerFault[fault, default: 0] += 1

                let hitsBefore = proxy.connectionCount(mode)
                let offlineBefore = await recorder.offlineCount
                clock.advance(by: Self.skew)
                proxy.setMode(mode)

                var noWait: Task<(Result<CognitoTokens, any Error>, Duration), Never>?
                func startNoWait() {
                    noWait = Task {
                        let started = ContinuousClock.now
                        do {
                            let tokens = try await client.getTokens(
                                TokenRequestOptions(waitForSignIn: false, waitForConnectivity: false, label: "noWait"))
                            return (.success(tokens), ContinuousClock.now - started)
                        } catch {
                            return (.failure(error), ContinuousClock.now - started)
                        }
                    }
                }
                if noWaitFirst { startNoWait() }
                let waiting = (0..<waitingCount).map { index in
                    Task<Result<CognitoTokens, any Error>, Never> {
                        do {
                            return .success(
                                try await client.getTokens(
                                    TokenRequestOptions(
                                        waitForSignIn: true, waitForConnectivity: true, deadline: Self.waitingDeadline,
                                        label: "waiting #\(index)")))
                        } catch {
                            return .failure(error)
                        }
                    }
                }
                if !noWaitFirst { startNoWait() }

                // Let the fault be hit before lifting it: a refused connect marks the client offline at
                // once; the other faults show up as a connection the proxy accepted in this mode.
                // Up to 3 s, then the cycle goes on regardless (a fault that was never hit is still a
                // valid cycle), so a timeout here is not a failure.
                _ = try? await Waiter.until(
                    "the fault to be hit", timeout: .seconds(3),
                    on: [await client.changeSource(), .signal(proxy.changes, name: "proxy connections")]
                ) {
                    if fault == .refuse { return !(await client.connectivity.isOnline) }
                    return proxy.connectionCount(mode) > hitsBefore
                }
                try await Task.sleep(for: .milliseconds(hold))
                proxy.setMode(.pass)

                // The no-wait call fails fast with a transient error, or succeeds.
                if let noWait, let (result, elapsed) = await watchdog(noWait, seconds: 4) {
                    switch result {
                    case .success(let tokens):
                        #expect(!tokens.accessToken.isEmpty, "\(context)")
                        noWaitOutcomes["succeeded", default: 0] += 1
                    case .failure(let error):
                        let authError = error as? AuthError
                        #expect(authError?.isTransient == true, "no-wait call failed with \(error); \(context)")
                        noWaitOutcomes[authError.map { Self.kind($0) } ?? "other", default: 0] += 1
                    }
                    // At most one request timeout (a black-holed refresh in flight) plus scheduling slack.
                    #expect(
                        elapsed < Self.requestTimeout + .milliseconds(1500), "no-wait call took \(elapsed); \(context)")
                } else {
                    Issue.record("the no-wait call hung; \(context)")
                }

                // Every waiting call gets tokens after recovery, before its deadline.
                for (index, task) in waiting.enumerated() {
                    guard let result = await watchdog(task, seconds: 7) else {
                        Issue.record("waiting call #\(index) hung past its deadline; \(context)")
                        continue
                    }
                    switch result {
                    case .success(let tokens): #expect(!tokens.accessToken.isEmpty, "\(context)")
                    case .failure(let error): Issue.record("waiting call #\(index) failed with \(error); \(context)")
                    }
                }

                clock.advance(by: -Self.skew)
                #expect(await client.userState == .signedIn, "\(context)")
                let pending = await client.pendingCalls
                #expect(pending.isEmpty, "pending after the cycle: \(pending); \(context)")
                let connectivity = await client.connectivity
                #expect(connectivity.isOnline, "connectivity after recovery: \(connectivity); \(context)")
                if fault.isNetworkFailure {
                    let sawOffline =
                        (try? await Waiter.until(
                            "an offline connectivity event", timeout: .seconds(2),
                            on: [.signal(recorder.changes, name: "recorded events")]
                        ) { await recorder.offlineCount > offlineBefore }) != nil
                    #expect(sawOffline, "connectivity never went offline; \(context)")
                }
            }

            // Connectivity events are delivered asynchronously: the last one must be back online.
            try await Waiter.until(
                "the last connectivity event to be online", timeout: .seconds(3),
                on: [.signal(recorder.changes, name: "recorded events")]
            ) { await recorder.lastConnectivityOnline }
            let seen = await recorder.states
            let signedOut = seen.filter { $0 != .signedIn }
            #expect(signedOut.isEmpty, "states other than signedIn were published: \(signedOut); seed \(seed)")
            #expect(await client.userState == .signedIn)

            proxy.stop()
            #expect(proxy.runningThreads == 0, "proxy threads left after stop()")
            let elapsed = ContinuousClock.now - began
            let perFault = Fault.allCases.map { "\($0.rawValue)=\(cyclesPerFault[$0, default: 0])" }.joined(
                separator: " ")
            print(
                "FaultInjection: \(Self.cycles) cycles in \(elapsed), seed \(seed); cycles per fault: \(perFault); "
                    + "proxy connections per mode: \(proxy.connectionCounts.sorted { $0.key < $1.key }); "
                    + "no-wait outcomes: \(noWaitOutcomes.sorted { $0.key < $1.key }); "
                    + "offline transitions: \(await recorder.offlineCount)")
        }

        static func kind(_ error: AuthError) -> String {
            switch error {
            case .network(let kind, _): return "network.\(kind.rawValue)"
            case .tooManyRequests: return "tooManyRequests"
            case .invalidResponse(let status, _): return "invalidResponse.\(status)"
            case .internalError: return "internalError"
            default: return "\(error)"
            }
        }
    }
}

/// The published user states and connectivity changes.
private actor FaultRecorder {
    var states: [UserState] = []
    var offlineCount = 0
    var lastConnectivityOnline = true
    /// Notified after every recorded state or connectivity change (for ``Waiter``).
    nonisolated let changes = ChangeSignal()

    func state(_ state: UserState) {
        states.append(state)
        changes.notify()
    }

    func connectivity(_ connectivity: Connectivity) {
        if !connectivity.isOnline { offlineCount += 1 }
        lastConnectivityOnline = connectivity.isOnline
        changes.notify()
    }
}
