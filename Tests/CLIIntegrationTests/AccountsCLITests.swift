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
            let backend = try await LocalBackend.shared()
            let alice = await backend.uniqueName("alice")
            let bob = await backend.uniqueName("bob")
            try await backend.createUser(alice, password: Integration.password)
            try await backend.createUser(bob, password: Integration.password)
            let store = try Integration.temporaryDirectory("accounts")
            let common = ["--config", backend.info.configPath, "--store", store]

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
                // "Sign in as someone else" opens Sign in on a new account; leaving it unused removes it.
                session.press("a")
                try await session.waitFor("Sign in as someone else")
                session.press("Down", "Enter")
                try await session.waitFor("Sign in", "Username")
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
