import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    @Suite("Refresh-token rotation and remembered devices against the local backend", .timeLimit(.minutes(4)))
    struct RotationAndDeviceTests {
        static let fileEnvironment = ["LATCHKEY_STORE": "file"]

        @Test(
            "A rotating client: 10 parallel `latchkey token` with an expired access token all succeed; the newest refresh token is stored"
        )
        func parallelTokenProcessesOnARotatingClient() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("rotation-parallel")
            let store = directory + "/store"
            // No grace period: any reuse of a retired refresh token is refused at once.
            let configuration = try await RotationSupport.rotatingClient(
                backend: backend, accessTokenSeconds: 3, grace: 0)
            let username = await backend.uniqueName("rot")
            try await backend.createUser(username, password: Integration.password)
            let config = try RotationSupport.configFile(backend: backend, configuration, in: directory)
            let common = ["--config", config, "--store", store]
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", username, "--password-stdin"] + common, stdin: Integration.password + "\n",
                environment: Self.fileEnvironment)
            #expect(signIn.exitCode == 0, "\(signIn.stderr)")
            let first = try #require(try FileSessionStore(directory: store).load()?.tokens?.refreshToken)
            try await Task.sleep(for: .seconds(3.2))  // the access token has expired
            let results = try await withThrowingTaskGroup(of: LatchkeyBinary.Output.self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        try await LatchkeyBinary.run(
                            ["token", "--access", "--retry-seconds", "20"] + common, environment: Self.fileEnvironment,
                            timeout: .seconds(60))
                    }
                }
                var all: [LatchkeyBinary.Output] = []
                for try await result in group { all.append(result) }
                return all
            }
            for result in results { #expect(result.exitCode == 0, "\(result.stderr)") }
            let final = try #require(try FileSessionStore(directory: store).load())
            #expect(final.state == .signedIn)
            let stored = try #require(final.tokens?.refreshToken)
            #expect(stored != first, "the refresh token was rotated")
            try await Task.sleep(for: .seconds(1.1))  // past any grace period
            #expect(
                !(await RotationSupport.refreshes(backend: backend, configuration, first)), "the first token is retired"
            )
            #expect(
                await RotationSupport.refreshes(backend: backend, configuration, stored),
                "the stored token is the newest")
        }

        @Test("A peer's rotation is adopted, never reused; a stale copy after the grace period needs re-login")
        func reuseAfterTheGracePeriod() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("rotation-reuse")
            let configuration = try await RotationSupport.rotatingClient(
                backend: backend, accessTokenSeconds: 2, grace: 1)
            let (a, _) = try await Integration.signedInClient(
                backend: backend, configuration: configuration, store: FileSessionStore(directory: directory))
            let before = try #require(await a.session)
            let b = await Integration.client(configuration, store: FileSessionStore(directory: directory))
            let stale = await Integration.client(configuration, store: InMemorySessionStore(before))
            #expect(await b.userState == .signedIn)
            try await Task.sleep(for: .seconds(2.1))
            _ = try await a.getTokens()  // A rotates: RT1 → RT2
            let afterA = try #require(await a.session?.tokens?.refreshToken)
            #expect(afterA != before.tokens?.refreshToken)
            try await Task.sleep(for: .seconds(2.2))  // grace over, A's tokens expired too
            _ = try await b.getTokens()  // B refreshes from the stored RT2, not its own
            #expect(await b.userState == .signedIn)
            #expect(await a.userState == .signedIn)
            // A copy that kept RT1 (no shared store to re-read) is refused: re-login, not a loop or a crash.
            await #expect(throws: AuthError.self) {
                _ = try await stale.getTokens(TokenRequestOptions(waitForSignIn: false))
            }
            #expect(await stale.userState == .signedOutUserPoolsTokenInvalid)
        }

        @Test("A device-tracking pool with short lifetimes refreshes again and again with no re-login")
        func deviceTrackingRefreshes() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("device-refresh")
            let store = directory + "/store"
            // 3 s, not 1: ConfirmDevice right after sign-in needs the new access token still valid.
            let configuration = try await RotationSupport.devicePool(backend: backend, accessTokenSeconds: 3)
            let username = try await RotationSupport.createUser(backend: backend, in: configuration)
            let config = try RotationSupport.configFile(backend: backend, configuration, in: directory)
            let common = ["--config", config, "--store", store]
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", username, "--password-stdin"] + common, stdin: Integration.password + "\n",
                environment: Self.fileEnvironment)
            #expect(signIn.exitCode == 0, "\(signIn.stderr)")
            let device = try #require(try FileSessionStore(directory: store).load()?.device, "\(signIn.stderr)")
            #expect(device.username == username)
            var tokens: Set<String> = []
            for round in 0..<4 {
                try await Task.sleep(for: .seconds(3.1))
                // Every other round with --debug: request logging never shows the device password.
                let debug = round % 2 == 0 ? ["--debug"] : []
                let result = try await LatchkeyBinary.run(
                    ["token", "--access"] + debug + common, environment: Self.fileEnvironment)
                #expect(result.exitCode == 0, "round \(round): \(result.stderr)")
                #expect(!result.stderr.contains(device.devicePassword))
                tokens.insert(result.stdout)
            }
            #expect(tokens.count == 4, "every round refreshed")
            let final = try #require(try FileSessionStore(directory: store).load())
            #expect(final.state == .signedIn)
            #expect(final.device?.deviceKey == device.deviceKey)
            let list = try await LatchkeyBinary.run(
                ["devices", "list", "--json"] + common, environment: Self.fileEnvironment)
            #expect(list.exitCode == 0, "\(list.stderr)")
            let listed = try #require(JSONValue.parse(Array(list.stdout.utf8))?.arrayValue)
            #expect(listed.count == 1)
            #expect(listed.first?["deviceKey"]?.stringValue == device.deviceKey)
            #expect(listed.first?["current"] == .bool(true))
            #expect(listed.first?["rememberedStatus"]?.stringValue == "remembered")
            let status = try await LatchkeyBinary.run(["status", "--json"] + common, environment: Self.fileEnvironment)
            let object = JSONValue.parse(Array(status.stdout.utf8))
            #expect(object?["deviceKey"]?.stringValue == device.deviceKey)
            #expect(object?["deviceRemembered"] == .bool(true))
            #expect(!status.stdout.contains(device.devicePassword), "the device password is never printed")
            let text = try await LatchkeyBinary.run(["status"] + common, environment: Self.fileEnvironment)
            #expect(text.stdout.contains(device.deviceKey))
            #expect(!text.stdout.contains(device.devicePassword))
        }

        @Test("A remembered device skips MFA on the next sign-in; forgetting it brings MFA back")
        func rememberedDeviceSkipsMFA() async throws {
            let backend = try await LocalBackend.shared()
            let configuration = try await RotationSupport.devicePool(backend: backend)
            let username = try await RotationSupport.createUser(backend: backend, in: configuration)
            let client = await Integration.client(configuration)
            #expect(try await client.signIn(username: username, password: Integration.password) == .done)
            let deviceKey = try #require(await client.currentDeviceKey)
            // Enrol TOTP: from now on a sign-in without a remembered device asks for a code.
            let api = try await client.userPoolAPI()
            let access = try await client.getTokens().accessToken
            let secret = try await api.associateSoftwareToken(accessToken: access).secret
            _ = try await api.verifySoftwareToken(
                code: try #require(TOTPGenerator.code(secret: secret)), accessToken: access, deviceName: "test")
            try await api.setSoftwareTokenPreference(accessToken: access, enabled: true, preferred: true)
            _ = try await client.signOut()
            #expect(try await client.signIn(username: username, password: Integration.password) == .done)
            #expect(await client.currentDeviceKey == deviceKey, "the same device signed in")
            try await client.forgetDevice()
            #expect(await client.currentDeviceKey == nil)
            _ = try await client.signOut()
            let step = try await client.signIn(username: username, password: Integration.password)
            #expect(step == .softwareTokenMFA, "MFA is back once the device is forgotten")
        }

        @Test(
            "A device forgotten elsewhere (an admin) fails the device key; the sign-in retries without it and registers a new one"
        )
        func deviceForgottenElsewhere() async throws {
            let backend = try await LocalBackend.shared()
            let configuration = try await RotationSupport.devicePool(backend: backend)
            let username = try await RotationSupport.createUser(backend: backend, in: configuration)
            let client = await Integration.client(configuration)
            #expect(try await client.signIn(username: username, password: Integration.password) == .done)
            let first = try #require(await client.currentDeviceKey)
            _ = try await client.signOut()
            _ = try await backend.adminCall(
                "AdminForgetDevice",
                [
                    "UserPoolId": .string(try #require(configuration.userPool?.poolId)), "Username": .string(username),
                    "DeviceKey": .string(first),
                ])
            #expect(try await client.signIn(username: username, password: Integration.password) == .done)
            let second = try #require(await client.currentDeviceKey)
            #expect(second != first)
        }

        @Test("--remember-device on a pool that asks the user; without it the device stays not remembered")
        func rememberDeviceFlag() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("device-flag")
            let configuration = try await RotationSupport.devicePool(backend: backend, onUserPrompt: true)
            let config = try RotationSupport.configFile(backend: backend, configuration, in: directory)
            for (flag, expected) in [(["--remember-device"], "remembered"), ([], "not_remembered")] {
                let username = try await RotationSupport.createUser(backend: backend, in: configuration)
                let common = ["--config", config, "--store", directory + "/store-\(expected)"]
                let signIn = try await LatchkeyBinary.run(
                    ["sign-in", "--username", username, "--password-stdin"] + flag + common,
                    stdin: Integration.password + "\n", environment: Self.fileEnvironment)
                #expect(signIn.exitCode == 0, "\(signIn.stderr)")
                let shown = try await LatchkeyBinary.run(
                    ["devices", "show", "--json"] + common, environment: Self.fileEnvironment)
                #expect(shown.exitCode == 0, "\(shown.stderr)")
                let device = JSONValue.parse(Array(shown.stdout.utf8))?.arrayValue?.first
                #expect(device?["rememberedStatus"]?.stringValue == expected, "\(flag)")
            }
        }
    }
}
