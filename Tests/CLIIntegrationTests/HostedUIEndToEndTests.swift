import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

extension BackendTests {
    /// `latchkey sign-in --web` against the local hosted UI: a real browser, paste-back, the UI's rows.
    @Suite("Hosted UI sign-in end to end", .enabled(if: HostedUIDriver.isAvailable))
    struct HostedUIEndToEndTests {
        static func newUser(_ backend: LocalBackend) async throws -> String {
            let username = await backend.uniqueName("hosted")
            try await backend.createUser(username, password: Integration.password, email: "\(username)@example.com")
            return username
        }

        @Test(
            "A real browser (headless Chromium via Selenium) signs in; status, token and a refresh then work",
            .enabled(if: HostedUIDriver.hasBrowser))
        func realBrowser() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await Self.newUser(backend)
            let store = try Integration.temporaryDirectory("hosted-browser")
            let port = try HostedUIDriver.freePort()
            let (config, _) = try await backend.hostedUIConfigurationFile(callbackPort: port, in: store)
            let environment = [
                "LATCHKEY_STORE": "file", "BROWSER": HostedUIDriver.browserCommand,
                "LATCHKEY_BROWSER_USERNAME": username, "LATCHKEY_BROWSER_PASSWORD": Integration.password,
            ]
            let common = ["--config", config, "--store", store]
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--web", "--timeout", "90"] + common, environment: environment,
                removing: ["SSH_CONNECTION"], timeout: .seconds(120))
            #expect(signIn.status == 0, "\(signIn)")
            #expect(signIn.stderr.contains("Signed in as \(username) through the hosted UI"), "\(signIn.stderr)")
            let status = try await LatchkeyBinary.run(["status"] + common, environment: environment)
            #expect(status.stdout.contains("Signed in as \(username)"), "\(status)")
            let token = try await LatchkeyBinary.run(["token", "--access"] + common, environment: environment)
            #expect(token.status == 0)
            #expect(token.stdout.split(separator: ".").count == 3)

            // The stored hosted session refreshes through the usual path, and sign-out ends the browser session too.
            let configuration = try AuthConfiguration.load(path: config)
            let client = AuthClient(
                configuration: configuration, store: FileSessionStore(directory: store))
            #expect(await client.initialize() == .signedIn)
            let before = try await client.getTokens()
            await client.forceRefresh()
            try await Waiter.until("the hosted session's refresh", on: [await client.changeSource()]) {
                (try? await client.getTokens().accessToken) != before.accessToken
            }
            let after = try await client.getTokens()
            #expect(after.idClaims?.sub == before.idClaims?.sub)
            let signOut = try await LatchkeyBinary.run(
                ["sign-out", "--no-browser"] + common, environment: environment)
            #expect(signOut.status == 0, "\(signOut)")
            #expect(signOut.stderr.contains("/logout?client_id="), "\(signOut.stderr)")
        }

        @Test(
            "--provider Google: the browser presses the Google stand-in and the federated user is signed in",
            .enabled(if: HostedUIDriver.hasBrowser))
        func googleInBrowser() async throws {
            let backend = try await LocalBackend.shared()
            let store = try Integration.temporaryDirectory("hosted-google")
            let port = try HostedUIDriver.freePort()
            let (config, _) = try await backend.hostedUIConfigurationFile(callbackPort: port, in: store)
            let environment = [
                "LATCHKEY_STORE": "file", "BROWSER": HostedUIDriver.browserCommand,
                "LATCHKEY_BROWSER_PROVIDER": "Google",
            ]
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--web", "--provider", "Google", "--timeout", "90", "--config", config, "--store", store],
                environment: environment, removing: ["SSH_CONNECTION"], timeout: .seconds(120))
            #expect(signIn.status == 0, "\(signIn)")
            #expect(signIn.stderr.contains("Signed in as Google_"), "\(signIn.stderr)")
        }

        @Test("The library: a pasted redirect signs in, tokens verify, refresh works, identity credentials come")
        func libraryPasteBack() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await Self.newUser(backend)
            let store = try Integration.temporaryDirectory("hosted-library")
            let port = try HostedUIDriver.freePort()
            let (config, _) = try await backend.hostedUIConfigurationFile(callbackPort: port, in: store)
            let client = AuthClient(
                configuration: try AuthConfiguration.load(path: config), store: FileSessionStore(directory: store))
            _ = await client.initialize()
            let request = try await client.beginHostedUISignIn(provider: "COGNITO")
            let redirect = try await HostedUIDriver.printRedirect(
                request.authorizeURL.absoluteString, username: username)
            // A forged state is refused before any request; the real redirect signs in.
            let forged = redirect.replacingOccurrences(
                of: #"state=[^&]*"#, with: "state=forged", options: .regularExpression)
            await #expect(throws: AuthError.hostedUI(.stateMismatch)) {
                try await client.completeHostedUISignIn(request, pasted: forged)
            }
            try await client.completeHostedUISignIn(request, pasted: redirect)
            #expect(await client.userState == .signedIn)
            #expect(await client.username == username)
            let attributes = try await client.getUserAttributes()
            #expect(attributes["email"] == "\(username)@example.com")
            let before = try await client.getTokens()
            await client.forceRefresh()
            try await Waiter.until("the hosted session's refresh", on: [await client.changeSource()]) {
                (try? await client.getTokens().accessToken) != before.accessToken
            }
            // Identity-pool credentials for the hosted session: the user pool's id token as the login
            // cognito-idp.REGION.amazonaws.com/POOL, as for a password session.
            _ = try #require(client.configuration.identityPool)
            let credentials = try await client.getAWSCredentials()
            #expect(!credentials.accessKeyId.isEmpty)
            #expect(await client.activeProviderKeys.contains(try #require(client.configuration.userPool?.providerKey)))
            // The same code again: refused by the token endpoint, with our wording.
            guard let code = URLComponents(string: redirect)?.queryItems?.first(where: { $0.name == "code" })?.value
            else {
                Issue.record("no code in \(redirect)")
                return
            }
            do {
                try await client.completeHostedUISignIn(request, pasted: code, replacingSession: true)
                Issue.record("a replayed code was accepted")
            } catch let error as AuthError {
                guard case .hostedUI(.codeRejected) = error else {
                    Issue.record("unexpected \(error)")
                    return
                }
                #expect(error.description.contains("used already"))
            }
            let result = try await client.signOut()
            #expect(result.refreshTokenRevoked)
            #expect(
                result.hostedUILogoutURL?.absoluteString.contains("logout_uri=http%3A%2F%2Flocalhost%3A\(port)") == true
            )
        }

        @Test(
            "tmux: sign-in --web --no-browser takes a pasted redirect; a forged state and a replayed code are refused",
            .enabled(if: TmuxSession.canRunApp))
        func pasteInTmux() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await Self.newUser(backend)
            let store = try TerminalApp.temporaryDirectory("hosted-paste")
            let port = try HostedUIDriver.freePort()
            let (config, _) = try await backend.hostedUIConfigurationFile(callbackPort: port, in: store)
            let binary = try #require(LatchkeyBinary.url)
            let session = try TmuxSession(
                [
                    binary.path, "sign-in", "--web", "--no-browser", "--timeout", "120", "--config", config, "--store",
                    store,
                ],
                environment: TerminalApp.baseEnvironment, columns: 80, rows: 24, name: "hosted-paste")
            defer { session.kill() }
            _ = try await session.waitFor("paste here", timeout: 30)
            let joined = session.tmux(["capture-pane", "-p", "-J", "-S", "-200", "-t", session.target]).output
            let url = try #require(HostedUIDriver.authorizeURL(in: joined), "no URL in:\n\(joined)")
            #expect(joined.contains("ssh -L \(port):127.0.0.1:\(port) "), "\(joined)")
            let redirect = try await HostedUIDriver.printRedirect(url, username: username)
            let forged = redirect.replacingOccurrences(
                of: #"state=[^&]*"#, with: "state=forged", options: .regularExpression)
            session.type(forged)
            session.press("Enter")
            _ = try await session.waitFor("does not belong to this sign-in", timeout: 20)
            session.type(redirect)
            session.press("Enter")
            let done = try await session.waitFor("EXIT=", timeout: 30)
            #expect(done.contains("Signed in as \(username)"), "\(done)")
            #expect(TmuxSession.exitStatus(in: done) == 0)
            print("tmux capture (sign-in --web --no-browser):\n\(done)")

            // The same code pasted into a new sign-in: refused by the token endpoint.
            guard let code = URLComponents(string: redirect)?.queryItems?.first(where: { $0.name == "code" })?.value
            else {
                Issue.record("no code in \(redirect)")
                return
            }
            let replay = try await LatchkeyBinary.run(
                ["sign-in", "--web", "--no-browser", "--timeout", "60", "--config", config, "--store", store],
                stdin: code + "\n", environment: TerminalApp.baseEnvironment, timeout: .seconds(90))
            #expect(replay.status == 1, "\(replay)")
            #expect(replay.stderr.contains("The authorization code was refused"), "\(replay.stderr)")
            #expect(replay.stderr.contains("used already"))
        }

        @Test("Over SSH no browser is opened; junk on stdin is explained; the wait ends at --timeout")
        func sshSessionTimesOut() async throws {
            let backend = try await LocalBackend.shared()
            let store = try Integration.temporaryDirectory("hosted-ssh")
            let port = try HostedUIDriver.freePort()
            let (config, _) = try await backend.hostedUIConfigurationFile(callbackPort: port, in: store)
            let outcome = try await LatchkeyBinary.run(
                ["sign-in", "--web", "--timeout", "2", "--config", config, "--store", store], stdin: "hello\n",
                environment: [
                    "LATCHKEY_STORE": "file", "SSH_CONNECTION": "10.0.0.1 5000 10.0.0.2 22",
                    "BROWSER": "",
                ], timeout: .seconds(30))
            #expect(outcome.status == 1, "\(outcome)")
            #expect(outcome.stderr.contains("No browser is opened here (this is an SSH session)"), "\(outcome.stderr)")
            #expect(outcome.stderr.contains("ssh -L \(port):127.0.0.1:\(port) "))
            #expect(outcome.stderr.contains("That is neither the redirect URL nor an authorization code."))
            #expect(outcome.stderr.contains("No redirect arrived within 2 seconds."))
            // `latchkey config` names the hosted UI it read.
            let shown = try await LatchkeyBinary.run(["config", "--config", config, "--store", store])
            #expect(shown.stdout.contains("Hosted UI redirect       http://localhost:\(port)/callback"), "\(shown)")
            #expect(shown.stdout.contains("Hosted UI providers      COGNITO, Google"))
        }

        @Test(
            "tmux: the UI's Continue in browser row shows the URL, the ssh -L line and a paste field; pasting signs in",
            .enabled(if: TmuxSession.canRunApp))
        func continueRowInTmux() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await Self.newUser(backend)
            let store = try TerminalApp.temporaryDirectory("hosted-ui")
            let port = try HostedUIDriver.freePort()
            let (config, _) = try await backend.hostedUIConfigurationFile(callbackPort: port, in: store)
            let session = try TerminalApp.start(
                config: config, store: store, environment: ["DISPLAY": "", "WAYLAND_DISPLAY": "", "BROWSER": ""],
                columns: 80, rows: 24, name: "hosted-ui")
            defer { session.kill() }
            let signIn = try await session.waitFor("Continue in browser", "Continue with Google", timeout: 30)
            print("tmux capture (sign-in screen with the browser rows):\n\(signIn)")
            // Tab from the username: password, Sign in, Create account, Forgot password, Continue in browser.
            session.press("Tab", "Tab", "Tab", "Tab", "Tab")
            session.press("Enter")
            let waiting = try await session.waitFor("Redirect URL or code", timeout: 30)
            print("tmux capture (the no-browser screen):\n\(waiting)")
            #expect(waiting.contains("ssh -L \(port):127.0.0.1:\(port)"), "\(waiting)")
            // The URL is drawn across whole rows, to copy as one line: join the rows back.
            let rows = waiting.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let start = try #require(rows.firstIndex { $0.hasPrefix("http") }, "no URL row in:\n\(waiting)")
            var url = ""
            for row in rows[start...] {
                url += row.trimmingCharacters(in: .whitespaces)
                if row.count < 80 { break }
            }
            let redirect = try await HostedUIDriver.printRedirect(url, username: username)
            session.type(redirect)
            session.press("Enter")
            let signedIn = try await session.waitFor("Signed in", username, timeout: 30)
            print("tmux capture (signed in):\n\(signedIn)")
            // Signing out of the hosted session names the hosted UI's /logout page (no browser here).
            session.type("o")
            let signedOut = try await session.waitFor("To sign out of the hosted UI in your browser too", timeout: 30)
            print("tmux capture (signed out):\n\(signedOut)")
            // N20: the /logout URL starts a row of its own at the screen's edge (not wrapped inside the
            // box), and Ctrl-Y copies it.
            let logoutRow = signedOut.split(separator: "\n").first { $0.hasPrefix("http") && $0.contains("/logout?") }
            #expect(logoutRow != nil, "no whole-row logout URL in:\n\(signedOut)")
            #expect(signedOut.contains("Ctrl-Y copy sign-out URL"), "\(signedOut)")
        }
    }
}
