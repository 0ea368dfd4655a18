import CognitoAuth
import Foundation
import Testing

/// Cognito's error codes worded by us (issue 14, C1): our sentence, the next step, the server's
/// text only as a detail, and sentences joined with full stops.
@Suite struct ErrorWordingTests {
    /// ux-3, item 25: a wrong TOTP code showed "Details: Code mismatch (latchkey)." after our sentence.
    @Test(arguments: ["Code mismatch (latchkey)", "Code mismatch", "Invalid code received for user"])
    func aWrongCodeIsOurSentenceAlone(_ message: String) {
        let error = AuthError.codeMismatch(message)
        #expect(error.serverDetail == nil)
        #expect(!error.description.contains(message), "\(error.description)")
    }

    @Test func motosUsernameOnlyMessageIsNotShown() {
        let error = AuthError.usernameExists("demo")
        #expect(error.description == "That username is taken. Choose another username, or sign in with it.")
        #expect(error.serverDetail == nil)
    }

    @Test(
        "Every known code has our own sentence and a next step, each ending with a full stop",
        arguments: [
            AuthError.notAuthorized("Incorrect username or password."), .userNotFound("User does not exist."),
            .userNotFound("Username/client id combination not found."), .userNotConfirmed("User is not confirmed."),
            .usernameExists("User already exists"), .aliasExists("An account with the email already exists."),
            .codeMismatch("Invalid verification code provided, please try again."),
            .expiredCode("Invalid code provided, please request a code again."),
            .invalidPassword("Password did not conform with policy: Password not long enough"),
            .passwordResetRequired("Password reset required for the user"),
            .tooManyRequests("Rate exceeded"), .limitExceeded("Attempt limit exceeded, please try after some time."),
            .tooManyFailedAttempts(""), .passwordHistoryPolicyViolation(""), .codeDeliveryFailure(""),
        ])
    func wordedFromTheCode(_ error: AuthError) throws {
        let summary = try #require(error.summary)
        let next = try #require(error.nextStep)
        #expect(summary.hasSuffix("."))
        #expect(next.hasSuffix("."))
        #expect(error.description.hasPrefix(summary + " " + next))
        #expect(!error.description.contains("  "))
    }

    @Test func notAuthorizedVariantsAreToldApart() {
        #expect(
            AuthError.notAuthorized("Incorrect username or password.").description
                == "The username or password is incorrect. Check them and try again, or reset the password (latchkey forgot-password)."
        )
        #expect(AuthError.notAuthorized("Refresh Token has been revoked").summary == "The session was revoked.")
        #expect(AuthError.notAuthorized("User is disabled.").summary == "This account is disabled.")
        #expect(AuthError.notAuthorized("Password attempts exceeded").summary == "Too many wrong passwords for now.")
        #expect(!AuthError.notAuthorized("Incorrect username or password.").description.contains("sign in again"))
    }

    @Test func theServerTextIsADetailOnlyWhenItSaysMore() {
        // A sentence we do not map is kept, sanitised, after "Details:".
        let policy = AuthError.invalidPassword("Password must have symbol characters\u{1B}[31m")
        let detail = try? #require(policy.serverDetail)
        #expect(detail?.hasPrefix("Password must have symbol characters") == true)
        #expect(detail?.contains("\u{1B}") == false)
        #expect(
            policy.description.hasPrefix(
                "The password does not meet the pool's password policy. Choose a password that meets the policy. "
                    + "Details: Password must have symbol characters"))
        // Known phrasings are not repeated.
        #expect(AuthError.userNotFound("User does not exist.").serverDetail == nil)
        #expect(AuthError.userNotFound("Username/client id combination not found.").serverDetail == nil)
        #expect(AuthError.codeMismatch("Invalid verification code provided, please try again.").serverDetail == nil)
    }

    @Test func invalidParameterKeepsItsSentenceWithAFullStop() {
        #expect(
            AuthError.invalidParameter("The username is empty. Enter a username.").description
                == "Invalid request: The username is empty. Enter a username.")
        #expect(
            AuthError.invalidParameter("1 validation error detected").description
                == "Invalid request: 1 validation error detected.")
    }

    @Test func usernamesAreSentComposed() {
        let decomposed = "Jose\u{301}"
        let composed = "Jos\u{E9}"
        #expect(Array(AuthClient.normalizedUsername(" \(decomposed) ").utf8) == Array(composed.utf8))
    }
}
