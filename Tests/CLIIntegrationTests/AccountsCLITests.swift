import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    @Suite("Several accounts: sign-in adds, accounts lists, switch changes the active one")
    struct AccountsCLITests {
        /// The username a `status --json` reports.
        static func statusUsername(_ arguments: [String], environment: [String: String] = [:]) async throws
            -> String?
        {
            let status = try await LatchkeyBinary.run(["status", "--json"] + arguments, environment: environment)
            return JSONValue.parse(Array(status.stdout.utf8))?["username"]?.stringValue
        }

        @Test(
            "A second user on one pool gets an account of their own; switch, --account and sign-out move between them")
        func twoUsersOnePool() async throws {
            let (backend, alice, bob, store, common) = try await Self.twoUsers("alice", "bob", store: "accounts")

            let first = try await LatchkeyBinary.run(
                ["sign-in", "--username", alice, "--password-stdin"] + common, stdin: Integration.password + "\n")
            #expect(first.status == 0, "\(first.stderr)")
            #expect(!first.stderr.contains("Added an account"))
            // A wrong password for a new user adds nothing and leaves alice active.
            let wrong = try await LatchkeyBinary.run(
                ["sign-in", "--username", bob, "--password-stdin"] + common, stdin: "Wrong-password-1\n")
            #expect(wrong.status == 1)
            // Nothing is announced before the password is accepted (issue 29, N11).
            #expect(!wrong.stderr.contains("an account for"), "\(wrong.stderr)")
            #expect(!FileManager.default.fileExists(atPath: store + "/accounts/account-2"))
            #expect(try await Self.statusUsername(common) == alice)

            let second = try await LatchkeyBinary.run(
                ["sign-in", "--username", bob, "--password-stdin"] + common, stdin: Integration.password + "\n")
            #expect(second.status == 0, "\(second.stderr)")
            #expect(second.stderr.contains("Added an account for \(bob); \(alice) stays signed in"))
            #expect(try await Self.statusUsername(common) == bob)
            #expect(try await Self.statusUsername(common + ["--account", alice]) == alice)

            let listed = try await LatchkeyBinary.run(["accounts", "--json"] + common)
            let accounts = try #require(JSONValue.parse(Array(listed.stdout.utf8))?.arrayValue)
            let live = accounts.filter { $0["state"]?.stringValue == "signedIn" }
            #expect(Set(live.compactMap { $0["username"]?.stringValue }) == [alice, bob])
            #expect(accounts.first { $0["active"] == .bool(true) }?["username"]?.stringValue == bob)
            #expect(live.allSatisfy { $0["userPoolId"]?.stringValue == backend.info.userPoolId })
            let text = try await LatchkeyBinary.run(["accounts"] + common)
            #expect(text.stdout.contains("* \(bob)"))
            #expect(text.stdout.contains("  \(alice)"))

            // Each account's tokens are its own.
            let aliceToken = try await LatchkeyBinary.run(["token", "--account", alice] + common)
            let bobToken = try await LatchkeyBinary.run(["token"] + common)
            #expect(aliceToken.status == 0 && bobToken.status == 0)
            #expect(aliceToken.stdout != bobToken.stdout)

            // With two accounts, switch needs no name; a wrong name is refused with the choices.
            let unknown = try await LatchkeyBinary.run(["switch", "carol"] + common)
            #expect(unknown.status == 2)
            #expect(unknown.stderr.contains(alice))
            let switched = try await LatchkeyBinary.run(["switch"] + common)
            #expect(switched.status == 0, "\(switched.stderr)")
            #expect(switched.stderr.contains("Switched to \(alice)"))
            #expect(try await Self.statusUsername(common) == alice)
            let human = try await LatchkeyBinary.run(["status"] + common)
            #expect(human.stdout.contains("Other accounts signed in here: \(bob)"))

            // The full-screen UI opens on the active account and its header counts the others.
            if TmuxSession.canRunApp {
                let session = try TerminalApp.start(
                    config: backend.info.configPath, store: store, columns: 80, rows: 24, name: "accounts")
                defer { session.kill() }
                let screen = try await session.waitFor("Signed in · \(alice) (+1 account)")
                #expect(!screen.contains(bob))
                // a: the Accounts chooser; Enter switches to bob, and the UI starts again on his account.
                session.press("a")
                // The footer is among the last rows a frame updates: wait for it too, then check it.
                let picker = try await session.waitFor(
                    "Accounts", "▸ \(bob)", "Sign in as someone else", "Enter switch")
                #expect(picker.contains("Enter switch"))
                session.press("Enter")
                try await session.waitFor("Signed in · \(bob) (+1 account)")
                // "Sign in as someone else" (after alice and bob, this account's own row) opens Sign in on
                // a new account; leaving it unused removes it.
                session.press("a")
                try await session.waitFor("Sign in as someone else", "\(bob) (this account)")
                session.press("Down", "Down", "Enter")
                // "Back to <bob>" is only on the new run's Sign in: the picker and dashboard also say
                // "Sign in" and "Username", and a Ctrl-C there would land between the two runs.
                try await session.waitFor("Back to \(bob)", "Password")
                session.press("C-c")
                _ = try await session.waitForExit()
                let after = try await LatchkeyBinary.run(["accounts", "--json"] + common)
                let listed = try #require(JSONValue.parse(Array(after.stdout.utf8))?.arrayValue)
                #expect(listed.count == 2, "\(after.stdout)")
                #expect(listed.first { $0["active"] == .bool(true) }?["username"]?.stringValue == bob)
                let back = try await LatchkeyBinary.run(["switch", alice] + common)
                #expect(back.status == 0, "\(back.stderr)")
            }

            // Signing in again as the active user re-uses their account.
            let again = try await LatchkeyBinary.run(
                ["sign-in", "--username", alice, "--password-stdin"] + common, stdin: Integration.password + "\n")
            #expect(again.status == 0)
            #expect(!again.stderr.contains("Added an account") && !again.stderr.contains("Switched to"))

            // Signing out of the active account hands over to the other; the last sign-out leaves none.
            let out = try await LatchkeyBinary.run(["sign-out"] + common)
            #expect(out.status == 0, "\(out.stderr)")
            #expect(out.stderr.contains("Switched to \(bob)"))
            #expect(try await Self.statusUsername(common) == bob)
            let last = try await LatchkeyBinary.run(["sign-out"] + common)
            #expect(last.status == 0)
            #expect(!last.stderr.contains("Switched"))
            let none = try await LatchkeyBinary.run(["accounts"] + common)
            #expect(none.status == 1)
            #expect(none.stdout.contains("No account is signed in"))
            // bob's emptied account directory is gone; the default (root) one stays.
            #expect(!FileManager.default.fileExists(atPath: store + "/accounts/account-2"))
        }

        /// Two new users on the local backend's pool and an empty store: the setting of these tests.
        static func twoUsers(_ first: String, _ second: String, store name: String) async throws -> (
            backend: LocalBackend, first: String, second: String, store: String, common: [String]
        ) {
            let backend = try await LocalBackend.shared()
            let users = [await backend.uniqueName(first), await backend.uniqueName(second)]
            for user in users { try await backend.createUser(user, password: Integration.password) }
            let store = try Integration.temporaryDirectory(name)
            return (backend, users[0], users[1], store, ["--config", backend.info.configPath, "--store", store])
        }

        /// `latchkey sign-in --username user --password-stdin` with `password`.
        static func signIn(_ user: String, _ password: String, _ common: [String]) async throws -> LatchkeyBinary.Output
        {
            try await LatchkeyBinary.run(
                ["sign-in", "--username", user, "--password-stdin"] + common, stdin: password + "\n")
        }

        /// The accounts `accounts --json` lists, as (id, username, state, active).
        static func accounts(_ arguments: [String]) async throws -> [(
            id: String, username: String?, state: String?, active: Bool
        )] {
            let listed = try await LatchkeyBinary.run(["accounts", "--json"] + arguments)
            let array = JSONValue.parse(Array(listed.stdout.utf8))?.arrayValue ?? []
            return array.map {
                (
                    $0["id"]?.stringValue ?? "", $0["username"]?.stringValue, $0["state"]?.stringValue,
                    $0["active"] == .bool(true)
                )
            }
        }

        @Test("One account per user: sign-in goes to the user's account, and a name two accounts answer to is refused")
        func oneAccountPerUser() async throws {
            let (backend, alice, demo, store, common) = try await Self.twoUsers(
                "alice", "demo", store: "accounts-one-per-user")
            func signIn(_ user: String, _ password: String = Integration.password) async throws -> LatchkeyBinary.Output
            {
                try await Self.signIn(user, password, common)
            }

            #expect(try await signIn(alice).status == 0)
            let added = try await signIn(demo)
            #expect(added.status == 0, "\(added.stderr)")
            // A wrong password for the user of another account switches nothing and says no switch (N11).
            #expect(try await LatchkeyBinary.run(["switch", alice] + common).status == 0)
            let wrong = try await signIn(demo, "Wrong-password-1")
            #expect(wrong.status == 1)
            #expect(!wrong.stderr.contains("Switched"), "\(wrong.stderr)")
            #expect(try await Self.statusUsername(common) == alice)

            // alice signs out of her account (not the active one after this switch), which is then active
            // and empty: signing in as demo uses demo's account, not a second one (N6).
            #expect(try await LatchkeyBinary.run(["switch", demo] + common).status == 0)
            #expect(try await LatchkeyBinary.run(["sign-out", "--account", alice] + common).status == 0)
            #expect(try await LatchkeyBinary.run(["switch", "default"] + common).status == 0)
            let again = try await signIn(demo)
            #expect(again.status == 0, "\(again.stderr)")
            let listed = try await Self.accounts(common)
            #expect(listed.filter { $0.username == demo }.count == 1, "\(listed)")
            #expect(listed.first { $0.active }?.username == demo)
            #expect(listed.first { $0.id == "default" }?.state == "signedOut")

            // One user in two accounts, as older versions could leave it (the second without a pool): a bare
            // name is refused with the ids and how to pick one; the id works.
            let demoID = try #require(listed.first { $0.username == demo }?.id)
            let copy = store + "/accounts/account-9"
            try FileManager.default.createDirectory(
                atPath: copy, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            try FileManager.default.copyItem(
                atPath: store + "/accounts/\(demoID)/session.json", toPath: copy + "/session.json")
            let ambiguous = try await LatchkeyBinary.run(["switch", demo] + common)
            #expect(ambiguous.status == 2, "\(ambiguous.stderr)")
            #expect(
                ambiguous.stderr.contains("\(demoID) (\(backend.info.userPoolId), signed in)"), "\(ambiguous.stderr)")
            #expect(ambiguous.stderr.contains("account-9 (pool not recorded, signed in)"), "\(ambiguous.stderr)")
            #expect(ambiguous.stderr.contains("latchkey switch account-9"), "\(ambiguous.stderr)")
            let byOption = try await LatchkeyBinary.run(["status", "--account", demo] + common)
            #expect(byOption.status == 2, "\(byOption.stderr)")
            #expect(byOption.stderr.contains("--account account-9"), "\(byOption.stderr)")
            let text = try await LatchkeyBinary.run(["accounts"] + common)
            #expect(text.stdout.contains("[\(demoID)]") && text.stdout.contains("[account-9]"), "\(text.stdout)")
            let exact = try await LatchkeyBinary.run(["switch", "account-9"] + common)
            #expect(exact.status == 0, "\(exact.stderr)")
            #expect(try await Self.accounts(common).first { $0.active }?.id == "account-9")
        }

        @Test(
            "The full-screen UI follows the same rules: Esc leaves Sign in as someone else, a known user keeps their account, o hands over",
            .enabled(if: TmuxSession.canRunApp))
        func fullScreenUIFollowsTheRules() async throws {
            let (backend, alice, bob, store, common) = try await Self.twoUsers(
                "alice", "bob", store: "accounts-ui-rules")
            for user in [alice, bob] {
                let signedIn = try await Self.signIn(user, Integration.password, common)
                #expect(signedIn.status == 0, "\(signedIn.stderr)")
            }

            let session = try TerminalApp.start(
                config: backend.info.configPath, store: store, columns: 120, rows: 30, name: "accounts-rules")
            defer { session.kill() }
            try await session.waitFor("Signed in · \(bob) (+1 account)")

            // N4: "Sign in as someone else" has a way back, named in the footer; Esc takes it, signed in as before.
            session.press("a")
            try await session.waitFor("▸ \(alice)", "\(bob) (this account)", "Sign in as someone else", "Enter switch")
            session.press("Down", "Down", "Enter")
            try await session.waitFor("Username", "Esc back to \(bob)", "Back to \(bob)")
            session.press("Escape")
            try await session.waitFor("Signed in · \(bob) (+1 account)")
            #expect(try await Self.accounts(common).count == 2)

            // N6: signing in there as a user who has an account here uses that account.
            session.press("a")
            try await session.waitFor("Sign in as someone else", "Enter switch")
            session.press("Down", "Down", "Enter")
            try await session.waitFor("Username", "Esc back to \(bob)")
            session.type(alice)
            session.press("Tab")
            session.type(Integration.password)
            session.press("Enter")
            try await session.waitFor("Signed in · \(alice) (+1 account)", "\(alice) already had an account here")
            let afterSignIn = try await Self.accounts(common)
            #expect(afterSignIn.count == 2, "\(afterSignIn)")
            #expect(afterSignIn.filter { $0.username == alice }.count == 1, "\(afterSignIn)")
            #expect(afterSignIn.first { $0.active }?.id == "default")

            // N5: o signs alice out and hands over to bob, still signed in, as `latchkey sign-out` does.
            session.press("o")
            try await session.waitFor("Signed in · \(bob)", "Switched to \(bob), who is still signed in here.")
            #expect(try await Self.statusUsername(common) == bob)
            let afterSignOut = try await Self.accounts(common)
            #expect(afterSignOut.first { $0.username == alice }?.state == "signedOut", "\(afterSignOut)")

            // A user new here gets a new account, which the sign-out removes, making bob active on the way; the
            // UI still says it switched (it said nothing on this path, as found on the demo with a browser sign-in).
            let carol = alice + "-carol"
            try await backend.createConfirmedUser(carol, inPool: backend.info.userPoolId)
            try await session.signInAsSomeoneElse(carol, from: bob)
            session.press("o")
            try await session.waitFor("Signed in · \(bob)", "Switched to \(bob), who is still signed in here.")
            #expect(try await Self.accounts(common).contains { $0.username == carol } == false)
            session.press("C-c")
            #expect(try await session.waitForExit() == 0)
        }

        @Test("Accounts on two pools: switch also switches the configuration the account signed in with")
        func twoPools() async throws {
            let backend = try await LocalBackend.shared()
            let (poolId, clientId) = try await PoolSettingsSupport.makePool(backend)
            let otherConfig = try PoolSettingsSupport.writeConfig(backend, poolId: poolId, clientId: clientId)
            let email = "\(await backend.uniqueName("pool2"))@example.com"
            _ = try await backend.adminCall(
                "AdminCreateUser",
                [
                    "UserPoolId": .string(poolId), "Username": .string(email), "MessageAction": "SUPPRESS",
                    "UserAttributes": [
                        ["Name": "email", "Value": .string(email)], ["Name": "name", "Value": "Pool Two"],
                        ["Name": "birthdate", "Value": "1990-01-01"],
                    ],
                ])
            _ = try await backend.adminCall(
                "AdminSetUserPassword",
                [
                    "UserPoolId": .string(poolId), "Username": .string(email),
                    "Password": .string(Integration.password), "Permanent": true,
                ])
            let demo = await backend.uniqueName("pool1")
            try await backend.createUser(demo, password: Integration.password)
            let store = try Integration.temporaryDirectory("accounts-pools")
            // No --config and no LATCHKEY_CONFIG: the account's own configuration is used after sign-in.
            let home = try Integration.temporaryDirectory("accounts-home")
            let environment = ["XDG_CONFIG_HOME": home, "LATCHKEY_STORE_DIR": store]
            let removing = ["LATCHKEY_CONFIG"]

            let one = try await LatchkeyBinary.run(
                ["sign-in", "--config", backend.info.configPath, "--username", demo, "--password-stdin"],
                stdin: Integration.password + "\n", environment: environment, removing: removing)
            #expect(one.status == 0, "\(one.stderr)")
            let two = try await LatchkeyBinary.run(
                ["sign-in", "--config", otherConfig, "--username", email, "--password-stdin"],
                stdin: Integration.password + "\n", environment: environment, removing: removing)
            #expect(two.status == 0, "\(two.stderr)")
            #expect(two.stderr.contains("Added an account"))

            let status = try await LatchkeyBinary.run(
                ["status", "--json"], environment: environment, removing: removing)
            let json = try #require(JSONValue.parse(Array(status.stdout.utf8)))
            #expect(json["userPoolId"]?.stringValue == poolId)
            #expect(json["state"]?.stringValue == "signedIn")
            let switched = try await LatchkeyBinary.run(
                ["switch", "\(demo)@\(backend.info.userPoolId)"], environment: environment, removing: removing)
            #expect(switched.status == 0, "\(switched.stderr)")
            let back = try await LatchkeyBinary.run(["status", "--json"], environment: environment, removing: removing)
            let backJSON = try #require(JSONValue.parse(Array(back.stdout.utf8)))
            #expect(backJSON["userPoolId"]?.stringValue == backend.info.userPoolId)
            #expect(backJSON["username"]?.stringValue == demo)
            // The token comes from the right pool: refreshing or verifying it needs that pool's config.
            let token = try await LatchkeyBinary.run(["token"], environment: environment, removing: removing)
            #expect(token.status == 0, "\(token.stderr)")
        }
    }
}

@Suite("AccountDirectory: ids, the active marker, creation and removal")
struct AccountDirectoryTests {
    @Test("The default account is the root; new ids count up; a bad marker falls back to the default")
    func layout() throws {
        let root = try Integration.temporaryDirectory("account-dir")
        let accounts = AccountDirectory(root: root)
        #expect(accounts.accountIDs() == [AccountDirectory.defaultID])
        #expect(accounts.activeID() == AccountDirectory.defaultID)
        #expect(accounts.directory(for: AccountDirectory.defaultID) == root)
        let second = try accounts.createAccount()
        let third = try accounts.createAccount()
        #expect([second, third] == ["account-2", "account-3"])
        #expect(accounts.accountIDs() == [AccountDirectory.defaultID, "account-2", "account-3"])
        try accounts.activate(third)
        #expect(accounts.activeID() == third)
        let attributes = try FileManager.default.attributesOfItem(atPath: accounts.directory(for: third))
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o700)

        // A marker naming something that is not an account (or escapes the root) is ignored.
        for bad in ["../../etc", "account-x", "", "account-99"] {
            try Data((bad + "\n").utf8).write(to: URL(fileURLWithPath: accounts.activeMarkerPath))
            #expect(accounts.activeID() == AccountDirectory.defaultID, "\(bad)")
        }
        #expect(throws: SessionStoreError.self) { try accounts.activate("../x") }

        try accounts.activate(second)
        try accounts.removeAccount(second)
        #expect(accounts.accountIDs() == [AccountDirectory.defaultID, "account-3"])
        #expect(accounts.activeID() == AccountDirectory.defaultID)
        // The default account is never removed.
        try accounts.removeAccount(AccountDirectory.defaultID)
        #expect(FileManager.default.fileExists(atPath: root))

        let profile = AccountProfile(
            username: "Jose\u{301}", userPoolId: "us-east-1_A", appClientId: "c", configPath: "/x.json",
            configSection: nil)
        try accounts.record(profile, for: third)
        #expect(accounts.profile(of: third) == profile)
        #expect(profile.matches(username: "José", userPoolId: "us-east-1_A"))
        #expect(!profile.matches(username: "José", userPoolId: "us-east-1_B"))
    }
}
