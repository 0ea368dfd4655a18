import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// The account rules the command line and the UI share (issue 29: N5, N6): what a name means, where
/// a sign-in goes, what a sign-out hands over to, and one account per user.
@Suite("AccountDirectory: the rules of several accounts")
struct AccountDirectoryRulesTests {
    /// A store root of its own, removed at the end; sessions live in files.
    final class Root {
        let path: String
        let accounts: AccountDirectory
        let environment = ["LATCHKEY_STORE": "file"]
        init() throws {
            path = NSTemporaryDirectory() + "latchkey-accounts-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            accounts = AccountDirectory(root: path)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func store(_ id: String) -> FileSessionStore { FileSessionStore(directory: accounts.directory(for: id)) }

        /// Puts `username` signed in (serial `serial`) in account `id`, recording `pool` unless nil.
        func signIn(_ username: String, in id: String, pool: String?, serial: Int = 0) throws {
            let tokens = try Fixtures.tokens(username: username, serial: serial)
            try store(id).save(Fixtures.signedInSession(tokens, username: username))
            if let pool {
                try accounts.record(
                    AccountProfile(
                        username: username, userPoolId: pool, appClientId: "client", configPath: nil,
                        configSection: nil), for: id)
            }
        }

        var summaries: [AccountSummary] { accounts.summaries(environment: environment) }
    }

    static let pool = Fixtures.pool.poolId

    @Test("A name two accounts answer to is ambiguous, never a silent pick; an id or name@pool is exact")
    func ambiguousName() throws {
        let root = try Root()
        try root.signIn("alice", in: AccountDirectory.defaultID, pool: Self.pool)
        let demo = try root.accounts.createAccount()
        try root.signIn("demo", in: demo, pool: Self.pool)
        // The same user again, in an account that recorded no pool (as the hosted UI path left it).
        let duplicate = try root.accounts.createAccount()
        try root.signIn("demo", in: duplicate, pool: nil, serial: 1)

        guard case .ambiguous(let candidates) = AccountDirectory.lookUp("demo", among: root.summaries) else {
            Issue.record("`demo` picked one of two accounts")
            return
        }
        #expect(candidates.map(\.id) == [demo, duplicate])
        #expect(AccountDirectory.lookUp(duplicate, among: root.summaries) == .found(root.summaries[2]))
        #expect(AccountDirectory.lookUp("demo@\(Self.pool)", among: root.summaries) == .found(root.summaries[1]))
        #expect(AccountDirectory.lookUp("alice", among: root.summaries) == .found(root.summaries[0]))
        #expect(AccountDirectory.lookUp("carol", among: root.summaries) == .notFound)

        // Only one of them with the user still in it: that one is meant.
        try root.store(duplicate).save(nil)
        #expect(AccountDirectory.lookUp("demo", among: root.summaries) == .found(root.summaries[1]))
    }

    @Test("A sign-in as a user already here uses that account, whichever account is active")
    func signInUsesTheUsersAccount() throws {
        let root = try Root()
        try root.signIn("alice", in: AccountDirectory.defaultID, pool: Self.pool)
        let demo = try root.accounts.createAccount()
        try root.signIn("demo", in: demo, pool: Self.pool)

        // alice is active and signed in: demo goes to demo's account, bob to a new one.
        #expect(
            AccountDirectory.accountForSignIn(username: "demo", userPoolId: Self.pool, among: root.summaries)
                == .existing(demo))
        #expect(
            AccountDirectory.accountForSignIn(username: "bob", userPoolId: Self.pool, among: root.summaries) == .new)
        #expect(
            AccountDirectory.accountForSignIn(username: "alice", userPoolId: Self.pool, among: root.summaries)
                == .existing(AccountDirectory.defaultID))

        // The active account is empty: demo still goes to demo's account (it used to land here, a second copy).
        try root.store(AccountDirectory.defaultID).save(nil)
        #expect(
            AccountDirectory.accountForSignIn(username: "demo", userPoolId: Self.pool, among: root.summaries)
                == .existing(demo))
        #expect(
            AccountDirectory.accountForSignIn(username: "bob", userPoolId: Self.pool, among: root.summaries)
                == .existing(AccountDirectory.defaultID))
        // The same name on another pool is another user.
        #expect(
            AccountDirectory.accountForSignIn(username: "demo", userPoolId: "eu-west-1_Other", among: root.summaries)
                == .existing(AccountDirectory.defaultID))
    }

    @Test("Signing out of the active account makes another signed-in account active, and removes the emptied one")
    func signOutHandsOver() throws {
        let root = try Root()
        try root.signIn("alice", in: AccountDirectory.defaultID, pool: Self.pool)
        let bob = try root.accounts.createAccount()
        try root.signIn("bob", in: bob, pool: Self.pool)
        try root.accounts.activate(bob)

        try root.store(bob).save(nil)
        let next = root.accounts.afterSignOut(of: bob, environment: root.environment)
        #expect(next?.id == AccountDirectory.defaultID)
        #expect(next?.name == "alice")
        #expect(root.accounts.activeID() == AccountDirectory.defaultID)
        #expect(root.accounts.accountIDs() == [AccountDirectory.defaultID])

        // The last one out: nobody to hand over to, and the default account stays.
        try root.store(AccountDirectory.defaultID).save(nil)
        #expect(root.accounts.afterSignOut(of: AccountDirectory.defaultID, environment: root.environment) == nil)
        #expect(root.accounts.accountIDs() == [AccountDirectory.defaultID])
    }

    @Test("A sign-in whose user has an account here moves there: one account per user, the device kept")
    func settleMovesTheSignIn() throws {
        let root = try Root()
        try root.signIn("alice", in: AccountDirectory.defaultID, pool: Self.pool)
        let demo = try root.accounts.createAccount()
        try root.signIn("demo", in: demo, pool: Self.pool)
        var older = try #require(try root.store(demo).load())
        older.device = TrackedDevice(
            username: "demo", deviceKey: "us-east-1_device", deviceGroupKey: "group", devicePassword: "device-password")
        try root.store(demo).save(older)

        // "Sign in as someone else" made a new account, and demo signed in there (the hosted UI says who only after).
        let added = try root.accounts.createAccount()
        try root.signIn("demo", in: added, pool: Self.pool, serial: 7)
        try root.accounts.activate(added)
        let fresh = try #require(try root.store(added).load())

        let settled = try root.accounts.settleSignIn(of: added, environment: root.environment)
        #expect(settled == demo)
        #expect(root.accounts.accountIDs() == [AccountDirectory.defaultID, demo])
        #expect(root.accounts.activeID() == demo)
        let moved = try #require(try root.store(demo).load())
        #expect(moved.tokens == fresh.tokens, "the new sign-in's tokens are the account's now")
        #expect(moved.device == older.device, "the device this machine registered stays")
        #expect(root.summaries.filter { $0.username == "demo" }.count == 1)

        // A user nobody else holds stays where they signed in.
        let carol = try root.accounts.createAccount()
        try root.signIn("carol", in: carol, pool: Self.pool)
        #expect(try root.accounts.settleSignIn(of: carol, environment: root.environment) == carol)
        #expect(root.accounts.accountIDs().contains(carol))
    }
}
