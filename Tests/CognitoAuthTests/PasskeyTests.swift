import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// Passkeys in the core: the pinned relying party, the ceremony checks, the external provider, and the WEB_AUTHN
/// answer on the wire (scripted transport; the local backend's tests are in CLIIntegrationTests/PasskeyCLITests).
@Suite("Passkeys: relying-party pinning, ceremonies, the external provider")
struct PasskeyTests {
    static let pinned = PasskeyRelyingParty(id: "auth.example.com", source: "test")

    static func base64URL(_ text: String) -> String {
        Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static func requestOptions(rpId: String) -> String {
        #"{"challenge":"Y2hhbGxlbmdlLWJ5dGVz","rpId":"\#(rpId)","timeout":60000,"#
            + #""allowCredentials":[{"type":"public-key","id":"Y3JlZA"}],"userVerification":"preferred"}"#
    }

    /// An AuthenticationResponseJSON for `ceremony` whose clientDataJSON says `origin`.
    static func assertion(for ceremony: PasskeyCeremony, origin: String? = nil) -> JSONValue {
        let clientData =
            #"{"type":"webauthn.get","challenge":"\#(ceremony.challenge)","origin":"\#(origin ?? ceremony.origin)"}"#
        return [
            "id": "Y3JlZA", "rawId": "Y3JlZA", "type": "public-key",
            "response": [
                "clientDataJSON": .string(base64URL(clientData)), "authenticatorData": "YXV0aA",
                "signature": "c2ln", "userHandle": "dQ",
            ],
        ]
    }

    /// An authenticator that records the ceremonies it is given and answers with `answer`.
    final class FakeAuthenticator: PasskeyAuthenticator, @unchecked Sendable {
        // @unchecked Sendable: `ceremonies` is only touched while holding `lock`; `answer` is immutable.
        private let lock = NSLock()
        private var ceremonies: [PasskeyCeremony] = []
        let answer: @Sendable (PasskeyCeremony) -> JSONValue
        init(answer: @escaping @Sendable (PasskeyCeremony) -> JSONValue) { self.answer = answer }
        var asked: [PasskeyCeremony] { lock.withLock { ceremonies } }
        func create(_ ceremony: PasskeyCeremony) async throws -> JSONValue { record(ceremony) }
        func get(_ ceremony: PasskeyCeremony) async throws -> JSONValue { record(ceremony) }
        private func record(_ ceremony: PasskeyCeremony) -> JSONValue {
            lock.withLock { ceremonies.append(ceremony) }
            return answer(ceremony)
        }
    }

    static func options(_ authenticator: (any PasskeyAuthenticator)?) -> AuthClientOptions {
        var options = Fixtures.clientOptions
        options.passkeys = PasskeySettings(authenticator: authenticator, relyingParty: pinned)
        return options
    }

    static func webAuthnChallenge(rpId: String) -> JSONValue {
        [
            "ChallengeName": "WEB_AUTHN", "Session": "s1",
            "ChallengeParameters": [
                "USERNAME": "alice", "CREDENTIAL_REQUEST_OPTIONS": .string(requestOptions(rpId: rpId)),
            ],
        ]
    }

    @Test("A hostile endpoint naming another rpId: refused before the provider starts, nothing is answered")
    func hostileRelyingPartyNeverReachesTheProvider() async throws {
        let directory = try TestScratch.directory("passkey-hostile")
        let marker = directory + "/provider-started"
        let provider = ExternalPasskeyProvider(command: "touch '\(marker)'; cat")
        let recorder = AuthenticationFlowTests.Recorder()
        let client = await AuthenticationFlowTests.client(
            options: Self.options(provider), [Self.webAuthnChallenge(rpId: "evil.example")], recorder: recorder)
        await #expect(
            throws: AuthError.passkey(.relyingPartyRefused(expected: "auth.example.com", offered: "evil.example"))
        ) {
            try await client.signIn(username: "alice", password: nil, flow: .userAuth, method: .webAuthn)
        }
        #expect(!FileManager.default.fileExists(atPath: marker), "the provider was started")
        #expect(recorder.all.count == 1, "something was answered: \(recorder.all)")
        #expect(recorder.all.first?["AuthParameters"]?["PREFERRED_CHALLENGE"]?.stringValue == "WEB_AUTHN")
    }

    @Test("WEB_AUTHN is answered with CREDENTIAL: the authenticator's JSON, as a string, for the pinned origin")
    func webAuthnAnswer() async throws {
        let fake = FakeAuthenticator { Self.assertion(for: $0) }
        let recorder = AuthenticationFlowTests.Recorder()
        let client = await AuthenticationFlowTests.client(
            options: Self.options(fake),
            [
                Self.webAuthnChallenge(rpId: "Auth.Example.com"),
                ["__type": "NotAuthorizedException", "message": "Incorrect username or password."],
            ], recorder: recorder)
        await #expect(throws: AuthError.self) {
            try await client.signIn(username: "alice", password: nil, flow: .userAuth, method: .webAuthn)
        }
        let ceremony = try #require(fake.asked.first)
        #expect(ceremony.kind == .get && ceremony.origin == "https://auth.example.com")
        #expect(ceremony.publicKey == JSONValue.parse(Array(Self.requestOptions(rpId: "Auth.Example.com").utf8)))
        #expect(ceremony.timeout == .seconds(60))
        let last = try #require(recorder.all.last)
        #expect(last["ChallengeName"]?.stringValue == "WEB_AUTHN" && last["Session"]?.stringValue == "s1")
        #expect(last["ChallengeResponses"]?["USERNAME"]?.stringValue == "alice")
        let credential = try #require(last["ChallengeResponses"]?["CREDENTIAL"]?.stringValue)
        #expect(JSONValue.parse(Array(credential.utf8)) == Self.assertion(for: ceremony))
    }

    @Test("An authenticator answer for another origin is not sent")
    func wrongOriginIsNotSent() async throws {
        let fake = FakeAuthenticator { Self.assertion(for: $0, origin: "https://evil.example") }
        let recorder = AuthenticationFlowTests.Recorder()
        let client = await AuthenticationFlowTests.client(
            options: Self.options(fake), [Self.webAuthnChallenge(rpId: "auth.example.com")], recorder: recorder)
        await #expect(throws: AuthError.self) {
            try await client.signIn(username: "alice", password: nil, flow: .userAuth, method: .webAuthn)
        }
        #expect(recorder.all.count == 1)
    }

    @Test("Without an authenticator, a passkey sign-in fails before anything is sent (a configuration problem)")
    func noAuthenticator() async throws {
        let recorder = AuthenticationFlowTests.Recorder()
        let client = await AuthenticationFlowTests.client(options: Self.options(nil), [], recorder: recorder)
        await #expect(throws: AuthError.passkey(.noAuthenticator)) {
            try await client.signIn(username: "alice", password: nil, flow: .userAuth, method: .webAuthn)
        }
        #expect(recorder.all.isEmpty)
        #expect(AuthError.passkey(.noAuthenticator).failureKind == .configuration)
        #expect(AuthError.passkey(.cancelled).failureKind == .authentication)
    }

    @Test("The relying party: LATCHKEY_PASSKEY_RP_ID, then Latchkey.Passkeys.RelyingPartyId, then the hosted UI host")
    func relyingPartyOrder() throws {
        let json = """
            {"CognitoUserPool":{"Default":{"PoolId":"us-east-1_TestPool1","AppClientId":"c","Region":"us-east-1"}},
             "Auth":{"Default":{"OAuth":{"WebDomain":"login.example.com","AppClientId":"c",
               "SignInRedirectURI":"http://localhost:53682/callback","SignOutRedirectURI":"http://localhost:53682/",
               "Scopes":["openid"]}}},
             "Latchkey":{"Passkeys":{"RelyingPartyId":"Config.Example.com"}}}
            """
        let configured = try AuthConfiguration.parse(Data(json.utf8))
        let fromEnvironment = try PasskeyRelyingParty.resolve(
            environment: ["LATCHKEY_PASSKEY_RP_ID": "env.example.com"], configuration: configured)
        #expect(fromEnvironment.id == "env.example.com" && fromEnvironment.source == "LATCHKEY_PASSKEY_RP_ID")
        #expect(try PasskeyRelyingParty.resolve(environment: [:], configuration: configured).id == "config.example.com")
        var hostedOnly = configured
        hostedOnly.latchkey.passkeys = nil
        #expect(try PasskeyRelyingParty.resolve(environment: [:], configuration: hostedOnly).id == "login.example.com")
        hostedOnly.hostedUIDomain = "https://auth.example.org:8443/path"
        #expect(try PasskeyRelyingParty.resolve(environment: [:], configuration: hostedOnly).id == "auth.example.org")
        #expect(throws: AuthError.passkey(.noRelyingParty)) {
            try PasskeyRelyingParty.resolve(environment: [:], configuration: Fixtures.configuration())
        }
        #expect(throws: AuthError.self) {
            try PasskeyRelyingParty.resolve(
                environment: ["LATCHKEY_PASSKEY_RP_ID": "https://evil.example/\u{1B}[2J"], configuration: configured)
        }
    }

    @Test("Creation options: another rp.id, a missing challenge or user.id are refused")
    func registrationChecks() throws {
        let good: JSONValue = [
            "challenge": "Y2g", "rp": ["id": "auth.example.com", "name": "x"], "user": ["id": "dQ", "name": "alice"],
        ]
        #expect(try PasskeyCeremony.registration(options: good, pinned: Self.pinned).kind == .create)
        var other = good
        if case .object(var members) = other {
            members["rp"] = ["id": "example.com"]  // a parent domain is another relying party too
            other = .object(members)
        }
        #expect(throws: AuthError.passkey(.relyingPartyRefused(expected: "auth.example.com", offered: "example.com"))) {
            try PasskeyCeremony.registration(options: other, pinned: Self.pinned)
        }
        #expect(throws: AuthError.self) {
            try PasskeyCeremony.registration(
                options: ["rp": ["id": "auth.example.com"], "user": ["id": "dQ"]], pinned: Self.pinned)
        }
        #expect(throws: AuthError.self) {
            try PasskeyCeremony.assertion(optionsText: #"{"challenge":"Y2g"}"#, pinned: Self.pinned)
        }
        #expect(throws: AuthError.self) { try PasskeyCeremony.assertion(optionsText: "not json", pinned: Self.pinned) }
    }

    @Test("Cognito's seven WebAuthn exceptions map to typed errors with our own sentences")
    func exceptionMapping() {
        let names = [
            "WebAuthnNotEnabledException", "WebAuthnConfigurationMissingException",
            "WebAuthnChallengeNotFoundException",
            "WebAuthnRelyingPartyMismatchException", "WebAuthnOriginNotAllowedException",
            "WebAuthnCredentialNotSupportedException", "WebAuthnClientMismatchException",
        ]
        var summaries: Set<String> = []
        for name in names {
            let error = AuthError.fromService(type: name, message: "server \u{1B}[31mtext")
            guard case .passkey(let failure) = error else {
                Issue.record("\(name) mapped to \(error)")
                continue
            }
            summaries.insert(failure.summary)
            #expect(!error.description.contains("\u{1B}") && !error.description.contains("server"))
        }
        #expect(summaries.count == names.count)
    }
}
