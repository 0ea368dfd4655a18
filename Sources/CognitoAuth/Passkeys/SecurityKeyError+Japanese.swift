import LatchkeyText

/// libfido2's error codes said in Japanese: the same codes as the English table, each with its sentence and
/// next step (`SecurityKeyErrorTests` checks that every English entry has one here).
extension SecurityKeyError {
    /// What went wrong, as a clause, in `language` (English where the language has no table).
    public static func sentence(_ code: Int32, in language: Language) -> String {
        guard language == .japanese else { return sentence(code) }
        if let known = japanese[code] { return known.sentence }
        return code < 0 ? "libfido2 が失敗しました" : "キーが要求を拒否しました"
    }

    /// The next step, one sentence, in `language` (English where the language has no table).
    public static func nextStep(_ code: Int32, in language: Language) -> String {
        guard language == .japanese else { return nextStep(code) }
        return japanese[code]?.next ?? japaneseRetry
    }

    /// The codes the Japanese table words (for the test that compares it with the English one).
    package static var japaneseCodes: Set<Int32> { Set(japanese.keys) }

    private static let japaneseRetry =
        "もう一度試してください。再び失敗するときは、キーを抜いて差し直すか、別の方法でサインインしてください。"
    private static let japaneseReset =
        "メーカーのツールでキーの FIDO アプリケーションをリセットする (キーのパスキーは消えます) か、別のキーを使ってください。"
    private static let japanesePlugged = "キーが接続されているか確認して、もう一度試してください。"
    private static let japaneseTouch = "キーが点滅したら触れてください。"
    private static let japaneseTouchAgain = "もう一度試し、キーが点滅したら触れてください。"
    private static let japaneseOtherKey = "別のキーを使ってください。"

    /// Code → (sentence, next step), in Japanese.
    private static let japanese: [Int32: (sentence: String, next: String)] = [
        0x01: ("キーがこのコマンドを知りません", "キーのファームウェアを更新するか、別のキーを使ってください。"),
        0x02: ("キーがパラメーターを拒否しました", japaneseRetry),
        0x03: ("キーがメッセージの長さを拒否しました", japaneseRetry),
        0x04: ("メッセージが順番どおりに届きませんでした", japaneseRetry),
        0x05: ("キーがメッセージの受信中にタイムアウトしました", japaneseRetry),
        0x06: ("キーは別のプログラムが使用中です", "キーを使っている別のプログラムを閉じてから、もう一度試してください。"),
        0x0a: ("キーに必要なロックがありません", japaneseRetry),
        0x0b: ("チャネルが正しくありません", japaneseRetry),
        0x11: ("要求の CBOR の型が想定外です", japaneseRetry),
        0x12: ("要求の CBOR が正しくありません", japaneseRetry),
        0x14: ("パラメーターが足りません", japaneseRetry),
        0x15: ("上限を超えました", japaneseRetry),
        0x16: ("キーが拡張機能に対応していません", japaneseOtherKey),
        0x17: ("キーの指紋の保存領域がいっぱいです", "メーカーのツールで指紋を削除してください。"),
        0x18: ("キーの large-blob の保存領域がいっぱいです", "メーカーのツールでキーの空きを作ってください。"),
        0x19: (
            "キーにはこのアカウントのパスキーがすでにあります",
            "キーにあるパスキーを使う (`latchkey sign-in --method passkey`) か、別のキーに追加してください。"
        ),
        0x21: ("キーはまだ処理中です", japaneseRetry),
        0x22: ("資格情報が正しくありません", japaneseRetry),
        0x23: ("キーがあなたの操作を待っています", "キーが点滅したら触れてから、もう一度試してください。"),
        0x24: ("別の操作が保留中です", japaneseRetry),
        0x25: ("続ける操作がありません", japaneseRetry),
        0x26: ("キーが ES256 (P-256) に対応していません", "ES256 のパスキーを作るキーを使ってください。"),
        0x27: ("操作が拒否されました", japaneseRetry),
        0x28: ("キーのパスキーの保存領域がいっぱいです", "メーカーのツールでキーのパスキーを削除するか、別のキーを使ってください。"),
        0x29: ("キーは処理中ではありません", japaneseRetry),
        0x2a: ("保留中の操作はありません", japaneseRetry),
        0x2b: (
            "キーが求められたオプション (ユーザー検証) に対応していません",
            "メーカーのツールでキーに PIN を設定するか、本人確認ができるキーを使ってください。"
        ),
        0x2c: ("オプションが正しくありません", japaneseRetry),
        0x2d: ("要求は取り消されました", japaneseRetry),
        0x2e: (
            "キーにはこのアカウントとサイトのパスキーがありません",
            "パスキーを作ったキーを使うか、`latchkey passkey add` でパスキーを追加してください。"
        ),
        0x2f: ("時間内にキーに触れませんでした", japaneseTouchAgain),
        0x30: ("この操作は許可されていません", japaneseRetry),
        0x31: ("PIN が違います", "正しい PIN でもう一度試してください。"),
        0x32: ("PIN を何度も間違えたため、キーの PIN がブロックされています", japaneseReset),
        0x33: ("PIN の確認に失敗しました", japaneseRetry),
        0x34: (
            "PIN を 3 回間違えたため、差し直すまでキーが PIN を受け付けません",
            "キーを抜いて差し直し、正しい PIN でもう一度試してください。"
        ),
        0x35: ("キーに PIN が設定されていません", "メーカーのツール (例: `fido2-token -S`) でキーに PIN を設定してください。"),
        0x36: ("キーの PIN が必要です", "PIN を入力できるよう、端末でコマンドを実行してください。"),
        0x37: ("PIN がキーの規則 (4〜63 文字) に合いません", "4〜63 文字の PIN を入力してください。"),
        0x38: ("PIN のセッションが期限切れになりました", japaneseRetry),
        0x39: ("要求がキーには大きすぎます", japaneseOtherKey),
        0x3a: ("キーがタイムアウトしました", japaneseTouchAgain),
        0x3b: ("キーに触れる必要があります", japaneseTouch),
        0x3c: ("キーの内蔵のユーザー検証がブロックされています", "PIN を使うか、メーカーのツールでキーをリセットしてください。"),
        0x3f: ("キーが本人確認をできませんでした", "もう一度試してください。"),
        0x40: ("PIN のセッションに権限がありません", japaneseRetry),
        0x7f: ("キーが失敗しました", japaneseRetry),
        -1: ("キーに書き込めませんでした (抜けていませんか?)", japanesePlugged),
        -2: ("キーが時間内に応答しなかったか、読み取れませんでした", japanesePlugged),
        -3: ("キーの応答が CBOR ではありません", japaneseRetry),
        -4: ("キーの応答が正しい CBOR ではありません", japaneseRetry),
        -5: ("libfido2 がパラメーターを拒否しました", japaneseRetry),
        -6: ("キーの署名を検証できません", japaneseOtherKey),
        -7: ("libfido2 が引数を拒否しました", japaneseRetry),
        -8: ("キーに触れる必要があります", japaneseTouch),
        -9: ("libfido2 の内部で失敗しました", japaneseRetry),
        -10: ("キーが見つかりませんでした", japanesePlugged),
        -11: ("libfido2 がキーの応答を展開できませんでした", japaneseRetry),
    ]
}
