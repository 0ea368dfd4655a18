import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    @Suite("Hostile or broken answers: typed errors, never a crash or a hang")
    struct HostileInputTests {
        /// A client whose user-pool endpoint is the fault proxy; the JWKS URL stays on the real backend.
        static func proxiedClient(_ backend: LocalBackend, proxy: FaultProxy, timeout: Duration = .seconds(2)) async
            -> AuthClient
        {
            var configuration = backend.configuration
            // Only the API goes through the proxy: the key set stays the backend's own.
            configuration.latchkey.jwksURL = TokenVerifier.jwksURL(configuration: configuration)
            configuration.userPool?.endpoint = proxy.endpoint
            var options = AuthClientOptions()
            options.requestTimeout = timeout
            let client = AuthClient(configuration: configuration, store: InMemorySessionStore(), options: options)
            await client.initialize()
            return client
        }

        static func expectInvalidResponse(_ body: @Sendable () async throws -> Void, containing text: String? = nil)
            async
        {
            await #expect {
                try await body()
            } throws: { error in
                guard case AuthError.invalidResponse(_, let detail) = error else { return false }
                return text.map { detail.contains($0) } ?? true
            }
        }

        @Test("Truncated JSON, HTML pages, missing fields, wrong types, huge bodies: each is a typed error")
        func brokenAnswers() async throws {
            let backend = try await LocalBackend.shared()
            let proxy = try FaultProxy(upstream: backend.endpoint)
            defer { proxy.stop() }
            let client = await Self.proxiedClient(backend, proxy: proxy)
            let signIn: @Sendable () async throws -> Void = {
                _ = try await client.signIn(username: "someone", password: "Whatever1!")
            }

            proxy.setMode(
                .respond(
                    status: 200, contentType: "application/x-amz-json-1.1", body: #"{"ChallengeName":"PASSWORD_VER"#))
            await Self.expectInvalidResponse(signIn, containing: "not a JSON object")
            proxy.setMode(
                .respond(
                    status: 502, contentType: "text/html", body: "<html><body><h1>502 Bad Gateway</h1></body></html>"))
            await Self.expectInvalidResponse(signIn, containing: "HTML")
            proxy.setMode(.respond(status: 200, contentType: "application/x-amz-json-1.1", body: "{}"))
            await Self.expectInvalidResponse(signIn, containing: "neither tokens nor a challenge")
            proxy.setMode(
                .respond(
                    status: 200, contentType: "application/x-amz-json-1.1",
                    body: #"{"ChallengeName":"PASSWORD_VERIFIER","ChallengeParameters":{"SALT":17}}"#))
            await Self.expectInvalidResponse(signIn, containing: "SALT")
            proxy.setMode(.respond(status: 200, contentType: "application/x-amz-json-1.1", body: "[1,2,3]"))
            await Self.expectInvalidResponse(signIn)
            proxy.setMode(
                .respond(
                    status: 400, contentType: "application/x-amz-json-1.1", body: #"{"__type":42,"message":["x"]}"#))
            await #expect(throws: AuthError.self) { try await signIn() }
            proxy.setMode(.hugeBody(bytes: 5 << 20))
            await Self.expectInvalidResponse(signIn, containing: "larger than")
            // A server B that is ≡ 0 mod N is refused before any proof is computed.
            let n = SRPClient.modulus.map { String(format: "%02x", $0) }.joined()
            proxy.setMode(
                .respond(
                    status: 200, contentType: "application/x-amz-json-1.1",
                    body:
                        #"{"ChallengeName":"PASSWORD_VERIFIER","ChallengeParameters":{"SALT":"ab","SRP_B":"\#(n)","SECRET_BLOCK":"c2VjcmV0","USER_ID_FOR_SRP":"u","USERNAME":"u"}}"#
                ))
            await #expect {
                try await signIn()
            } throws: { error in
                if case AuthError.srpFailure = error { return true }
                return false
            }
            #expect(await client.userState == .signedOut)
        }

        @Test("A slow-drip answer hits the total deadline instead of hanging")
        func slowDrip() async throws {
            let backend = try await LocalBackend.shared()
            let proxy = try FaultProxy(upstream: backend.endpoint)
            defer { proxy.stop() }
            let client = await Self.proxiedClient(backend, proxy: proxy, timeout: .seconds(1))
            proxy.setMode(.slowDrip(intervalMilliseconds: 200))
            let started = Date()
            await #expect(throws: AuthError.network(kind: .timedOut, message: "no answer before the deadline")) {
                _ = try await client.signIn(username: "someone", password: "Whatever1!")
            }
            #expect(Date().timeIntervalSince(started) < 5)
        }

        /// Answers InitiateAuth with these tokens, as if authentication finished at once.
        static func answerWithTokens(_ proxy: FaultProxy, id: String, access: String) {
            proxy.setMode(
                .respond(
                    status: 200, contentType: "application/x-amz-json-1.1",
                    body:
                        #"{"AuthenticationResult":{"IdToken":"\#(id)","AccessToken":"\#(access)","RefreshToken":"r","ExpiresIn":3600}}"#
                ))
        }

        static func base64URL(_ json: String) -> String {
            Data(json.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }

        @Test("Forged or tampered JWTs are rejected: bad base64, bad signature, alg none, wrong aud, iss or token_use")
        func hostileTokens() async throws {
            let backend = try await LocalBackend.shared()
            // Real tokens from the backend, signed with the pool's key.
            let (real, _) = try await Integration.signedInClient(backend: backend)
            let tokens = try await real.getTokens()
            #expect(await real.session?.cachedJWKS?.contains("keys") == true)
            let proxy = try FaultProxy(upstream: backend.endpoint)
            defer { proxy.stop() }
            let client = await Self.proxiedClient(backend, proxy: proxy)
            func rejects(
                _ id: String, _ access: String, _ needle: String, sourceLocation: SourceLocation = #_sourceLocation
            ) async {
                Self.answerWithTokens(proxy, id: id, access: access)
                await #expect(sourceLocation: sourceLocation) {
                    _ = try await client.signIn(username: "someone", password: "Whatever1!")
                } throws: { error in
                    guard case AuthError.invalidToken(let message) = error else { return false }
                    // The message names the problem and never contains the token.
                    return message.contains(needle) && !message.contains(id) && !message.contains(access)
                }
                #expect(await client.userState == .signedOut, sourceLocation: sourceLocation)
            }
            await rejects("not-a-jwt", tokens.accessToken, "not a well-formed JWT")
            await rejects("eyJ%%%.@@@.###", tokens.accessToken, "not a well-formed JWT")
            // Flip a character in the middle of the id token's signature.
            var parts = tokens.idToken.split(separator: ".").map(String.init)
            let signature = Array(parts[2])
            let middle = signature.count / 2
            var flipped = signature
            flipped[middle] = signature[middle] == "A" ? "B" : "A"
            parts[2] = String(flipped)
            await rejects(parts.joined(separator: "."), tokens.accessToken, "signature does not match")
            // alg: none with the real claims and no signature.
            let realParts = tokens.idToken.split(separator: ".").map(String.init)
            let none = Self.base64URL(#"{"alg":"none","typ":"JWT"}"#) + "." + realParts[1] + "."
            await rejects(none, tokens.accessToken, "id token")
            // Claims: wrong aud, iss, token_use (signature checks come after claims, so these name the claim).
            let pool = try #require(backend.configuration.userPool)
            let now = Date()
            func forged(_ overrides: [String: JSONValue]) -> String {
                var claims: [String: JSONValue] = [
                    "iss": .string(pool.issuer), "aud": .string(pool.appClientId), "token_use": "id",
                    "iat": .number(now.timeIntervalSince1970), "exp": .number(now.timeIntervalSince1970 + 3600),
                    "cognito:username": "mallory",
                ]
                for (key, value) in overrides { claims[key] = value }
                return TestJWT.make(claims)
            }
            await rejects(forged(["aud": "another-client"]), tokens.accessToken, "aud")
            await rejects(forged(["iss": "https://evil.example.com/pool"]), tokens.accessToken, "iss")
            await rejects(forged(["token_use": "access"]), tokens.accessToken, "token_use")
            // Valid claims but signed by nobody the pool knows.
            await rejects(forged([:]), tokens.accessToken, "the id token was rejected")
        }
    }
}
