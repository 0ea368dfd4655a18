import AWSMobileClientCompat
import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

/// Completion-handler calls as async values, for the tests.
private func awaiting<T: Sendable>(_ call: (@escaping @Sendable (T?, (any Error)?) -> Void) -> Void) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        call { value, error in
            if let value {
                continuation.resume(returning: value)
            } else {
                continuation.resume(throwing: error ?? AWSMobileClientError.unknown(message: "no value and no error"))
            }
        }
    }
}

/// Collects what a user-state listener hears.
private final class ListenerOwner: Sendable {
    private let log = AwaitableLog<(UserState, [String: String])>()

    func record(_ state: UserState, _ info: [String: String]) { log.append((state, info)) }

    /// Returns once `count` changes were heard (listeners run apart from the completion handlers).
    func heard(_ count: Int) async { await log.until { $0.count >= count } }

    var infos: [[String: String]] { log.values.map(\.1) }
    var states: [UserState] { log.values.map(\.0) }
    var usernames: [String?] { log.values.map { $0.1["username"] } }
}

extension BackendTests {
    @Suite("AWSMobileClientCompat: an AWSMobileClient call site on Latchkey")
    struct AWSMobileClientCompatTests {
        @Test("initialize, listeners (held weakly), signIn, getTokens' claims, the synchronous properties, signOut")
        func callSite() async throws {
            let backend = try await LocalBackend.shared()
            let username = await backend.uniqueName("compat")
            try await backend.createUser(username, password: Integration.password)
            let mobileClient = AWSMobileClient(
                client: AuthClient(
                    configuration: backend.configuration, store: InMemorySessionStore()))

            let state: UserState = try await awaiting { mobileClient.initialize($0) }
            #expect(state == .signedOut)
            #expect(mobileClient.currentUserState == .signedOut && !mobileClient.isSignedIn)

            let kept = ListenerOwner()
            var dropped: ListenerOwner? = ListenerOwner()
            mobileClient.addUserStateListener(kept) { state, info in kept.record(state, info) }
            if let dropped {
                mobileClient.addUserStateListener(dropped) { [weak dropped] state, info in dropped?.record(state, info)
                }
            }

            let result: SignInResult = try await awaiting {
                mobileClient.signIn(username: username, password: Integration.password, completionHandler: $0)
            }
            #expect(result.signInState == .signedIn)
            #expect(result.signInState.rawValue == "SIGN_IN_COMPLETE")
            #expect(mobileClient.isSignedIn)
            #expect(mobileClient.username == username)
            await kept.heard(1)
            #expect(kept.states.last == .signedIn)
            // The SDK's info keys: the pool's provider name and the id token.
            let info = try #require(kept.infos.last)
            #expect(info["provider"]?.hasPrefix("cognito-idp.") == true)
            #expect(info["token"]?.hasPrefix("eyJ") == true)
            #expect(kept.usernames.last == username)
            if let dropped { await dropped.heard(1) }
            #expect(dropped?.states.last == .signedIn)

            let tokens: Tokens = try await awaiting { mobileClient.getTokens($0) }
            let claims = try #require(tokens.idToken?.claims)
            // The SDK's idiom: `[String: AnyObject]` claims read with `as? String`.
            #expect(claims["cognito:username"] as? String == username)
            #expect(claims["token_use"] as? String == "id")
            #expect((claims["exp"] as? Int).map { $0 > 0 } == true)
            #expect(tokens.accessToken?.claims?["token_use"] as? String == "access")
            #expect(tokens.refreshToken?.tokenString != nil && tokens.refreshToken?.claims == nil)
            #expect(tokens.expiration != nil)
            #expect(mobileClient.userSub == claims["sub"] as? String)
            #expect(mobileClient.userSub != nil)

            let wrong: (any Error)? = await withCheckedContinuation { continuation in
                mobileClient.changePassword(currentPassword: "Wrong-Pass-1", proposedPassword: "Next-Pass-2!") {
                    continuation.resume(returning: $0)
                }
            }
            guard case .notAuthorized? = wrong as? AWSMobileClientError else {
                Issue.record("a wrong current password is the SDK's notAuthorized, got \(String(describing: wrong))")
                return
            }

            // A listener whose owner is gone hears nothing more.
            dropped = nil
            let heardBefore = kept.states.count
            let signOutError: (any Error)? = await withCheckedContinuation { continuation in
                mobileClient.signOut(options: SignOutOptions(signOutGlobally: false)) {
                    continuation.resume(returning: $0)
                }
            }
            #expect(signOutError == nil)
            await kept.heard(heardBefore + 1)
            #expect(mobileClient.currentUserState == .signedOut)
            #expect(mobileClient.username == nil && mobileClient.userSub == nil)
            #expect(kept.states.count == heardBefore + 1 && kept.states.last == .signedOut)

            // Calls that need a user fail through the completion handler, with the SDK's error.
            let noTokens: (any Error)? = await withCheckedContinuation { continuation in
                mobileClient.getTokens { _, error in continuation.resume(returning: error) }
            }
            guard case .notSignedIn? = noTokens as? AWSMobileClientError else {
                Issue.record("getTokens signed out is the SDK's notSignedIn, got \(String(describing: noTokens))")
                return
            }
        }

        @Test("signUp's userSub; signIn as another user fails with invalidState; clearKeychain forgets the session")
        func signUpRefusalAndClearKeychain() async throws {
            let backend = try await LocalBackend.shared()
            let alice = await backend.uniqueName("compat-a")
            try await backend.createUser(alice, password: Integration.password)
            let store = InMemorySessionStore()
            let mobileClient = AWSMobileClient(
                client: AuthClient(configuration: backend.configuration, store: store))
            _ = try await awaiting { mobileClient.initialize($0) }

            let bob = await backend.uniqueName("compat-b")
            let signedUp: SignUpResult = try await awaiting {
                mobileClient.signUp(
                    username: bob, password: Integration.password, userAttributes: ["email": "\(bob)@example.com"],
                    completionHandler: $0)
            }
            #expect(signedUp.signUpConfirmationState == .unconfirmed)
            let sub = try #require(signedUp.userSub)
            let code = try #require(try await backend.codes(for: bob).signUp)
            let confirmed: SignUpResult = try await awaiting {
                mobileClient.confirmSignUp(username: bob, confirmationCode: code, completionHandler: $0)
            }
            #expect(confirmed.signUpConfirmationState == .confirmed && confirmed.userSub == nil)

            let signedIn: SignInResult = try await awaiting {
                mobileClient.signIn(username: alice, password: Integration.password, completionHandler: $0)
            }
            #expect(signedIn.signInState == .signedIn)
            let refused: (any Error)? = await withCheckedContinuation { continuation in
                mobileClient.signIn(username: bob, password: Integration.password) { _, error in
                    continuation.resume(returning: error)
                }
            }
            guard case .invalidState(let message)? = refused as? AWSMobileClientError else {
                Issue.record("expected invalidState, got \(String(describing: refused))")
                return
            }
            #expect(message.contains(alice) && message.contains(bob) && message.contains("sign-out"))
            #expect(mobileClient.username == alice)

            let cleared: (any Error)? = await withCheckedContinuation { continuation in
                mobileClient.clearKeychain { continuation.resume(returning: $0) }
            }
            #expect(cleared == nil)
            #expect(try store.load() == nil)
            #expect(mobileClient.currentUserState == .signedOut && mobileClient.username == nil)
            let bobIn: SignInResult = try await awaiting {
                mobileClient.signIn(username: bob, password: Integration.password, completionHandler: $0)
            }
            #expect(bobIn.signInState == .signedIn)
            #expect(mobileClient.userSub == sub)
        }

        @Test("A configuration that cannot be read is reported by every call, with the file named")
        func badConfiguration() async throws {
            let directory = try Integration.temporaryDirectory("compat-bad")
            let mobileClient = AWSMobileClient(environment: [
                "LATCHKEY_CONFIG": directory + "/missing.json", "LATCHKEY_STORE_DIR": directory, "HOME": directory,
            ])
            #expect(mobileClient.client == nil)
            let error: (any Error)? = await withCheckedContinuation { continuation in
                mobileClient.initialize { _, error in continuation.resume(returning: error) }
            }
            let message = String(describing: try #require(error))
            #expect(message.contains("missing.json"))
            #expect(mobileClient.currentUserState == .unknown)
        }
    }
}

@Suite("JWTClaimSet: every claim, with typed reads")
struct JWTClaimSetTests {
    static func jwt(_ payload: String) -> String {
        func encode(_ text: String) -> String {
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        return encode(#"{"alg":"RS256","kid":"k"}"#) + "." + encode(payload) + ".c2ln"
    }

    @Test("Groups, custom attributes, string booleans, scopes and times")
    func typedReads() throws {
        let claims = try JWTClaimSet(
            token: Self.jwt(
                #"{"sub":"abc","cognito:username":"José","cognito:groups":["admins","staff"],"#
                    + #""custom:tier":"gold","custom:seats":12,"email":"j@example.com","email_verified":"true","#
                    + #""phone_number_verified":false,"scope":"openid profile aws.cognito.signin.user.admin","#
                    + #""auth_time":1700000000,"iat":1700000100,"exp":1700003700,"token_use":"id"}"#))
        #expect(claims.subject == "abc")
        #expect(claims.username == "José")
        #expect(claims.groups == ["admins", "staff"])
        #expect(claims.customAttributes == ["tier": "gold", "seats": "12"])
        #expect(claims.emailVerified == true)
        #expect(claims.phoneNumberVerified == false)
        #expect(claims.scopes == ["openid", "profile", "aws.cognito.signin.user.admin"])
        #expect(claims.authTime == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(claims.expiration == Date(timeIntervalSince1970: 1_700_003_700))
        #expect(claims.phoneNumber == nil)
        #expect(claims["cognito:groups"]?.arrayValue?.count == 2)
    }

    @Test("Not a JWT, or a payload that is not a JSON object, is an invalid token")
    func malformed() {
        for token in ["", "a.b", "a.%%%.c", Self.jwt("[1,2]"), Self.jwt("not json"), "a.b.c.d"] {
            #expect(throws: AuthError.self) { try JWTClaimSet(token: token) }
        }
    }
}
