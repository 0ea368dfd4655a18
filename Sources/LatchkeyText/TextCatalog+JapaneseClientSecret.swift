/// Japanese for `latchkey client-secret` (in a file of its own, so that this work does not touch the
/// long Japanese list).
extension TextCatalog {
    /// Sets the client-secret texts of `text` in Japanese.
    static func translateClientSecrets(_ text: TextCatalog) {
        text.cliClientSecretAbstract =
            "`token --client-credentials` のために、アプリクライアントのシークレットをシステムのキーリングに保存します。"
        text.cliClientSecretDiscussion =
            "シークレットはシステムのキーリング (Secret Service) にだけ、ユーザープールとアプリクライアントごとに 1 つ保存され、ファイルには決して書かれません。使えるキーリングがないと `set` は失敗し (終了コード 5)、何も書きません。`latchkey token --client-credentials --client-id ID` は、--client-secret-stdin も LATCHKEY_CLIENT_SECRET もシークレットを与えないときにこれを使います。"
        text.cliClientSecretSetAbstract = "シークレットを保存します。標準入力から読みます (端末では表示せずに尋ねます)。"
        text.cliClientSecretRemoveAbstract = "保存したシークレットを削除します (保存されていなくても成功します)。"
        text.cliClientSecretClientID = "アプリクライアントの ID。"
        text.cliClientSecretPrompt = "クライアントシークレット: "
        text.cliClientSecretEmpty = "クライアントシークレットがありません。標準入力に 1 行で (空白なしで) 書いてください。"
        text.cliClientSecretNoKeyring =
            "クライアントシークレットは保存されませんでした: {problem}。シークレットはシステムのキーリングにだけ保存され、ファイルには保存されません。代わりに LATCHKEY_CLIENT_SECRET か --client-secret-stdin で渡してください。"
        text.cliClientSecretRemoveFailed = "クライアントシークレットをシステムのキーリングから削除できませんでした: {problem}。"
        text.cliClientSecretSaved =
            "✔ アプリクライアント {client} のシークレットをシステムのキーリングに保存しました。`latchkey token --client-credentials --client-id {client}` がこれを使います。"
        text.cliClientSecretRemoved = "✔ アプリクライアント {client} のシークレットはシステムのキーリングにありません。"
    }
}
