import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

/// The stable texts of the command line, compared whole (as argument-parser's `AssertExecuteCommand`
/// does), not by `contains`: `latchkey --help`, a command's `--help`, `status` signed out, `config` on the
/// sample configuration, and the error lines of an unknown command, a missing configuration file and a
/// token asked for with nobody signed in. None needs the local backend or the network.
///
/// A change to one of these texts is a change users and scripts see: update the expected text here, and
/// the manual (`Scripts/generate-manual`) with it.
@Suite("The command line's stable texts, exactly", .timeLimit(.minutes(3)))
struct ExactCLITextTests {
    /// English at 80 columns, the file store, and none of the variables that would pick another file.
    static let environment = ["COLUMNS": "80", "LC_ALL": "C", "LANG": "C", "LATCHKEY_STORE": "file"]
    static let removing = [
        "LC_MESSAGES", "LATCHKEY_CONFIG", "LATCHKEY_CONFIG_SECTION", "LATCHKEY_STORE_DIR", "LATCHKEY_ACCOUNT",
        "LATCHKEY_LANG", "NO_COLOR",
    ]

    /// The sample configuration the manual points to (`Assets/awsconfiguration.sample.json`).
    static var sampleConfiguration: String {
        LocalBackend.repositoryRoot.appendingPathComponent("Assets/awsconfiguration.sample.json").path
    }

    static func run(_ arguments: [String]) async throws -> LatchkeyBinary.Output {
        try await LatchkeyBinary.run(
            arguments, environment: environment, removing: removing, timeout: .seconds(30))
    }

    @Test("latchkey --help")
    func rootHelp() async throws {
        let output = try await Self.run(["--help"])
        #expect(output.status == 0)
        expectExactText(output.stdout, Self.rootHelp + "\n")
        expectExactText(output.stderr, "")
    }

    @Test("latchkey token --help: the command's own text, then the options every command takes")
    func tokenHelp() async throws {
        let output = try await Self.run(["token", "--help"])
        #expect(output.status == 0)
        expectExactText(output.stdout, Self.tokenHelp + "\n\n")
        expectExactText(output.stderr, "")
    }

    @Test("latchkey status, signed out: stdout exactly, the store's notice on stderr, exit 1")
    func statusSignedOut() async throws {
        let store = try Integration.temporaryDirectory("exact-status") + "/store"
        let output = try await Self.run(["status", "--config", Self.sampleConfiguration, "--store", store])
        #expect(output.status == 1)
        expectExactText(
            output.stdout,
            """
            latchkey: us-east-1_AbCdEf123 via cognito-idp.us-east-1.amazonaws.com
              ✖ Not signed in (state: signedOut). Sign in: latchkey sign-in
              - Configuration: \(Self.sampleConfiguration) (awsconfiguration.json, section Default)
              - Session stored in: file \(store)/session.json (plain text; none stored now)
              - Store backend: file

            """)
        expectExactText(
            output.stderr,
            "latchkey: storing the session in plain text at \(store)/session.json (mode 0600); "
                + "LATCHKEY_STORE=file chose the file store.\n")
    }

    @Test("latchkey config on the sample configuration: every line, exit 0")
    func configOfTheSample() async throws {
        let output = try await Self.run(["config", "--config", Self.sampleConfiguration])
        #expect(output.status == 0, "\(output.stderr)")
        expectExactText(
            output.stdout,
            """
            File                     \(Self.sampleConfiguration)
            Format                   awsconfiguration.json
            Section                  Default (the default: no section was named)
            User pool                us-east-1_AbCdEf123
            App client               4mpl3cl13nt1d0fl4tchk3y2ab
            App client secret        none
            Region                   us-east-1 (from CognitoUserPool.Default.Region)
            User pool endpoint       https://cognito-idp.us-east-1.amazonaws.com/ (from default (AWS))
            Key set (JWKS)           https://cognito-idp.us-east-1.amazonaws.com/us-east-1_AbCdEf123/.well-known/jwks.json (from the issuer (AWS))
            Identity pool            us-east-1:11111111-2222-3333-4444-555555555555
            Identity pool region     us-east-1 (from CredentialsProvider.CognitoIdentity.Default.Region)
            Identity pool endpoint   https://cognito-identity.us-east-1.amazonaws.com/ (from default (AWS))
            STS endpoint             https://sts.us-east-1.amazonaws.com/ (from default (AWS))
            Hosted UI                none (no OAuth section)

            """)
        expectExactText(output.stderr, "")
    }

    @Test("An unknown command: one line on stderr, exit 2")
    func unknownCommand() async throws {
        let output = try await Self.run(["frobnicate"])
        #expect(output.status == 2)
        expectExactText(output.stdout, "")
        expectExactText(
            output.stderr, "latchkey: unknown command \"frobnicate\". Run latchkey --help for the list of commands.\n")
    }

    @Test("A mistyped global option before a command: named with the command's help, not ui's usage, exit 2")
    func mistypedGlobalOptionBeforeCommand() async throws {
        let output = try await Self.run(["--stroe", "/tmp/nowhere", "status"])
        #expect(output.status == 2)
        expectExactText(output.stdout, "")
        expectExactText(
            output.stderr,
            "latchkey: unknown option \"--stroe\" before the command status. Did you mean --store? "
                + "Run latchkey status --help for the options it takes.\n")
    }

    @Test("exec --help: --relogin-wait-seconds' default reads 1, as people write it, not 1.0")
    func reloginWaitDefault() async throws {
        let output = try await Self.run(["exec", "--help"])
        #expect(output.status == 0)
        let lines = output.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let start = try #require(lines.firstIndex { $0.hasPrefix("--relogin-wait-seconds <relogin-wait-seconds>") })
        let entry = lines[(start + 1)...].prefix { !$0.hasPrefix("-") }.joined(separator: " ")
        #expect(entry.hasSuffix("(default: 1)"), "\(entry)")
    }

    @Test("config --json: a pool without a client secret has appClientSecret null, not the word none")
    func configJSONNullSecret() async throws {
        let output = try await Self.run(["config", "--json", "--config", Self.sampleConfiguration])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.contains("\"appClientSecret\":null"), "\(output.stdout)")
    }

    @Test("A configuration file that is not there: one line naming it and three ways out, exit 2")
    func missingConfiguration() async throws {
        let missing = try Integration.temporaryDirectory("exact-missing") + "/missing.json"
        let output = try await Self.run(["status", "--config", missing])
        #expect(output.status == 2)
        expectExactText(output.stdout, "")
        expectExactText(
            output.stderr,
            "latchkey: \(missing): no configuration file here. Pass --config PATH, set LATCHKEY_CONFIG, "
                + "or run `latchkey demo` to create a local one.\n")
    }

    @Test("latchkey token with nobody signed in: the store's notice, then the error line, exit 1")
    func tokenSignedOut() async throws {
        let store = try Integration.temporaryDirectory("exact-token") + "/store"
        let output = try await Self.run(["token", "--config", Self.sampleConfiguration, "--store", store])
        #expect(output.status == 1)
        expectExactText(output.stdout, "")
        expectExactText(
            output.stderr,
            """
            latchkey: storing the session in plain text at \(store)/session.json (mode 0600); LATCHKEY_STORE=file chose the file store.
            latchkey: Nobody is signed in. Sign in first: latchkey sign-in

            """)
    }
}

/// Expects `actual` to be `expected` exactly; on a difference, names the first line that differs (both
/// versions), so a failure reads like a diff rather than two pages of text.
func expectExactText(_ actual: String, _ expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard actual != expected else { return }
    let got = actual.split(separator: "\n", omittingEmptySubsequences: false)
    let want = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let line = zip(got, want).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(got.count, want.count)
    let gotLine = line < got.count ? "\"\(got[line])\"" : "(no line)"
    let wantLine = line < want.count ? "\"\(want[line])\"" : "(no line)"
    Issue.record(
        "the text differs at line \(line + 1): got \(gotLine), expected \(wantLine)\n--- whole text:\n\(actual)",
        sourceLocation: sourceLocation)
}

extension ExactCLITextTests {
    /// `latchkey --help`, English, 80 columns (the binary ends it with one newline).
    static let rootHelp =
        """
        OVERVIEW: Amazon Cognito sign-in for the terminal, AWSMobileClient-style.

        Exit codes: 0 success, 1 auth error, 2 usage or configuration error (or a
        session store that others can write), 3 network error, 4 re-login required, 5
        local storage error (the session could not be written or removed, or the output
        could not be written).

        USAGE: latchkey <subcommand>

        OPTIONS:
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          sign-in                 Sign in (SRP unless configured otherwise); codes and
                                  challenges are answered on stdin.
          status                  Show the session: state, user, provider, token expiry
                                  (tokens masked).
          token                   Print a valid token for scripts, refreshing first if
                                  needed.
          sign-up                 Create an account.
          confirm-sign-up         Confirm an account with the code that was sent.
          resend-code             Send a new sign-up confirmation code.
          forgot-password         Start a password reset: a code is sent.
          confirm-forgot-password Set a new password with the reset code.
          change-password         Change the signed-in user's password.
          sign-out                Sign out here, or everywhere with --global.
          credentials             Print AWS credentials from Cognito Identity (guest or
                                  signed in).
          config                  Show the configuration read: file, format, section,
                                  pool ids, endpoints and their origins.
          demo                    Start the local Cognito backend (moto), provision a
                                  demo user, and sign in.
          ui (default)            Open the full-screen sign-in and dashboard (the
                                  default when no command is given).
          mfa                     Show or change the signed-in user's MFA factors.
          devices                 List, remember, forget the devices the user pool
                                  tracks for the signed-in user.
          user                    Show and change the signed-in user's attributes;
                                  verify them; delete the account.
          accounts                List the accounts kept here (several users or pools,
                                  as `gh auth status`), marking the active one.
          switch                  Make another account the active one (a username,
                                  username@pool, or an id from `latchkey accounts`).
          version                 Print the version of latchkey.
          exec                    Run a command with the session's AWS credentials,
                                  kept fresh by a local endpoint.
          serve-credentials       Serve the session's AWS credentials on 127.0.0.1 for
                                  SDKs and containers.
          aws-profile             Add or remove an AWS CLI profile whose
                                  credential_process is latchkey.
          sessions                List your sessions on every device, or end one.
          client-secret           Keeps an app client's secret in the system keyring
                                  for `token --client-credentials`.
          passkey                 Add, list and remove the signed-in user's passkeys.

          See 'latchkey help <subcommand>' for detailed help.
        """

    /// `latchkey token --help`, English, 80 columns (the binary ends it with a blank line).
    static let tokenHelp =
        """
        OVERVIEW: Print a valid token for scripts, refreshing first if needed.

        Exits 1 when nobody is signed in, 4 when re-login is required and 3 when the
        backend cannot be reached and the cached token has expired. The token is
        checked locally (signature and expiry), not with the server: one revoked by a
        global sign-out elsewhere is still printed until it expires (at most an hour);
        the next refresh then fails and exits 4.

        USAGE: latchkey token <options>

        OPTIONS:
          --id                    Print the id token (the default).
          --access                Print the access token.
          --client-credentials    Print a machine-to-machine access token for
                                  --client-id (client credentials).
          --client-id <client-id> The machine app client's id (with
                                  --client-credentials).
          --scope <scope>         A scope to ask for (resource-server/scope); repeat
                                  for more.
          --via <via>             api (GetClientToken, the default) or token-endpoint
                                  (/oauth2/token on the domain). (values: api,
                                  token-endpoint)
          --client-secret-stdin   Read the client secret from standard input (else
                                  LATCHKEY_CLIENT_SECRET, else the keyring: see
                                  client-secret).
          --audience <audience>   Print a token derived from your session for this
                                  audience (token exchange).
          --resource <resource>   A resource server to bind the derived token to;
                                  repeat for more.
          --retry-seconds <retry-seconds>
                                  Seconds to keep retrying an unreachable backend
                                  before exiting 3. (default: 4)
          --acr <level>           The authentication level needed, such as
                                  urn:cognito:loa:2. sign-in steps the session up to
                                  it, asking only for the missing factor; token prints
                                  a token only at that level (on a terminal it steps up
                                  first, without one it exits 4).
          --max-age <seconds>     With --acr: the oldest sign-in, in seconds, whose
                                  factors still count.
          --config <config>       Path to the configuration: awsconfiguration.json,
                                  amplifyconfiguration.json, amplify_outputs.json,
                                  aws-exports.js or amplifyconfiguration.dart (else
                                  $LATCHKEY_CONFIG, else
                                  $XDG_CONFIG_HOME/latchkey/awsconfiguration.json).
          --config-section <config-section>
                                  The section to read (CognitoUserPool.<NAME>, ...;
                                  else $LATCHKEY_CONFIG_SECTION, else Default).
          --store <store>         Directory of the session store (else
                                  $LATCHKEY_STORE_DIR, else $XDG_DATA_HOME/latchkey).
          --account <account>     The account to use: a username or an id from
                                  `latchkey accounts` (else $LATCHKEY_ACCOUNT, else the
                                  active one); a sign-in there replaces whoever is in
                                  it.
          --debug                 Log requests to stderr (secrets are never logged).
          --lang <en|ja>          The language of the UI and the messages: en or ja
                                  (else LC_ALL, LC_MESSAGES, LANG; others are English).
          --version               Show the version.
          -h, --help              Show help information.
        """
}
