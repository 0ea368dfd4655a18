import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// Randomised event sequences checked against the machine's invariants after every event.
extension AuthStateMachineTests {
    // MARK: Invariants

    /// An owner that runs the machine like AuthClient does and checks invariants after every event.
    struct Harness {
        var machine = AuthStateMachine(policy: .test)
        var now = Fixtures.t0
        var nextID: WaiterID = 0
        var requested: [WaiterID: TokenRequestOptions] = [:]
        var exits: [WaiterID: Int] = [:]
        var outstandingRefreshes: [UInt64] = []
        var scheduledRetries: [UInt64] = []
        var serial = 100
        var revocations: [PendingRevocation] = []
        let seed: UInt64

        mutating func send(_ event: AuthStateMachine.Event, sourceLocation: SourceLocation = #_sourceLocation) {
            let refreshBefore = machine.refresh
            let actions = machine.handle(event, now: now)
            var persistIndex: Int?
            var notifyIndex: Int?
            for (index, action) in actions.enumerated() {
                switch action {
                case .persist(let record):
                    persistIndex = persistIndex ?? index
                    // What is written always says the state the machine is in.
                    #expect(
                        record == nil || record?.state == machine.userState,
                        "persisted \(String(describing: record?.state)) in \(machine.userState) (seed \(seed))",
                        sourceLocation: sourceLocation)
                case .revoke(let owed, _):
                    #expect(
                        machine.session?.pendingRevocation == owed, "a revocation not recorded (seed \(seed))",
                        sourceLocation: sourceLocation)
                    revocations.append(owed)
                case .notify: notifyIndex = notifyIndex ?? index
                case .resume(let ids, let tokens):
                    if tokens == nil {
                        for id in ids {
                            #expect(
                                requested[id]?.needsUserPoolTokens == false,
                                "waiter \(id) needs tokens but was resumed with none on \(event) (seed \(seed))",
                                sourceLocation: sourceLocation)
                        }
                    }
                    recordExit(
                        action, ids: ids, at: index, persistIndex: persistIndex, notifyIndex: notifyIndex,
                        event: event, sourceLocation: sourceLocation)
                case .fail(let ids, _):
                    recordExit(
                        action, ids: ids, at: index, persistIndex: persistIndex, notifyIndex: notifyIndex,
                        event: event, sourceLocation: sourceLocation)
                case .startRefresh(_, _, let generation):
                    #expect(generation == machine.generation, sourceLocation: sourceLocation)
                    // Single flight: never two live requests for the current session.
                    #expect(
                        !outstandingRefreshes.contains(generation),
                        "second refresh in flight on \(event), before: \(refreshBefore) (seed \(seed))",
                        sourceLocation: sourceLocation)
                    outstandingRefreshes.append(generation)
                case .scheduleRetry(_, let generation):
                    scheduledRetries.append(generation)
                case .connectivityChanged, .pendingCallsChanged:
                    break
                }
                if let persistIndex, let notifyIndex {
                    #expect(persistIndex < notifyIndex, sourceLocation: sourceLocation)
                }
            }
            checkState(after: event, sourceLocation: sourceLocation)
        }

        /// Checks a resume or fail of `ids`: known waiters, each leaving once, after any persist and
        /// notify of the same event, and only those that asked not to wait for what failed them.
        mutating func recordExit(
            _ action: AuthStateMachine.Action, ids: [WaiterID], at index: Int, persistIndex: Int?, notifyIndex: Int?,
            event: AuthStateMachine.Event, sourceLocation: SourceLocation
        ) {
            #expect(!ids.isEmpty, "empty exit list (seed \(seed))", sourceLocation: sourceLocation)
            for id in ids {
                #expect(
                    requested[id] != nil, "unknown waiter \(id) (seed \(seed))", sourceLocation: sourceLocation)
                exits[id, default: 0] += 1
                #expect(
                    exits[id] == 1, "waiter \(id) left twice on \(event) (seed \(seed))",
                    sourceLocation: sourceLocation)
            }
            if let persistIndex { #expect(persistIndex < index, sourceLocation: sourceLocation) }
            if let notifyIndex { #expect(notifyIndex < index, sourceLocation: sourceLocation) }
            if case .fail(let ids, .error(.reloginRequired)) = action {
                for id in ids {
                    #expect(
                        requested[id]?.waitForSignIn == false, "seed \(seed)", sourceLocation: sourceLocation)
                }
            }
            if case .fail(let ids, .error(let error)) = action, error.isNetworkFailure {
                for id in ids {
                    #expect(
                        requested[id]?.waitForConnectivity == false, "seed \(seed)",
                        sourceLocation: sourceLocation)
                }
            }
        }

        func checkState(after event: AuthStateMachine.Event, sourceLocation: SourceLocation) {
            // Every requested waiter is either still pending or has left exactly once.
            let pending = Set(machine.pendingCalls.map(\.id))
            // (Exits are checked to be ≤ 1 and known as they happen, so counting suffices.)
            #expect(
                pending.count + exits.count == requested.count,
                "\(requested.count) requested, \(pending.count) pending, \(exits.count) left after \(event) (seed \(seed))",
                sourceLocation: sourceLocation)
            for id in pending where exits[id] != nil {
                Issue.record(
                    "waiter \(id) is pending after leaving, on \(event) (seed \(seed))", sourceLocation: sourceLocation)
            }
            // Liveness: refresh waiters need a refresh in flight or scheduled; sign-in waiters need a re-login state.
            let reasons = Set(machine.pendingCalls.map(\.reason))
            if reasons.contains(.refresh) {
                #expect(
                    machine.refresh != .idle, "refresh waiters but no refresh after \(event) (seed \(seed))",
                    sourceLocation: sourceLocation)
                #expect(machine.userState == .signedIn, sourceLocation: sourceLocation)
            }
            if reasons.contains(.signIn) {
                #expect(
                    machine.userState.needsRelogin, "sign-in waiters in \(machine.userState) (seed \(seed))",
                    sourceLocation: sourceLocation)
            }
            switch machine.refresh {
            case .inFlight:
                #expect(
                    outstandingRefreshes.contains(machine.generation),
                    "in flight with no request outstanding after \(event) (seed \(seed))",
                    sourceLocation: sourceLocation)
            case .retryScheduled:
                #expect(
                    scheduledRetries.contains(machine.generation),
                    "retry scheduled with no timer after \(event) (seed \(seed))", sourceLocation: sourceLocation)
            case .idle:
                break
            }
        }

        mutating func request(_ options: TokenRequestOptions) {
            nextID += 1
            requested[nextID] = options
            send(.tokensRequested(nextID, options))
        }

        mutating func freshTokens(refresh: Bool = true) -> CognitoTokens? {
            serial += 1
            return try? Fixtures.tokens(issued: now, serial: serial, refreshToken: refresh ? "refresh-\(serial)" : nil)
        }
    }

    @Test(
        "Randomised event sequences: every waiter leaves exactly once; single flight; no stranded waiter",
        arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomisedInvariants(seed: UInt64) throws {
        var rng = SeededRandomGenerator(seed: seed)
        var harness = Harness(seed: seed)
        harness.send(.restored(Fixtures.signedInSession(try Fixtures.tokens())))
        var sessionOnly = TokenRequestOptions(label: "session")
        sessionOnly.needsUserPoolTokens = false
        let optionChoices: [TokenRequestOptions] = [
            .default, .noWait, waitSignInNoConnectivity, waitConnectivityNoSignIn,
            TokenRequestOptions(deadline: .seconds(5)),
            sessionOnly,
        ]
        let errors: [AuthError] = [
            .notAuthorized("revoked"), .network(kind: .connectionRefused, message: "refused"),
            .network(kind: .timedOut, message: "slow"), .tooManyRequests("slow down"), .invalidParameter("bad"),
            .internalError("boom"), .invalidResponse(status: 502, detail: "html"),
        ]
        for _ in 0..<3000 {
            switch rng.next() % 16 {
            case 0, 1, 2, 3:
                harness.request(optionChoices[Int(rng.next() % UInt64(optionChoices.count))])
            case 4, 5:
                guard !harness.outstandingRefreshes.isEmpty else { continue }
                let index = Int(rng.next() % UInt64(harness.outstandingRefreshes.count))
                let generation = harness.outstandingRefreshes.remove(at: index)
                if rng.next() % 2 == 0, let tokens = harness.freshTokens() {
                    harness.send(.refreshSucceeded(tokens, generation: generation))
                } else {
                    let error = errors[Int(rng.next() % UInt64(errors.count))]
                    harness.send(
                        .refreshFailed(error, generation: generation, jitter: Double(rng.next() % 1000) / 1000))
                }
            case 6:
                guard !harness.scheduledRetries.isEmpty else { continue }
                let generation = harness.scheduledRetries.removeFirst()
                harness.send(.retryDue(generation: generation))
            case 7:
                if let tokens = harness.freshTokens(refresh: rng.next() % 4 != 0) {
                    harness.send(.userPoolSignedIn(.alice(tokens)))
                }
            case 8:
                harness.send(.releaseSignInWait)
            case 9:
                if rng.next() % 3 == 0 { harness.send(.signOutRequested(global: false)) }
            case 10:
                guard harness.nextID > 0 else { continue }
                harness.send(.waiterCancelled(1 + rng.next() % harness.nextID))
            case 11:
                guard harness.nextID > 0 else { continue }
                harness.send(.deadlinePassed(1 + rng.next() % harness.nextID))
            case 12:
                harness.now = harness.now.addingTimeInterval(Double(rng.next() % 5000))
            case 13:
                if let access = harness.machine.session?.tokens?.accessToken {
                    harness.send(.accessTokenRejected(access))
                }
                if rng.next() % 2 == 0 { harness.send(.forceRefresh) }
            case 14:
                let credentials = AWSCredentials(
                    accessKeyId: "AKIA", secretAccessKey: "secret", sessionToken: "session",
                    expiration: harness.now.addingTimeInterval(3600))
                switch rng.next() % 8 {
                case 0: harness.send(.federatedTokensRejected)
                case 1:
                    harness.send(.credentialsObtained(identityId: "guest-id", credentials: credentials, asGuest: true))
                case 2:
                    harness.send(.credentialsObtained(identityId: "user-id", credentials: credentials, asGuest: false))
                case 3:
                    harness.send(
                        .federatedSignedIn(
                            .init(
                                providerKey: "accounts.google.com", token: "google-token", identityId: "user-id",
                                credentials: credentials)))
                case 4:
                    let keys = [Fixtures.pool.providerKey, "accounts.google.com", FederatedProvider.developer]
                    harness.send(.providerSignedOut(key: keys[Int(rng.next() % 3)]))
                case 5:
                    if let owed = harness.revocations.popLast() { harness.send(.revocationSettled(owed)) }
                case 6: harness.send(.credentialsInvalidated)
                default: harness.send(.reachedBackend)
                }
            default:
                if rng.next() % 4 == 0 {
                    if rng.next() % 3 == 0 {
                        harness.send(.storeChangedExternally(nil))
                    } else if let tokens = harness.freshTokens() {
                        harness.send(.storeChangedExternally(Fixtures.signedInSession(tokens)))
                    }
                }
            }
        }
        // Signing out ends every wait.
        harness.send(.signOutRequested(global: false))
        #expect(harness.machine.waiterCount == 0, "seed \(seed)")
        for id in harness.requested.keys {
            #expect(harness.exits[id] == 1, "waiter \(id) never left (seed \(seed))")
        }
        #expect(harness.requested.count > 100, "seed \(seed)")
    }
}
