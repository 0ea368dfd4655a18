import AuthScreensTesting
import CognitoAuth
import Foundation
import Testing

@testable import AuthScreens
@testable import LatchkeyText

/// The words of the screens and the core follow the language: the task's override, the core's error
/// wording, hosted-UI failures, store notices and banners (the catalogs themselves are checked in
/// `LatchkeyTextTests`).
@Suite struct TextLanguageTests {
    @Test func theOverrideSetsTheLanguageForThisTaskOnly() async {
        #expect(Language.current == .english)
        Language.$override.withValue(.japanese) {
            #expect(ScreenText.signInTitle == "サインイン")
            #expect(ScreenText.forgotPasswordLink == "パスワードをお忘れですか")
            #expect(ScreenText.waitingCalls(3) == "3 件の呼び出しがサインインを待っています。")
        }
        #expect(ScreenText.signInTitle == "Sign in")
        #expect(ScreenText.waitingCalls(3) == "3 calls are waiting for you to sign in.")
    }

    // MARK: The core's error wording, in a language

    @Test func theCoreWordsErrorsInEnglishUnlessALanguageIsGiven() {
        let error = AuthError.codeMismatch("Invalid verification code provided, please try again.")
        #expect(error.worded == "The code is wrong. Check the code, or ask for a new one.")
        #expect(error.description == error.worded)
        #expect(error.worded(.japanese) == "コードが違います。コードを確かめるか、新しいコードを要求してください。")
        // The plain properties stay English whatever the current language.
        Language.$override.withValue(.japanese) {
            #expect(error.worded == "The code is wrong. Check the code, or ask for a new one.")
            #expect(error.worded(.current) == error.worded(.japanese))
        }
    }

    @Test func hostedUIFailuresTransportErrorsAndStoreNoticesFollowTheLanguage() {
        let japanese = Language.japanese
        // English stays as it was written before languages.
        let denied = HostedUIFailure.authorizationDenied(error: "access_denied", description: "User cancelled")
        #expect(denied.summary == "The hosted UI did not sign you in (access_denied: User cancelled).")
        #expect(
            HostedUIFailure.codeRejected(description: nil).summary
                == "The authorization code was refused: it was used already, has expired, or belongs to another sign-in."
        )
        #expect(
            AuthError.hostedUI(.timedOut(seconds: 2)).description
                == "No redirect arrived within 2 seconds. Start again (latchkey sign-in --web), or give more time with --timeout."
        )
        #expect(denied.summary(japanese) == "ホスト UI でサインインできませんでした (access_denied: User cancelled)。")
        #expect(
            AuthError.hostedUI(.timedOut(seconds: 2)).description(japanese)
                == "2 秒以内にリダイレクトが届きませんでした。やり直すか (latchkey sign-in --web)、--timeout で待ち時間を延ばしてください。")

        let refused = AuthError.network(kind: .connectionRefused, message: "localhost:9229")
        #expect(
            refused.description
                == "The connection was refused (localhost:9229). Check the network and the Endpoint in the configuration, then try again."
        )
        #expect(refused.description(japanese).hasPrefix("接続を拒否されました (localhost:9229)。"))
        // A transport message holding braces is inserted as it is, not expanded.
        #expect(
            AuthError.network(kind: .other, message: "{what}").description(japanese).hasPrefix(
                "ネットワーク要求に失敗しました ({what})。"))

        #expect(
            SessionStoreSelection.plainTextWarning(path: "/s/session.json")
                == "latchkey: storing the session in plain text at /s/session.json (mode 0600); no system keyring is available."
        )
        #expect(
            SessionStoreSelection.plainTextWarning(path: "/s/session.json", japanese)
                == "latchkey: セッションを平文で /s/session.json (モード 0600) に保存します。システムのキーリングが使えません。")
        #expect(FederatedProvider.displayName(for: "cognito-idp.us-east-1.amazonaws.com/p") == "Cognito user pool")
        #expect(FederatedProvider.displayName(for: "cognito-idp.x/p", japanese) == "Cognito ユーザープール")
        #expect(FederatedProvider.displayName(for: "accounts.google.com", japanese) == "Google")

        #expect(AuthError.notSignedIn.description == "Nobody is signed in. Sign in first: latchkey sign-in.")
        #expect(
            AuthError.notSignedIn.description(japanese) == "誰もサインインしていません。先にサインインしてください: latchkey sign-in")
        #expect(
            AuthError.reloginRequired(.signedOutUserPoolsTokenInvalid).description
                == "Sign-in needed again: the stored session can no longer be renewed. Sign in again: latchkey sign-in."
        )
        // No API state name in the words (issue 29, N25), in either language.
        #expect(!AuthError.reloginRequired(.signedOutUserPoolsTokenInvalid).description.contains("signedOut"))
        #expect(!AuthError.reloginRequired(.signedOutUserPoolsTokenInvalid).description(japanese).contains("signedOut"))
        // The transport's words are not repeated after ours.
        let refusedConnection = AuthError.network(kind: .connectionRefused, message: "connection refused")
        #expect(!refusedConnection.description.contains("(connection refused)"), "\(refusedConnection.description)")
        #expect(refusedConnection.description.hasPrefix("The connection was refused. Check the network"))
        let reset = AuthError.network(kind: .connectionReset, message: "recv failed: errno 104")
        #expect(reset.description.contains("(recv failed: errno 104)"))

    }

    @Test func serverDetailsAreLabelledInTheLanguage() {

        let error = AuthError.invalidPassword("Password did not conform with policy: Password not long enough")
        let worded = error.worded(.japanese) ?? ""
        #expect(worded.hasPrefix("パスワードがプールのパスワードポリシーを満たしていません。"))
        #expect(worded.hasSuffix("詳細: Password did not conform with policy: Password not long enough."))
    }

    @Test func bannersUseTheCurrentLanguage() {
        let error = AuthError.notAuthorized("Incorrect username or password.")
        Language.$override.withValue(.japanese) {
            #expect(
                ScreenText.signInBanner(for: error)
                    == "ユーザー名またはパスワードが違います。もう一度入力するか、下の「パスワードをお忘れですか」を選んでください。")
        }
        #expect(
            ScreenText.signInBanner(for: error)
                == "The username or password is incorrect. Try again, or choose Forgot password below.")
    }
}
