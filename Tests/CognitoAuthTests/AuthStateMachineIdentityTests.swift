import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// The identity manager's rules, now decided by the machine: which providers a sign-in keeps, what
/// signing out of one provider leaves and owes, and where identity-pool answers go.
@Suite("AuthStateMachine identity rules")
struct AuthStateMachineIdentityTests {
    let t0 = Fixtures.t0
    let google = "accounts.google.com"
    var credentials: AWSCredentials {
        AWSCredentials(
            accessKeyId: "AKIA", secretAccessKey: "secret", sessionToken: "session", expiration: t0 + 3600)
    }

    func machine(merging: Bool, simultaneous: Bool) throws -> AuthStateMachine {
        var policy = AuthStateMachine.Policy.test
        policy.identityManager = IdentityManagerConfiguration(
            allowIdentityMerging: merging, allowSimultaneousActiveAccounts: simultaneous)
        var machine = AuthStateMachine(policy: policy)
        _ = machine.handle(.restored(nil), now: t0)
        _ = machine.handle(.userPoolSignedIn(.alice(try Fixtures.tokens(refreshToken: "refresh-alice"))), now: t0)
        return machine
    }

    func googleSignIn(identityId: String = "us-east-1:merged") -> AuthStateMachine.Event {
        .federatedSignedIn(
            .init(providerKey: google, token: "google-token", identityId: identityId, credentials: credentials))
    }

    @Test("Without merging, a federated sign-in replaces the user-pool login and bumps the generation")
    func federatedReplaces() throws {
        var machine = try machine(merging: false, simultaneous: false)
        let before = machine.generation
        let actions = machine.handle(googleSignIn(), now: t0)
        let stored = try #require(machine.session)
        #expect(stored.tokens == nil)
        #expect(stored.username == nil)
        #expect(stored.federatedLogins == [google: "google-token"])
        #expect(stored.provider == google)
        #expect(stored.state == .signedIn)
        #expect(machine.generation == before + 1)
        #expect(actions.first == .persist(stored))
        #expect(actions.contains(.notify(.signedIn, UserStateInfo(username: nil, provider: google))))
        #expect(machine.activeProviderKeys(in: stored) == [google])
        // The user-pool login it replaced is signed out: its refresh token is owed a revocation.
        let owed = PendingRevocation(refreshToken: "refresh-alice", global: false, username: "alice")
        #expect(stored.pendingRevocation == owed)
        #expect(actions.last.map { if case .revoke(owed, _) = $0 { true } else { false } } == true)
    }

    @Test("With merging and simultaneous accounts, both logins stay; leaving the pool owes its revocation")
    func leavingThePoolOwesTheRevocation() throws {
        var machine = try machine(merging: true, simultaneous: true)
        let accessToken = try #require(machine.session?.tokens?.accessToken)
        _ = machine.handle(googleSignIn(), now: t0)
        let both = try #require(machine.session)
        #expect(machine.activeProviderKeys(in: both) == [google, Fixtures.pool.providerKey])

        let actions = machine.handle(.providerSignedOut(key: Fixtures.pool.providerKey), now: t0)
        let owed = PendingRevocation(refreshToken: "refresh-alice", global: false, username: "alice")
        let record = try #require(machine.session)
        #expect(machine.userState == .signedIn)
        #expect(record.tokens == nil)
        #expect(record.pendingRevocation == owed)
        #expect(record.federatedLogins == [google: "google-token"])
        #expect(actions.first == .persist(record))
        #expect(actions.last == .revoke(owed, accessToken: accessToken))
        // Once revoked, the record no longer owes it; a second answer changes nothing.
        #expect(machine.handle(.revocationSettled(owed), now: t0).count == 1)
        #expect(machine.session?.pendingRevocation == nil)
        #expect(machine.handle(.revocationSettled(owed), now: t0) == [])
    }

    @Test("Signing out of the last provider is a full sign-out, owing what the session held")
    func lastProviderSignsOut() throws {
        var machine = try machine(merging: false, simultaneous: false)
        _ = machine.handle(.tokensRequested(1, .default), now: t0)  // served from the cache
        _ = machine.handle(googleSignIn(), now: t0)
        let actions = machine.handle(.providerSignedOut(key: google), now: t0)
        #expect(machine.userState == .signedOut)
        #expect(machine.session?.federatedLogins == nil)
        #expect(actions.contains(.notify(.signedOut, UserStateInfo())))
        // The revocation the federated sign-in owed for alice's pool login is still owed: sent again.
        let owed = PendingRevocation(refreshToken: "refresh-alice", global: false, username: "alice")
        #expect(actions.last == .revoke(owed, accessToken: nil))
        #expect(machine.session?.pendingRevocation == owed)
        // Nothing is signed in: another provider sign-out is a no-op.
        #expect(machine.handle(.providerSignedOut(key: google), now: t0) == [])
    }

    @Test("Guest credentials are adopted only when nobody is signed in")
    func guestOnlyWhenSignedOut() throws {
        var machine = try machine(merging: false, simultaneous: false)
        #expect(
            machine.handle(.credentialsObtained(identityId: "g", credentials: credentials, asGuest: true), now: t0)
                == [])
        #expect(machine.userState == .signedIn)
        let user = machine.handle(
            .credentialsObtained(identityId: "u", credentials: credentials, asGuest: false), now: t0)
        #expect(user == [.persist(try #require(machine.session))])
        #expect(machine.session?.identityId == "u")

        _ = machine.handle(.signOutRequested(global: false), now: t0)
        let guest = machine.handle(
            .credentialsObtained(identityId: "g", credentials: credentials, asGuest: true), now: t0)
        #expect(machine.userState == .guest)
        #expect(machine.session?.state == .guest)
        #expect(guest.contains(.notify(.guest, UserStateInfo())))
        // Dropping the credentials keeps the guest state.
        #expect(machine.handle(.credentialsInvalidated, now: t0).count == 1)
        #expect(machine.userState == .guest)
        #expect(machine.session?.awsCredentials == nil)
    }

    @Test("A user-pool sign-in drops another user's identity id unless identities merge")
    func identityIdAcrossUsers() throws {
        for merging in [false, true] {
            var machine = try machine(merging: merging, simultaneous: false)
            _ = machine.handle(
                .credentialsObtained(identityId: "alice-id", credentials: credentials, asGuest: false), now: t0)
            let bob = AuthStateMachine.UserPoolSignIn(
                tokens: try Fixtures.tokens(username: "bob", serial: 3), username: "bob", keySet: nil,
                settledRevocation: nil)
            _ = machine.handle(.userPoolSignedIn(bob), now: t0)
            #expect(machine.session?.identityId == (merging ? "alice-id" : nil))
            #expect(machine.session?.awsCredentials == nil)
        }
    }

    @Test("A stored record is normalised to the state it stands for")
    func restoredRecordsAgree() throws {
        var machine = AuthStateMachine(policy: .test)
        // Signed in, but nothing to sign in with: re-login, and the record says so.
        _ = machine.handle(.restored(Fixtures.signedInSession(nil)), now: t0)
        #expect(machine.userState == .signedOutUserPoolsTokenInvalid)
        #expect(machine.session?.state == .signedOutUserPoolsTokenInvalid)
        var unknown = AuthStateMachine(policy: .test)
        _ = unknown.handle(.restored(PersistedSession(state: .unknown, updatedAt: t0)), now: t0)
        #expect(unknown.userState == .signedOut)
        #expect(unknown.session?.state == .signedOut)
    }
}
