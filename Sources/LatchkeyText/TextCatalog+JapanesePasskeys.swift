/// Japanese for the passkey screens and the passkey failures' sentences (in a file of their own, so the
/// passkey work does not touch the long Japanese list).
extension TextCatalog {
    /// Sets the passkey texts of `text` in Japanese.
    static func translatePasskeys(_ text: TextCatalog) {
        text.passkeyUseButton = "パスキーを使う"
        text.passkeySignInTitle = "パスキーでサインイン"
        text.passkeyAddTitle = "パスキーの追加"
        text.passkeyStarting = "パスキーの認証器を起動しています…"
        text.passkeyTouch = "セキュリティキー ({name}) に触れてください。"
        text.passkeyTouchOneOf = "キーが複数 ({count} 個) 接続されています。使うキーに触れてください。"
        text.passkeyWaitingFor = "{name} を待っています…"
        text.passkeyPINLabel = "暗証番号 (PIN)"
        text.passkeyPINFor = "{name} の PIN を入力してください。"
        text.passkeyAttemptsLeft = "残り {count} 回です。"
        text.passkeyAttemptLeft = "残り 1 回です。"
        text.passkeyWrongPIN = "PIN が違います。"
        text.passkeyPINRequired = "PIN を入力してください。"
        text.passkeyCancelling = "取り消しています…"
        text.passkeyActivity = "パスキーを待っています…"
        text.passkeyHintCancel = "取り消し"
        text.passkeyHintSendPIN = "PIN を送信"
        text.passkeyHintClose = "閉じる"
        text.passkeyAttachmentCrossPlatform = "セキュリティキー"
        text.passkeyAttachmentPlatform = "このデバイス"
        text.passkeysTitle = "パスキー"
        text.passkeysLoading = "パスキーを読み込んでいます…"
        text.passkeysEmpty = "パスキーはまだありません。"
        text.passkeysRow = "{name} · {attachment} · {created} に追加"
        text.passkeysUnnamed = "(名前なし)"
        text.passkeysAdding = "パスキーを追加しています…"
        text.passkeysRemoving = "パスキーを削除しています…"
        text.passkeysAdded = "パスキーを追加しました。"
        text.passkeysRemoved = "パスキー {name} を削除しました。"
        text.passkeysConfirmRemove = "パスキー {name} を削除しますか? このパスキーではサインインできなくなります。"
        text.passkeysConfirmFooter = "{key} 削除 · ほかのキーで残す"
        text.passkeysHintAdd = "追加"
        text.passkeysHintRemove = "削除"
        text.passkeysHintReload = "再読み込み"
        text.passkeysHintBack = "戻る"
        text.passkeysHintMove = "選択"
        text.profileHelpPasskeys = "パスキー: 一覧、追加、削除"
        translatePasskeyFailures(text)
    }

    /// Sets the passkey failures' sentences of `text` in Japanese.
    static func translatePasskeyFailures(_ text: TextCatalog) {
        text.errorPasskeyNotEnabledSummary = "このユーザープールはパスキーを許可していません。"
        text.errorPasskeyConfigurationMissingSummary = "このユーザープールにはパスキーの証明書利用者 (relying party) がありません。"
        text.errorPasskeyChallengeNotFoundSummary = "パスキーの登録が完了する前に期限切れになりました。"
        text.errorPasskeyRelyingPartyMismatchSummary = "このパスキーは、このユーザープールとは別のサイト用に作られたものです。"
        text.errorPasskeyOriginNotAllowedSummary = "ユーザープールがパスキーのオリジンを拒否しました。"
        text.errorPasskeyCredentialNotSupportedSummary = "ユーザープールはこの種類のパスキーを受け付けません。"
        text.errorPasskeyClientMismatchSummary = "パスキーの登録が、開始したものとは別のアプリクライアントで完了されました。"
        text.errorPasskeyRelyingPartyRefusedSummary =
            "サーバーは \"{offered}\" のパスキーを求めましたが、この設定では \"{expected}\" のはずです。何も署名していません。"
        text.errorPasskeyNoRelyingPartySummary = "パスキーの証明書利用者 (relying party) が設定されていません。"
        text.errorPasskeyMalformedSummary = "パスキーの要求が正しい WebAuthn ではありません: {detail}。"
        text.errorPasskeyNoAuthenticatorSummary = "パスキーの認証器が設定されていません。"
        text.errorPasskeyAuthenticatorFailedSummary = "パスキーのプロバイダーが終了しました (終了ステータス {status})。"
        text.errorPasskeyAuthenticatorFailedWithMessageSummary =
            "パスキーのプロバイダーが終了しました (終了ステータス {status}): {message}。"
        text.errorPasskeyProviderUnavailableSummary = "パスキーのプロバイダーを起動できませんでした: {reason}。"
        text.errorPasskeyTimedOutSummary = "パスキーの認証器が {seconds} 秒以内に応答しませんでした。"
        text.errorPasskeyCancelledSummary = "パスキーの操作を取り消しました。"
        text.errorPasskeyUnknownCredentialSummary = "このユーザーには ID が \"{id}\" のパスキーはありません。"
        text.errorPasskeyPINRequiredSummary = "セキュリティキー \"{name}\" には PIN が必要ですが、ここでは入力を求められません。"
        text.errorPasskeyPoolNextStep =
            "プールの管理者に WEB_AUTHN でのサインインの許可と証明書利用者の設定を依頼するか、別の方法でサインインしてください。"
        text.errorPasskeyChallengeNotFoundNextStep = "もう一度パスキーを追加し、認証器にもっと早く応答してください。"
        text.errorPasskeyRelyingPartyNextStep =
            "LATCHKEY_PASSKEY_RP_ID (または Latchkey.Passkeys.RelyingPartyId) にプールの証明書利用者 ID を設定してください。"
        text.errorPasskeyCredentialNotSupportedNextStep = "ES256 (P-256) か RS256 のパスキーを作る認証器を使ってください。"
        text.errorPasskeyClientMismatchNextStep = "このアプリクライアントでサインインし直してから、パスキーを追加してください。"
        text.errorPasskeyRelyingPartyRefusedNextStep =
            "サーバーが正しければ LATCHKEY_PASSKEY_RP_ID (または Latchkey.Passkeys.RelyingPartyId) にその証明書利用者を設定し、そうでなければ設定のエンドポイントを確認してください。"
        text.errorPasskeyMalformedNextStep = "エンドポイントかパスキーのプロバイダーを確認して、もう一度試してください。"
        text.errorPasskeyNoAuthenticatorNextStep =
            "LATCHKEY_PASSKEY_PROVIDER (または Latchkey.Passkeys.Provider) にプロバイダーのコマンドを設定するか、別の方法でサインインしてください。"
        text.errorPasskeyTryAgainNextStep = "もう一度試すか、別の方法でサインインしてください。"
        text.errorPasskeyUnknownCredentialNextStep = "`latchkey passkey list` でパスキーと ID の一覧を確認してください。"
        text.errorPasskeyPINRequiredNextStep = "端末でコマンドを実行するか、組み込みの画面 (`latchkey`) を使ってください。"
        text.errorPasskeyProviderUnavailableNextStep =
            "LATCHKEY_PASSKEY_PROVIDER (または Latchkey.Passkeys.Provider) が実行できるコマンドを指しているか確認してください。"
        text.errorPasskeyNoSecurityKeySummary = "FIDO2 のセキュリティキーが接続されていません。"
        text.errorPasskeyNoSecurityKeyNextStep =
            "セキュリティキーを接続してもう一度試すか、LATCHKEY_PASSKEY_PROVIDER (または Latchkey.Passkeys.Provider) にパスキーのプロバイダーのコマンドを設定してください。"
        text.errorPasskeySecurityKeySummary = "セキュリティキー \"{name}\": {reason} ({error})。"
    }
}
