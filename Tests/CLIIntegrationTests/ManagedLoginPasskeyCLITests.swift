import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

/// `latchkey sign-in --web` with a passkey: managed login (patches/managed_login.py) in Debian's headless Chromium,
/// whose WebDriver virtual authenticator holds the passkey `latchkey passkey add` made through the software key
/// (`Assets/local-backend/soft_passkey.py`). Browsers refuse an IP address as a relying party, so the pool here is
/// a second one whose relying party is `localhost`, and its hosted UI is `http://localhost:PORT`.
extension BackendTests {
    @Suite("Managed login passkey sign-in from the CLI", .enabled(if: HostedUIDriver.isAvailable))
    struct ManagedLoginPasskeyCLITests {
        @Test(
            "passkey add through the provider, sign-out, then sign-in --web signs in with that passkey in Chromium",
            .enabled(if: HostedUIDriver.hasBrowser))
        func webSignInWithAPasskey() async throws {
            let backend = try await LocalBackend.shared()
            let directory = try Integration.temporaryDirectory("managed-login")
            let port = try HostedUIDriver.freePort()
            let (config, poolId) = try await Self.localhostPool(backend, callbackPort: port, in: directory)
            let user = await backend.uniqueName("managed")
            try await backend.createConfirmedUser(user, inPool: poolId)
            let common = ["--config", config, "--store", try Integration.temporaryDirectory("managed-login-store")]
            let keys = directory + "/keys.json"
            let provider = PasskeyCLITests.provider(keys: keys, marker: directory + "/marker")
            let env = ["LATCHKEY_STORE": "file", "LATCHKEY_PASSKEY_PROVIDER": provider]
            let signIn = try await LatchkeyBinary.run(
                ["sign-in", "--username", user, "--password-stdin"] + common, stdin: Integration.password + "\n",
                environment: env)
            #expect(signIn.status == 0, "\(signIn.stderr)")
            let add = try await LatchkeyBinary.run(["passkey", "add", "--name", "browser"] + common, environment: env)
            #expect(add.status == 0, "\(add.stderr)")
            let signOut = try await LatchkeyBinary.run(["sign-out", "--no-browser"] + common, environment: env)
            #expect(signOut.status == 0, "\(signOut.stderr)")

            // No password anywhere: the browser presses "Sign in with a passkey" and its authenticator signs.
            let browserEnv = [
                "LATCHKEY_STORE": "file", "BROWSER": HostedUIDriver.browserCommand,
                "LATCHKEY_BROWSER_PASSKEY_STORE": keys,
            ]
            let web = try await LatchkeyBinary.run(
                ["sign-in", "--web", "--timeout", "90"] + common, environment: browserEnv,
                removing: ["SSH_CONNECTION", "LATCHKEY_BROWSER_USERNAME", "LATCHKEY_BROWSER_PASSWORD"],
                timeout: .seconds(120))
            #expect(web.status == 0, "\(web)")
            #expect(web.stderr.contains("Signed in as \(user) through the hosted UI"), "\(web.stderr)")
            let list = try await LatchkeyBinary.run(["passkey", "list", "--json"] + common, environment: env)
            #expect(list.status == 0, "\(list.stderr)")
            let passkeys = try #require(JSONValue.parse(Array(list.stdout.utf8))?.arrayValue)
            #expect(passkeys.count == 1 && passkeys.first?["relyingParty"]?.stringValue == "localhost")
        }

        /// A second pool whose passkeys belong to `localhost`, an app client for the hosted UI's code flow with the
        /// callback `http://localhost:PORT/callback`, and a configuration whose WebDomain is the hosted UI on
        /// `localhost` (so the CLI pins the same relying party).
        static func localhostPool(_ backend: LocalBackend, callbackPort: Int, in directory: String) async throws
            -> (path: String, poolId: String)
        {
            let webDomain = try #require(backend.info.webDomain).replacingOccurrences(
                of: "//127.0.0.1:", with: "//localhost:")
            let pool = try await backend.adminCall(
                "CreateUserPool",
                [
                    "PoolName": .string(await backend.uniqueName("managed-login")),
                    "Policies": ["SignInPolicy": ["AllowedFirstAuthFactors": ["PASSWORD", "WEB_AUTHN"]]],
                ])
            let poolId = try #require(pool["UserPool"]?["Id"]?.stringValue)
            try await backend.adminCall(
                "SetUserPoolMfaConfig",
                [
                    "UserPoolId": .string(poolId), "MfaConfiguration": "OFF",
                    "WebAuthnConfiguration": ["RelyingPartyId": "localhost", "UserVerification": "preferred"],
                ])
            let callback = "http://localhost:\(callbackPort)/callback"
            let signedOut = "http://localhost:\(callbackPort)/signed-out"
            let client = try await backend.adminCall(
                "CreateUserPoolClient",
                [
                    "UserPoolId": .string(poolId), "ClientName": "managed-login", "GenerateSecret": false,
                    "ExplicitAuthFlows": ["ALLOW_USER_SRP_AUTH", "ALLOW_REFRESH_TOKEN_AUTH", "ALLOW_USER_AUTH"],
                    "AllowedOAuthFlows": ["code"], "AllowedOAuthFlowsUserPoolClient": true,
                    "AllowedOAuthScopes": ["openid", "email", "profile", "aws.cognito.signin.user.admin"],
                    "SupportedIdentityProviders": ["COGNITO"],
                    "CallbackURLs": [.string(callback)], "LogoutURLs": [.string(signedOut)],
                ])
            let clientId = try #require(client["UserPoolClient"]?["ClientId"]?.stringValue)
            let document: JSONValue = [
                "Version": "1.0",
                "CognitoUserPool": [
                    "Default": [
                        "PoolId": .string(poolId), "AppClientId": .string(clientId), "Region": "us-east-1",
                        "Endpoint": .string(backend.info.endpoint),
                    ]
                ],
                "Auth": [
                    "Default": [
                        "OAuth": [
                            "WebDomain": .string(webDomain), "AppClientId": .string(clientId),
                            "SignInRedirectURI": .string(callback), "SignOutRedirectURI": .string(signedOut),
                            "Scopes": ["openid", "email", "profile", "aws.cognito.signin.user.admin"],
                        ]
                    ]
                ],
            ]
            let path = directory + "/managed-login.json"
            try document.encoded().write(to: URL(fileURLWithPath: path))
            return (path, poolId)
        }
    }
}
