import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

extension AuthStateMachine.Policy {
    /// The policy of a client configured with the test pool.
    static var test: Self { Self(userPoolProviderKey: Fixtures.pool.providerKey) }
}

extension AuthStateMachine.UserPoolSignIn {
    /// alice's sign-in with `tokens`.
    static func alice(_ tokens: CognitoTokens) -> Self {
        Self(tokens: tokens, username: "alice", keySet: nil, settledRevocation: nil)
    }
}

/// Drives the pure state machine with events at fixed times and checks the exact actions.
@Suite("AuthStateMachine")
struct AuthStateMachineTests {
    typealias Action = AuthStateMachine.Action

    let t0 = Fixtures.t0
    /// After the first tokens' expiry.
    let t1 = Fixtures.t0.addingTimeInterval(4000)
    let info = UserStateInfo(username: "alice", provider: Fixtures.pool.providerKey)
    let waitConnectivityNoSignIn = TokenRequestOptions(waitForSignIn: false, waitForConnectivity: true)
    let waitSignInNoConnectivity = TokenRequestOptions(waitForSignIn: true, waitForConnectivity: false)

    /// A machine restored into `signedIn` with `tokens`.
    func signedInMachine(_ tokens: CognitoTokens, policy: AuthStateMachine.Policy = .test) -> AuthStateMachine {
        var machine = AuthStateMachine(policy: policy)
        let actions = machine.handle(.restored(Fixtures.signedInSession(tokens)), now: t0)
        #expect(actions == [.notify(.signedIn, info)])
        return machine
    }

    /// A machine whose refresh is in flight for waiters `ids` (default options unless given).
    func refreshingMachine(
        _ tokens: CognitoTokens, ids: [WaiterID], options: [WaiterID: TokenRequestOptions] = [:],
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> AuthStateMachine {
        var machine = signedInMachine(tokens)
        for (index, id) in ids.enumerated() {
            let actions = machine.handle(.tokensRequested(id, options[id] ?? .default), now: t1)
            if index == 0 {
                #expect(
                    actions == [
                        .pendingCallsChanged,
                        .startRefresh(refreshToken: "refresh-alice", username: "alice", generation: machine.generation),
                    ], sourceLocation: sourceLocation)
            } else {
                #expect(actions == [.pendingCallsChanged], sourceLocation: sourceLocation)
            }
        }
        #expect(machine.refresh == .inFlight(attempt: 1), sourceLocation: sourceLocation)
        return machine
    }

    func waitingIDs(_ machine: AuthStateMachine, _ reason: PendingCall.Reason) -> [WaiterID] {
        machine.pendingCalls.filter { $0.reason == reason }.map(\.id)
    }

    // MARK: Restore

    @Test("restore: signedIn with tokens is signedIn, notified, nothing persisted")
    func restoreSignedIn() throws {
        let tokens = try Fixtures.tokens()
        var machine = AuthStateMachine(policy: .test)
        #expect(machine.userState == .unknown)
        #expect(machine.handle(.restored(Fixtures.signedInSession(tokens)), now: t0) == [.notify(.signedIn, info)])
        #expect(machine.userState == .signedIn)
        #expect(machine.session?.tokens == tokens)
        #expect(machine.connectivity == .online)
        #expect(machine.refresh == .idle)
    }

    @Test("restore: signedIn without tokens is signedOutUserPoolsTokenInvalid")
    func restoreSignedInWithoutTokens() {
        var machine = AuthStateMachine(policy: .test)
        #expect(
            machine.handle(.restored(Fixtures.signedInSession(nil)), now: t0)
                == [.notify(.signedOutUserPoolsTokenInvalid, info)])
        #expect(machine.userState == .signedOutUserPoolsTokenInvalid)
        #expect(machine.session?.username == "alice")
    }

    @Test("restore: nothing stored is signedOut")
    func restoreNothing() {
        var machine = AuthStateMachine(policy: .test)
        #expect(machine.handle(.restored(nil), now: t0) == [.notify(.signedOut, UserStateInfo())])
        #expect(machine.userState == .signedOut)
        #expect(machine.session == nil)
    }

    @Test("restore: other stored states are kept; unknown becomes signedOut")
    func restoreOtherStates() {
        for (stored, expected) in [
            (UserState.guest, UserState.guest), (.signedOut, .signedOut),
            (.signedOutUserPoolsTokenInvalid, .signedOutUserPoolsTokenInvalid),
            (.signedOutFederatedTokensInvalid, .signedOutFederatedTokensInvalid), (.unknown, .signedOut),
        ] {
            var machine = AuthStateMachine(policy: .test)
            let actions = machine.handle(.restored(PersistedSession(state: stored, updatedAt: t0)), now: t0)
            #expect(actions == [.notify(expected, UserStateInfo())], "stored \(stored)")
            #expect(machine.userState == expected)
        }
    }
}
