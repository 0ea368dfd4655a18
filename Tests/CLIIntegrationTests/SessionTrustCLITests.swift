import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

/// Issue 25's CLI findings (rel-2 N1, N2, F13, F21/N19; ux-2 N1, N9, N10), each with the real binary
/// against the local backend.
extension BackendTests {
    @Suite("Trust: a session bound to its pool, no command waiting for nobody, honest output")
    struct SessionTrustCLITests {
        static let file = ["LATCHKEY_STORE": "file"]

        /// A configuration like `path` with the given pool id, app client and endpoint.
        static func config(
            from path: String, poolId: String? = nil, clientId: String? = nil, endpoint: URL, in directory: String
        ) throws -> String {
            let data = try Data(contentsOf: URL(fileURLWithPath: path))
            guard case .object(var document) = JSONValue.parse(Array(data)),
                case .object(var pools) = document["CognitoUserPool"], case .object(var pool) = pools["Default"]
            else { throw TestSupportError(description: "unexpected configuration shape") }
            if let poolId { pool["PoolId"] = .string(poolId) }
            if let clientId { pool["AppClientId"] = .string(clientId) }
            pool.removeValue(forKey: "AppClientSecret")
            pool["Endpoint"] = .string(endpoint.absoluteString)
            pools["Default"] = .object(pool)
            document["CognitoUserPool"] = .object(pools)
            let target = directory + "/config-\(UInt32.random(in: 0...UInt32.max)).json"
            try JSONValue.object(document).encoded().write(to: URL(fileURLWithPath: target))
            return target
        }

        static func signIn(_ user: String, config: String, store: String) async throws {
            let output = try await LatchkeyBinary.run(
                ["sign-in", "--username", user, "--password-stdin", "--config", config, "--store", store],
                stdin: Integration.password + "\n", environment: file)
            #expect(output.exitCode == 0, "\(output.stderr)")
        }

        // MARK: N2

        @Test(
            "A session of pool A used with another pool's, client's or endpoint's configuration: exit 2 naming both, nothing sent (N2)"
        )
        func sessionBoundToItsIssuer() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("n2")
            let store = directory + "/store"
            let user = await backend.uniqueName("n2")
            try await backend.createUser(user, password: Integration.password)
            // 1 s access tokens: every use after a second needs a refresh, which must not go astray.
            let (configA, configurationA) = try await StoreTestSupport.shortLivedConfig(
                backend: backend, accessTokenSeconds: 1, in: directory)
            let poolA = try #require(configurationA.userPool)
            try await Self.signIn(user, config: configA, store: store)
            let refreshToken = try #require(try FileSessionStore(directory: store).load()?.tokens?.refreshToken)

            // A listener that records every connection (and would forward it to a real backend).
            let recorder = try FaultProxy(upstream: backend.endpoint)
            defer { recorder.stop() }
            let otherPool = try Self.config(
                from: configA, poolId: "us-east-1_OtherPool9", clientId: "otherclient", endpoint: recorder.endpoint,
                in: directory)
            let otherClient = try Self.config(
                from: configA, clientId: "otherclient", endpoint: recorder.endpoint, in: directory)
            let sameIdsElsewhere = try Self.config(from: configA, endpoint: recorder.endpoint, in: directory)
            // While the access token is fresh: `token`'s start-up fast path does not serve it either.
            for config in [otherPool, otherClient, sameIdsElsewhere] {
                let cached = try await LatchkeyBinary.run(
                    ["token", "--config", config, "--store", store], environment: Self.file)
                #expect(cached.exitCode == 2, "\(cached.stderr)")
                #expect(cached.stdout.isEmpty)
            }
            try await Task.sleep(for: .milliseconds(1200))

            let commands: [[String]] = [
                ["token"], ["token", "--access"], ["credentials"], ["sign-out"], ["sign-out", "--global"],
                ["status"], ["status", "--json"], ["user", "show"], ["mfa", "status"], ["devices", "list"], ["ui"],
            ]
            for config in [otherPool, otherClient, sameIdsElsewhere] {
                for command in commands {
                    for viaEnvironment in [false, true] {
                        let arguments =
                            command + (viaEnvironment ? [] : ["--config", config]) + ["--store", store]
                        let environment = Self.file.merging(viaEnvironment ? ["LATCHKEY_CONFIG": config] : [:]) {
                            $1
                        }
                        let output = try await LatchkeyBinary.run(
                            arguments, environment: environment, timeout: .seconds(30))
                        let what = "latchkey \(arguments.joined(separator: " "))"
                        #expect(output.exitCode == 2, "\(what): \(output.stderr)")
                        #expect(output.stderr.contains(poolA.poolId), "\(what) names the session's pool")
                        #expect(output.stderr.contains(poolA.appClientId), "\(what) names the session's client")
                        #expect(output.stderr.contains(recorder.endpoint.host ?? "-"), "\(what) names the other side")
                        #expect(output.stderr.contains("--account") && output.stderr.contains("latchkey sign-in"))
                        #expect(!output.stdout.contains("eyJ"), "\(what) printed a token")
                    }
                }
            }
            #expect(recorder.connectionCounts.values.reduce(0, +) == 0, "a request reached the other endpoint")
            // status says so rather than "Signed in".
            let status = try await LatchkeyBinary.run(
                ["status", "--config", otherPool, "--store", store], environment: Self.file)
            #expect(!status.stdout.contains("Signed in as"))
            #expect(status.stdout.contains("issued by"))
            let json = try await LatchkeyBinary.run(
                ["status", "--json", "--config", otherPool, "--store", store], environment: Self.file)
            let object = try #require(JSONValue.parse(Array(json.stdout.utf8)))
            #expect(object["issuerMismatch"] == .bool(true))
            #expect(object["sessionIssuer"]?["userPoolId"]?.stringValue == poolA.poolId)

            // The session is untouched and still works with its own configuration, where it is revoked.
            #expect(try FileSessionStore(directory: store).load()?.tokens?.refreshToken == refreshToken)
            let token = try await LatchkeyBinary.run(
                ["token", "--config", configA, "--store", store], environment: Self.file)
            #expect(token.exitCode == 0, "\(token.stderr)")
            let signOut = try await LatchkeyBinary.run(
                ["sign-out", "--config", configA, "--store", store], environment: Self.file)
            #expect(signOut.exitCode == 0, "\(signOut.stderr)")
            #expect(signOut.stderr.contains("revoked"), "\(signOut.stderr)")
        }

        // MARK: N1, ux-2 N9 / N10

        @Test("user, mfa and devices end at once with 4 after an admin global sign-out, and with 3 offline (N1)")
        func noCommandWaitsForNobody() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("n1")
            let (short, _) = try await StoreTestSupport.shortLivedConfig(
                backend: backend, accessTokenSeconds: 1, in: directory)
            let user = await backend.uniqueName("n1")
            try await backend.createUser(user, password: Integration.password)
            let revoked = directory + "/revoked"
            try await Self.signIn(user, config: short, store: revoked)
            try await backend.adminGlobalSignOut(user)

            let proxy = try FaultProxy(upstream: backend.endpoint)
            defer { proxy.stop() }
            let proxied = try StoreTestSupport.config(short, endpoint: proxy.endpoint, in: directory)
            let offline = directory + "/offline"
            try await Self.signIn(user, config: proxied, store: offline)
            proxy.setMode(.refuse)
            try await Task.sleep(for: .milliseconds(1200))

            let commands: [[String]] = [
                ["user"], ["user", "show", "--json"], ["user", "set", "name=x"],
                ["user", "verify", "email", "--code", "1"],
                ["user", "delete", "--yes"], ["mfa"], ["mfa", "enable", "email"], ["mfa", "disable", "totp"],
                ["mfa", "prefer", "none"], ["devices", "list"], ["devices", "show"],
            ]
            // Each command under a deadline; the offline ones (each waits its 4 s bound) side by side.
            try await withThrowingTaskGroup(of: Void.self) { group in
                for command in commands {
                    group.addTask {
                        let relogin = try await LatchkeyBinary.run(
                            command + ["--config", short, "--store", revoked], environment: Self.file,
                            timeout: .seconds(30))
                        #expect(relogin.exitCode == 4, "\(command): \(relogin.stderr)")
                        #expect(relogin.stderr.contains("latchkey sign-in"), "\(command): \(relogin.stderr)")
                        let unreachable = try await LatchkeyBinary.run(
                            command + ["--config", proxied, "--store", offline], environment: Self.file,
                            timeout: .seconds(30))
                        #expect(unreachable.exitCode == 3, "\(command): \(unreachable.stderr)")
                    }
                }
                try await group.waitForAll()
            }
            // ux-2 N10: sign-out agrees with status in the re-login state, and says what it did.
            let status = try await LatchkeyBinary.run(
                ["status", "--config", short, "--store", revoked], environment: Self.file)
            #expect(status.exitCode == 4)
            let signOut = try await LatchkeyBinary.run(
                ["sign-out", "--config", short, "--store", revoked], environment: Self.file)
            #expect(signOut.exitCode == 0)
            #expect(!signOut.stderr.contains("Nobody is signed in"), "\(signOut.stderr)")
            #expect(signOut.stderr.contains("Signed out \(user)"), "\(signOut.stderr)")
            // ux-2 N9: nobody signed in is 1 for token, as for status.
            let token = try await LatchkeyBinary.run(
                ["token", "--config", short, "--store", revoked], environment: Self.file)
            #expect(token.exitCode == 1, "\(token.stderr)")
            let after = try await LatchkeyBinary.run(
                ["status", "--config", short, "--store", revoked], environment: Self.file)
            #expect(after.exitCode == 1)
        }

        @Test("sign-in --method email-otp: a wrong code, then the end of input, is exit 1 with our sentence (ux-2 N10)")
        func wrongCodeThenEndOfInput() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend)
            let store = try Integration.temporaryDirectory("otp-eof")
            let outcome = try await AuthFlowSupport.interactive(
                [
                    "sign-in", "--flow", "user-auth", "--method", "email-otp", "--username", username,
                    "--config", backend.info.configPath, "--store", store,
                ], backend: backend, username: username, prompt: "(or \"resend\"): ",
                answers: [{ code in code == "000000" ? "111111" : "000000" }])
            #expect(outcome.exitCode == 1, "\(outcome.stderr)")
            #expect(!outcome.stderr.contains("no answer was entered"), "\(outcome.stderr)")
            #expect(outcome.stderr.contains("The code is wrong. Enter the code again"), "\(outcome.stderr)")
        }

        // MARK: F13

        @Test(
            "accounts, mfa status (text and JSON), --version and --help exit 5 when stdout is /dev/full or closed (F13)"
        )
        func everyOutputIsChecked() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("f13")
            let store = directory + "/store"
            let user = await backend.uniqueName("f13")
            try await backend.createUser(user, password: Integration.password)
            let config = backend.info.configPath
            try await Self.signIn(user, config: config, store: store)
            let binary = try #require(LatchkeyBinary.url).path
            let commands: [[String]] = [
                ["accounts", "--store", store], ["mfa", "status", "--config", config, "--store", store],
                ["mfa", "status", "--json", "--config", config, "--store", store], ["--version"], ["--help"],
                ["user", "--help"], ["version"],
            ]
            for command in commands {
                for redirect in [">/dev/full", ">&-"] {
                    let child = try ChildProcess.spawn(
                        "/bin/sh", ["-c", "exec \"$0\" \"$@\" \(redirect)", binary] + command, input: .none,
                        environment: Self.file, timeout: .seconds(30))
                    let output = try await child.wait()
                    #expect(output.exitCode == 5, "\(command) \(redirect): \(output.stderr)")
                    #expect(output.stderr.contains("could not write the output"), "\(command) \(redirect)")
                }
            }
        }

        // MARK: F21 / N19

        @Test("Read-only commands create no store directory; an unknown --account says so and names the accounts (F21)")
        func readOnlyAndUnknownAccounts() async throws {
            let directory = try Integration.temporaryDirectory("f21")
            let config = try Integration.unreachableConfig(in: directory)
            let missing = directory + "/nonexistent/x"
            for command in [["status"], ["status", "--json"], ["token"], ["accounts"], ["config"], ["user", "show"]] {
                let output = try await LatchkeyBinary.run(
                    command + ["--config", config], environment: ["XDG_DATA_HOME": missing],
                    removing: ["LATCHKEY_STORE_DIR"])
                #expect([0, 1].contains(output.exitCode), "\(command): \(output.stderr)")
                #expect(
                    !FileManager.default.fileExists(atPath: directory + "/nonexistent"), "\(command) made the store")
            }
            // An account name that is no account: "no such account", never "no configuration file here".
            let store = directory + "/store"
            let backend = try await LocalBackend.shared()
            let user = await backend.uniqueName("f21")
            try await backend.createUser(user, password: Integration.password)
            try await Self.signIn(user, config: backend.info.configPath, store: store)
            let emptyConfigHome = try Integration.temporaryDirectory("f21-config")
            for name in ["../x", "/etc", "nobody-here"] {
                let output = try await LatchkeyBinary.run(
                    ["status", "--account", name, "--store", store],
                    environment: Self.file.merging(["XDG_CONFIG_HOME": emptyConfigHome]) { $1 },
                    removing: ["LATCHKEY_CONFIG"])
                #expect(output.exitCode == 2, "\(name): \(output.stderr)")
                #expect(output.stderr.contains("there is no account"), "\(name): \(output.stderr)")
                #expect(output.stderr.contains(user), "\(name) lists the accounts there are: \(output.stderr)")
                #expect(!output.stderr.contains("configuration"), "\(name): \(output.stderr)")
            }
        }
    }
}
