/// The texts of `latchkey exec`, `serve-credentials` and `aws-profile` (issue 30), in every language,
/// kept apart from the main catalogs and merged into them.
extension TextCatalog {
    static let englishCredentialsDeliveryEntries: [String: String] = [
        "cli.Exec.abstract": "Run a command with the session's AWS credentials, kept fresh by a local endpoint.",
        "cli.Exec.discussion":
            "latchkey exec -- COMMAND [ARGS...] runs COMMAND with the identity-pool credentials of the signed-in user. By default a credentials endpoint on 127.0.0.1 (random port, random bearer token) serves them through AWS_CONTAINER_CREDENTIALS_FULL_URI and AWS_CONTAINER_AUTHORIZATION_TOKEN, so every AWS SDK and the AWS CLI get fresh credentials for as long as the command runs; the endpoint stops when the command ends. --no-server sets AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN and AWS_CREDENTIAL_EXPIRATION once instead. AWS_PROFILE, static keys and other container-credential variables are removed from the command's environment. The exit status is the command's (128 + N when signal N ended it); SIGINT, SIGTERM and SIGHUP are passed on.",
        "cli.Exec.noServer": "Set the credentials once as AWS_ACCESS_KEY_ID and friends instead of serving them.",
        "cli.Exec.command": "The command and its arguments, after --.",
        "cli.Exec.noCommand": "Give the command to run after --, such as: latchkey exec -- aws sts get-caller-identity",
        "cli.Exec.guest": "Hand out the identity pool's guest credentials when nobody is signed in.",
        "cli.Exec.reloginWaitSeconds":
            "While the session needs a new sign-in, how long a credentials request waits for one (in the full-screen UI or latchkey sign-in) before it is answered ReloginRequired.",
        "cli.Exec.badReloginWait": "--relogin-wait-seconds must be a number of seconds from 0 to 3600.",
        "cli.Exec.removed":
            "removed {names} from the command's environment (they would take precedence over Latchkey's credentials).",
        "cli.ServeCredentials.abstract": "Serve the session's AWS credentials on 127.0.0.1 for SDKs and containers.",
        "cli.ServeCredentials.discussion":
            "Prints AWS_CONTAINER_CREDENTIALS_FULL_URI and AWS_CONTAINER_AUTHORIZATION_TOKEN (or AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE with --token-file), then serves until SIGINT or SIGTERM. The endpoint listens on 127.0.0.1 only; a container reaches it with docker run --network host (see the README).",
        "cli.ServeCredentials.port": "The port to listen on (0: any free port).",
        "cli.ServeCredentials.tokenFile":
            "Write the bearer token to this new file (mode 0600, removed on exit) and print AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE instead of the token.",
        "cli.ServeCredentials.badPort": "--port must be from 0 to 65535.",
        "cli.ServeCredentials.serving": "serving AWS credentials at {uri}; stop with Ctrl-C.",
        "cli.ServeCredentials.tokenFileFailed": "Could not write the token file {path} ({reason}); give a new path.",
        "cli.AWSProfile.abstract": "Add or remove an AWS CLI profile whose credential_process is latchkey.",
        "cli.AWSProfile.discussion":
            "install NAME writes [profile NAME] with credential_process = <this latchkey> credentials ... into the file AWS_CONFIG_FILE names (else ~/.aws/config), between marker comments, after copying the old file to <file>.latchkey-backup. Running it again rewrites only that block; a profile of that name Latchkey did not write is left alone. uninstall NAME removes exactly that block.",
        "cli.AWSProfile.install.abstract": "Write the profile (again) into the AWS config file.",
        "cli.AWSProfile.uninstall.abstract": "Remove the profile latchkey wrote.",
        "cli.AWSProfile.name": "The profile's name (letters, digits, -, _ and .).",
        "cli.AWSProfile.region": "The profile's region (default: the identity pool's).",
        "cli.AWSProfile.installed":
            "Profile {name} written to {path}; try: aws --profile {name} sts get-caller-identity",
        "cli.AWSProfile.unchanged": "Profile {name} in {path} is already up to date.",
        "cli.AWSProfile.removed": "Profile {name} removed from {path}.",
        "cli.AWSProfile.absent": "{path} has no profile {name} written by latchkey; nothing to remove.",
        "credentialsUsersLabel": "AWS used by",
        "credentialsUsers": "{count}: {names}",
        "credentialsHandedOut": "AWS credentials to {name}: key …{hint}, expires {expiry}",
        "credentialsHandedOutTimes": "AWS credentials to {name}, {count} times, last: key …{hint}, expires {expiry}",
    ]

    static let japaneseCredentialsDeliveryEntries: [String: String] = [
        "cli.Exec.abstract": "セッションの AWS 認証情報でコマンドを実行します (ローカルのエンドポイントが更新し続けます)。",
        "cli.Exec.discussion":
            "latchkey exec -- COMMAND [ARGS...] は、サインイン中のユーザーの ID プール認証情報で COMMAND を実行します。既定では 127.0.0.1 上の認証情報エンドポイント (ランダムなポートとベアラートークン) が AWS_CONTAINER_CREDENTIALS_FULL_URI と AWS_CONTAINER_AUTHORIZATION_TOKEN で提供するため、すべての AWS SDK と AWS CLI はコマンドの実行中ずっと新しい認証情報を得ます。エンドポイントはコマンドの終了とともに停止します。--no-server は代わりに AWS_ACCESS_KEY_ID、AWS_SECRET_ACCESS_KEY、AWS_SESSION_TOKEN、AWS_CREDENTIAL_EXPIRATION を一度だけ設定します。AWS_PROFILE、固定キー、他のコンテナー認証情報の変数はコマンドの環境から取り除かれます。終了ステータスはコマンドのものです (シグナル N で終わった場合は 128 + N)。SIGINT、SIGTERM、SIGHUP はコマンドに伝えます。",
        "cli.Exec.noServer": "認証情報を提供する代わりに AWS_ACCESS_KEY_ID などとして一度だけ設定します。",
        "cli.Exec.command": "-- の後に、コマンドとその引数。",
        "cli.Exec.noCommand": "-- の後に実行するコマンドを指定してください。例: latchkey exec -- aws sts get-caller-identity",
        "cli.Exec.guest": "誰もサインインしていないときは ID プールのゲスト認証情報を渡します。",
        "cli.Exec.reloginWaitSeconds":
            "セッションに再サインインが必要な間、認証情報の要求が再サインイン (全画面 UI または latchkey sign-in) を待つ秒数。過ぎると ReloginRequired で応答します。",
        "cli.Exec.badReloginWait": "--relogin-wait-seconds は 0 から 3600 までの秒数で指定してください。",
        "cli.Exec.removed": "{names} をコマンドの環境から取り除きました (Latchkey の認証情報より優先されるため)。",
        "cli.ServeCredentials.abstract": "SDK とコンテナーのために、セッションの AWS 認証情報を 127.0.0.1 で提供します。",
        "cli.ServeCredentials.discussion":
            "AWS_CONTAINER_CREDENTIALS_FULL_URI と AWS_CONTAINER_AUTHORIZATION_TOKEN (--token-file では AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE) を表示し、SIGINT か SIGTERM まで提供します。エンドポイントは 127.0.0.1 だけで待ち受けます。コンテナーからは docker run --network host で届きます (README を参照)。",
        "cli.ServeCredentials.port": "待ち受けるポート (0: 空いている任意のポート)。",
        "cli.ServeCredentials.tokenFile":
            "ベアラートークンをこの新しいファイル (モード 0600、終了時に削除) に書き、トークンの代わりに AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE を表示します。",
        "cli.ServeCredentials.badPort": "--port は 0 から 65535 までで指定してください。",
        "cli.ServeCredentials.serving": "{uri} で AWS 認証情報を提供しています。Ctrl-C で停止します。",
        "cli.ServeCredentials.tokenFileFailed": "トークンファイル {path} を書けませんでした ({reason})。新しいパスを指定してください。",
        "cli.AWSProfile.abstract": "credential_process が latchkey の AWS CLI プロファイルを追加または削除します。",
        "cli.AWSProfile.discussion":
            "install NAME は、AWS_CONFIG_FILE が示すファイル (なければ ~/.aws/config) に、元のファイルを <file>.latchkey-backup に写してから、credential_process = <この latchkey> credentials ... を持つ [profile NAME] を目印のコメントで囲んで書きます。再実行してもそのブロックだけを書き直します。Latchkey が書いていない同名のプロファイルには触れません。uninstall NAME はそのブロックだけを取り除きます。",
        "cli.AWSProfile.install.abstract": "プロファイルを AWS 設定ファイルに書きます (書き直します)。",
        "cli.AWSProfile.uninstall.abstract": "latchkey が書いたプロファイルを取り除きます。",
        "cli.AWSProfile.name": "プロファイル名 (英数字、-、_、.)。",
        "cli.AWSProfile.region": "プロファイルのリージョン (既定: ID プールのリージョン)。",
        "cli.AWSProfile.installed": "プロファイル {name} を {path} に書きました。試す: aws --profile {name} sts get-caller-identity",
        "cli.AWSProfile.unchanged": "{path} のプロファイル {name} はすでに最新です。",
        "cli.AWSProfile.removed": "プロファイル {name} を {path} から取り除きました。",
        "cli.AWSProfile.absent": "{path} に latchkey が書いたプロファイル {name} はありません。取り除くものはありません。",
        "credentialsUsersLabel": "AWS 利用中",
        "credentialsUsers": "{count}: {names}",
        "credentialsHandedOut": "{name} に AWS 認証情報: キー …{hint}、期限 {expiry}",
        "credentialsHandedOutTimes": "{name} に AWS 認証情報 ({count} 回、最後): キー …{hint}、期限 {expiry}",
    ]
}
