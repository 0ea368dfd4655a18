import AWSMobileClientCompat
import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

@Suite("AWSMobileClientCompat: the SDK's error mapping, claims and task")
struct AWSMobileClientCompatContractTests {
    @Test("Core failures map to the SDK's cases as the SDK maps Cognito's exceptions, keeping the message")
    func errorMapping() {
        let cases: [(AuthError, AWSMobileClientError)] = [
            (
                .notAuthorized("Incorrect username or password."),
                .notAuthorized(message: "Incorrect username or password.")
            ),
            (.userNotFound("m"), .userNotFound(message: "m")),
            (.userNotConfirmed("m"), .userNotConfirmed(message: "m")),
            (.usernameExists("m"), .usernameExists(message: "m")),
            (.codeMismatch("m"), .codeMismatch(message: "m")),
            (.expiredCode("m"), .expiredCode(message: "m")),
            (.invalidPassword("m"), .invalidPassword(message: "m")),
            (.passwordHistoryPolicyViolation("m"), .invalidPassword(message: "m")),
            (.limitExceeded("m"), .limitExceeded(message: "m")),
            (.lambdaFailure(type: "UserLambdaValidationException", message: "m"), .userLambdaValidation(message: "m")),
            (.lambdaFailure(type: "UnexpectedLambdaException", message: "m"), .unexpectedLambda(message: "m")),
            (.service(type: "GroupExistsException", message: "m"), .groupExists(message: "m")),
            (.unsupported(type: "InvalidOAuthFlowException", message: "m"), .invalidOAuthFlow(message: "m")),
            (.service(type: "SomethingNewException", message: "m"), .unknown(message: "SomethingNewException: m")),
        ]
        for (core, sdk) in cases {
            #expect(AWSMobileClientError(core) == sdk)
            #expect(AWSMobileClientError.makeMobileClientError(from: core) == sdk)
        }
        #expect(
            AWSMobileClientError(.notAuthorized("Incorrect username or password.")).message
                == "Incorrect username or password.")
        for released in [AuthError.signInWaitCancelled, .signedOut, .sessionReplaced(previous: "a", current: "b")] {
            guard case .unableToSignIn = AWSMobileClientError(released) else {
                Issue.record("\(released) is the SDK's unableToSignIn")
                continue
            }
        }
        guard case .notSignedIn = AWSMobileClientError(.notSignedIn),
            case .cognitoIdentityPoolNotConfigured = AWSMobileClientError(.identityPoolNotConfigured),
            case .guestAccessNotAllowed = AWSMobileClientError(.guestAccessNotAllowed),
            case .userCancelledSignIn = AWSMobileClientError(.hostedUI(.cancelled)),
            case .invalidState = AWSMobileClientError(.anotherUserSignedIn(signedIn: "a", attempted: "b")),
            case .unknown = AWSMobileClientError(.network(kind: .timedOut, message: "timed out"))
        else {
            Issue.record("a client-side failure is not the SDK's case")
            return
        }
    }

    @Test("SessionToken.claims is [String: AnyObject]: strings, numbers, arrays and booleans read as the SDK's")
    func claims() {
        func part(_ text: String) -> String {
            Data(text.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
                .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        }
        let jwt =
            part(#"{"alg":"RS256"}"#) + "."
            + part(
                #"{"email":"alice@example.com","exp":1700003700,"cognito:groups":["admins","staff"],"email_verified":true}"#
            )
            + ".c2ln"
        let claims = SessionToken(tokenString: jwt).claims
        #expect(claims?["email"] as? String == "alice@example.com")
        #expect(claims?["exp"] as? Int == 1_700_003_700)
        #expect(claims?["cognito:groups"] as? [String] == ["admins", "staff"])
        #expect(claims?["email_verified"] as? Bool == true)
        #expect(SessionToken(tokenString: "opaque-refresh-token").claims == nil)
        #expect(SessionToken(tokenString: nil).claims == nil)
        #expect(SignInState(rawValue: "SIGN_IN_COMPLETE") == .signedIn)
        #expect(SignInState.smsMFA.rawValue == "CONFIRMATION_CODE")
    }

    @Test("AWSTask: continueWith runs once finished, chains a returned task, and passes errors")
    func task() async {
        let finished = AWSTask<NSString>(result: "id")
        let value: String? = await withCheckedContinuation { done in
            finished.continueWith(block: { task in
                done.resume(returning: task.result.map { String($0) })
                return nil
            })
        }
        #expect(value == "id")
        let failed = AWSTask<NSString>(error: AWSMobileClientError.notSignedIn(message: "m"))
        let skipped: Bool = await withCheckedContinuation { done in
            failed.continueOnSuccessWith(block: { _ in
                Issue.record("continueOnSuccessWith ran for an error")
                return nil
            }).continueWith(block: { task in
                done.resume(returning: task.error is AWSMobileClientError)
                return nil
            })
        }
        #expect(skipped)
    }
}

extension BackendTests {
    @Suite("AWSMobileClientCompat on the wire: per-call clientMetaData, invalidateTokens")
    struct AWSMobileClientCompatWireTests {
        @Test("clientMetaData reaches SignUp and ForgotPassword; signOut without invalidateTokens revokes nothing")
        func wire() async throws {
            let backend = try await LocalBackend.shared()
            let mobileClient = AWSMobileClient(
                client: AuthClient(configuration: backend.configuration, store: InMemorySessionStore()))
            let newUser = await backend.uniqueName("compat-meta")
            let signedUp: (any Error)? = await withCheckedContinuation { done in
                mobileClient.signUp(
                    username: newUser, password: Integration.password,
                    userAttributes: ["email": "\(newUser)@example.com"],
                    clientMetaData: ["source": "ported-app"]
                ) { _, error in done.resume(returning: error) }
            }
            #expect(signedUp == nil)
            #expect(
                try await backend.clientMetadata(of: "SignUp", username: newUser).clientMetadata == [
                    "source": "ported-app"
                ])

            let username = await backend.uniqueName("compat-revoke")
            try await backend.createUser(username, password: Integration.password)
            let forgot: (any Error)? = await withCheckedContinuation { done in
                mobileClient.forgotPassword(username: username, clientMetaData: ["reason": "lost"]) { _, error in
                    done.resume(returning: error)
                }
            }
            #expect(forgot == nil)
            #expect(
                try await backend.clientMetadata(of: "ForgotPassword", username: username).clientMetadata == [
                    "reason": "lost"
                ])

            for invalidateTokens in [false, true] {
                let signedIn: SignInState? = await withCheckedContinuation { done in
                    mobileClient.signIn(username: username, password: Integration.password) { result, _ in
                        done.resume(returning: result?.signInState)
                    }
                }
                #expect(signedIn == .signedIn)
                let revokesBefore = try await backend.stats().operations["RevokeToken"] ?? 0
                let signedOut: (any Error)? = await withCheckedContinuation { done in
                    mobileClient.signOut(options: SignOutOptions(invalidateTokens: invalidateTokens)) {
                        done.resume(returning: $0)
                    }
                }
                #expect(signedOut == nil)
                #expect(mobileClient.currentUserState == .signedOut)
                let revokes = try await backend.stats().operations["RevokeToken"] ?? 0
                #expect(revokes - revokesBefore == (invalidateTokens ? 1 : 0))
            }
        }
    }
}
