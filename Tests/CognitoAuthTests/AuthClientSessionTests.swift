import CognitoAuthTesting
import Foundation
import Testing

@testable import CognitoAuth

/// The session calls (register, currentUser, fetchSession, logins, clearLocalSession) and signing in
/// while another user's session is here, with a scripted transport.
@Suite("AuthClient session")
struct AuthClientSessionTests {
    let t0 = Fixtures.t0

    /// A client whose USER_PASSWORD_AUTH sign-in answers with tokens for whoever signs in.
    func makeClient(stored: PersistedSession?, signUpAnswer: JSONValue? = nil) -> (
        AuthClient, InMemorySessionStore, ScriptedTransport
    ) {
        let store = InMemorySessionStore(stored)
        let transport = ScriptedTransport { request in
            let body = JSONValue.parse(request.body)
            let target = request.header("X-Amz-Target") ?? ""
            if target.hasSuffix(".SignUp"), let signUpAnswer { return ScriptedTransport.json(signUpAnswer) }
            guard target.hasSuffix(".InitiateAuth"), body?["AuthFlow"]?.stringValue == "USER_PASSWORD_AUTH",
                let user = body?["AuthParameters"]?["USERNAME"]?.stringValue
            else { return ScriptedTransport.error("InvalidParameterException", "no such request was expected") }
            let tokens = try Fixtures.tokens(username: user, serial: 11)
            return refreshAnswer(tokens, includeRefreshToken: true)
        }
        let client = AuthClient(
            configuration: Fixtures.configuration(), store: store, transport: transport,
            clock: ManualClock(start: Fixtures.t0), random: FixedRandomSource(fixed: [0x80]),
            options: Fixtures.clientOptions)
        return (client, store, transport)
    }

    func reloginSession() -> PersistedSession {
        var session = Fixtures.signedInSession(nil)
        session.state = .signedOutUserPoolsTokenInvalid
        return session
    }

    func signIn(_ client: AuthClient, _ user: String, replacing: Bool = false) async throws -> SignInStep {
        try await client.signIn(
            username: user, password: "pw", flow: .userPassword, method: nil, validationData: [:],
            replacingSession: replacing)
    }

    // MARK: register

    @Test("register returns the step, the delivery and the new user's sub; signUp still returns the step")
    func registerReturnsUserSub() async throws {
        let answer: JSONValue = [
            "UserConfirmed": false, "UserSub": "5f1e-sub",
            "CodeDeliveryDetails": ["Destination": "a***@e***", "DeliveryMedium": "EMAIL", "AttributeName": "email"],
        ]
        let (client, _, _) = makeClient(stored: nil, signUpAnswer: answer)
        let outcome = try await client.register(
            username: "carol", password: "Passw0rd!", attributes: ["email": "c@e.x"])
        #expect(outcome.userSub == "5f1e-sub")
        #expect(!outcome.isConfirmed)
        #expect(outcome.delivery?.destination == "a***@e***")
        let step = try await client.signUp(username: "carol", password: "Passw0rd!", attributes: [:])
        #expect(step == .confirmSignUp(outcome.delivery))
        let (confirmed, _, _) = makeClient(stored: nil, signUpAnswer: ["UserConfirmed": true, "UserSub": "s2"])
        let done = try await confirmed.register(username: "dave", password: "Passw0rd!")
        #expect(done.isConfirmed && done.delivery == nil && done.userSub == "s2")
    }

    // MARK: currentUser and fetchSession

    @Test("currentUser reads the username and sub from the stored tokens without a request")
    func currentUserFromTokens() async throws {
        let (client, _, transport) = makeClient(stored: Fixtures.signedInSession(try Fixtures.tokens()))
        #expect(try await client.currentUser() == AuthUser(username: "alice", userId: "sub-alice"))
        #expect(transport.sent.isEmpty)
    }

    @Test("currentUser throws notSignedIn when signed out and reloginRequired when the tokens are gone")
    func currentUserErrors() async throws {
        let (signedOut, _, _) = makeClient(stored: nil)
        await #expect(throws: AuthError.notSignedIn) { try await signedOut.currentUser() }
        #expect(AuthError.notSignedIn.description.contains("Sign in first"))
        let (relogin, _, _) = makeClient(stored: reloginSession())
        await #expect(throws: AuthError.reloginRequired(.signedOutUserPoolsTokenInvalid)) {
            try await relogin.currentUser()
        }
    }

    @Test("fetchSession: signed in without an identity pool, tokens and sub succeed, identity items fail alone")
    func fetchSessionPerItem() async throws {
        let tokens = try Fixtures.tokens()
        let (client, _, transport) = makeClient(stored: Fixtures.signedInSession(tokens))
        let snapshot = await client.fetchSession()
        #expect(snapshot.isSignedIn)
        #expect(try snapshot.userSub.get() == "sub-alice")
        #expect(try snapshot.tokens.get() == tokens)
        #expect(throws: AuthError.identityPoolNotConfigured) { try snapshot.identityId.get() }
        #expect(throws: AuthError.identityPoolNotConfigured) { try snapshot.awsCredentials.get() }
        #expect(transport.sent.isEmpty)
    }

    @Test("fetchSession never waits for a re-login: the items say reloginRequired")
    func fetchSessionDuringRelogin() async throws {
        let (client, _, _) = makeClient(stored: reloginSession())
        let snapshot = await client.fetchSession()
        #expect(!snapshot.isSignedIn)
        #expect(snapshot.userState == .signedOutUserPoolsTokenInvalid)
        #expect(throws: AuthError.reloginRequired(.signedOutUserPoolsTokenInvalid)) { try snapshot.tokens.get() }
        #expect(throws: AuthError.reloginRequired(.signedOutUserPoolsTokenInvalid)) { try snapshot.userSub.get() }
        #expect(await client.pendingCalls.isEmpty)
    }

    @Test("logins() is the user pool's id token keyed by the pool's provider; empty when signed out")
    func loginsMap() async throws {
        let tokens = try Fixtures.tokens()
        let (client, _, _) = makeClient(stored: Fixtures.signedInSession(tokens))
        #expect(try await client.logins() == [Fixtures.pool.providerKey: tokens.idToken])
        let (signedOut, _, _) = makeClient(stored: nil)
        #expect(try await signedOut.logins() == [:])
    }

    // MARK: Signing in over another user's session

    @Test("Signing in as another user while one is signed in is refused; alice's session is kept")
    func refusedWhileSignedIn() async throws {
        let tokens = try Fixtures.tokens()
        let (client, store, _) = makeClient(stored: Fixtures.signedInSession(tokens))
        await client.initialize()
        await #expect(throws: AuthError.anotherUserSignedIn(signedIn: "alice", attempted: "bob")) {
            _ = try await signIn(client, "bob")
        }
        let message = AuthError.anotherUserSignedIn(signedIn: "alice", attempted: "bob").description
        #expect(message.contains("alice") && message.contains("bob") && message.contains("latchkey sign-out"))
        #expect(message.contains("replacingSession: true"))
        #expect(await client.username == "alice")
        #expect(try store.load()?.tokens == tokens)
        // The same user signs in again freely.
        #expect(try await signIn(client, "alice") == .done)
        #expect(await client.username == "alice")
    }

    @Test("replacingSession: true replaces another user's session")
    func replacingSession() async throws {
        let (client, store, _) = makeClient(stored: Fixtures.signedInSession(try Fixtures.tokens()))
        await client.initialize()
        #expect(try await signIn(client, "bob", replacing: true) == .done)
        #expect(await client.username == "bob")
        #expect(try store.load()?.username == "bob")
        #expect(try await client.currentUser().userId == "sub-bob")
    }

    @Test("During re-login another user is refused and the waiting call keeps waiting; alice's sign-in resumes it")
    func reloginWaiterSurvivesRefusal() async throws {
        let (client, _, _) = makeClient(stored: reloginSession())
        await client.initialize()
        let waiting = Task { try await client.getTokens() }
        try await Waiter.value(
            of: "one call waiting", on: [await client.changeSource()], { await client.pendingCalls.count },
            until: { $0 == 1 })
        await #expect(throws: AuthError.anotherUserSignedIn(signedIn: "alice", attempted: "bob")) {
            _ = try await signIn(client, "bob")
        }
        #expect(await client.pendingCalls.count == 1)
        #expect(try await signIn(client, "alice") == .done)
        let tokens = try await waiting.value
        #expect(tokens.idClaims?.sub == "sub-alice")
    }

    @Test(
        "During re-login, replacing the session with another user fails the waiting call, never hands it bob's tokens")
    func reloginWaiterFailsOnReplacement() async throws {
        let (client, _, _) = makeClient(stored: reloginSession())
        await client.initialize()
        let waiting = Task { try await client.getTokens() }
        try await Waiter.value(
            of: "one call waiting", on: [await client.changeSource()], { await client.pendingCalls.count },
            until: { $0 == 1 })
        #expect(try await signIn(client, "bob", replacing: true) == .done)
        await #expect(throws: AuthError.sessionReplaced(previous: "alice", current: "bob")) {
            _ = try await waiting.value
        }
        #expect(await client.username == "bob")
    }

    // MARK: clearLocalSession

    @Test("clearLocalSession empties the store without a request and fails the waiting calls")
    func clearLocalSession() async throws {
        let (client, store, transport) = makeClient(stored: reloginSession())
        await client.initialize()
        let waiting = Task { try await client.getTokens() }
        try await Waiter.value(
            of: "one call waiting", on: [await client.changeSource()], { await client.pendingCalls.count },
            until: { $0 == 1 })
        try await client.clearLocalSession()
        await #expect(throws: AuthError.signedOut) { _ = try await waiting.value }
        #expect(try store.load() == nil)
        #expect(await client.userState == .signedOut)
        #expect(transport.sent.isEmpty)
    }
}
