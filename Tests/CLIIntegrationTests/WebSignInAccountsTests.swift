import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// ux-3 item 3: `sign-in --web` as a second user adds an account, as a password sign-in does.
    @Suite("sign-in --web as a second user", .enabled(if: HostedUIDriver.hasBrowser))
    struct WebSignInAccountsTests {
        /// The accounts `accounts --json` lists, as (username, state, active).
        static func accounts(_ common: [String]) async throws -> [(username: String?, state: String?, active: Bool)] {
            let listed = try await LatchkeyBinary.run(["accounts", "--json"] + common)
            return (JSONValue.parse(Array(listed.stdout.utf8))?.arrayValue ?? []).map {
                ($0["username"]?.stringValue, $0["state"]?.stringValue, $0["active"] == .bool(true))
            }
        }

        /// `sign-in --web` in a headless browser as `username`.
        static func webSignIn(_ username: String, _ common: [String]) async throws -> LatchkeyBinary.Output {
            let environment = [
                "LATCHKEY_STORE": "file", "BROWSER": HostedUIDriver.browserCommand,
                "LATCHKEY_BROWSER_USERNAME": username, "LATCHKEY_BROWSER_PASSWORD": Integration.password,
            ]
            return try await LatchkeyBinary.run(
                ["sign-in", "--web", "--timeout", "90"] + common, environment: environment,
                removing: ["SSH_CONNECTION"], timeout: .seconds(120))
        }

        @Test("demo signed in, then --web as alice: alice gets an account and is active; demo stays signed in")
        func secondUserThroughTheBrowser() async throws {
            let backend = try await LocalBackend.shared()
            let (demo, alice) = (await backend.uniqueName("webdemo"), await backend.uniqueName("webalice"))
            for user in [demo, alice] {
                try await backend.createUser(user, password: Integration.password, email: "\(user)@example.com")
            }
            let store = try Integration.temporaryDirectory("web-second")
            let (config, _) = try await backend.hostedUIConfigurationFile(
                callbackPort: try HostedUIDriver.freePort(), in: store)
            let common = ["--config", config, "--store", store]
            let first = try await LatchkeyBinary.run(
                ["sign-in", "--username", demo, "--password-stdin"] + common, stdin: Integration.password + "\n",
                environment: ["LATCHKEY_STORE": "file"])
            #expect(first.status == 0, "\(first.stderr)")

            let web = try await Self.webSignIn(alice, common)
            #expect(web.status == 0, "\(web)")
            #expect(web.stderr.contains("Signed in as \(alice) through the hosted UI"), "\(web.stderr)")
            #expect(web.stderr.contains("Added an account for \(alice); \(demo) stays signed in"), "\(web.stderr)")
            #expect(!web.stderr.contains("replacingSession"), "\(web.stderr)")
            let listed = try await Self.accounts(common)
            #expect(
                listed.filter { $0.state == "signedIn" }.compactMap { $0.username }.sorted() == [demo, alice].sorted())
            #expect(listed.first { $0.active }?.username == alice)

            // The browser's user already has an account here: the sign-in uses it, no third account.
            let again = try await Self.webSignIn(demo, common)
            #expect(again.status == 0, "\(again)")
            let after = try await Self.accounts(common)
            #expect(after.count == 2, "\(after)")
            #expect(after.first { $0.active }?.username == demo)
        }
    }
}
