import CognitoAuth
import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

extension BackendTests {
    /// The authenticator set-up's QR code read by a real decoder: the tmux pane at 80x24 is drawn as an
    /// image (`Scripts/decode-qr-pane`: Pillow) and decoded by `zbarimg`. `Scripts/setup test` installs
    /// zbar-tools and `Scripts/local-backend --ensure-only` puts Pillow in the virtualenv, so it runs on
    /// a set-up machine and in CI; it is skipped, saying why, only where they cannot be installed.
    /// TOTPSetupLayoutTests reads the cells back without them.
    @Suite(
        "The TOTP QR code at 80x24 decodes with zbarimg, in tmux",
        .enabled(
            if: TmuxSession.canRunApp && QRPaneDecoder.isInstalled,
            "needs zbarimg (Scripts/setup test installs zbar-tools) and Pillow in .venv (Scripts/local-backend --ensure-only)"
        ))
    struct TerminalQRCodeEndToEndTests {
        @Test("t on the dashboard at 80x24: the pane's half blocks decode to the otpauth:// URI of the secret shown")
        func qrCodeDecodes() async throws {
            let backend = try await LocalBackend.shared()
            let username = try await AuthFlowSupport.newUser(backend)
            let store = try TerminalApp.temporaryDirectory("qr-decode")
            let session = try TerminalApp.start(
                config: backend.info.configPath, store: store, columns: 80, rows: 24, name: "qrdecode")
            defer { session.kill() }
            try await session.waitFor("Sign in", "Username")
            TerminalEndToEndTests.signIn(session, username: username, password: Integration.password)
            try await TerminalEndToEndTests.waitForDashboard(session, username: username)
            session.type("t")
            let screen = try await session.waitFor("Secret", "Ctrl-Y copy URI", "▀▀▀▀")
            let secret = try #require(TerminalPasswordlessEndToEndTests.secret(in: screen), "\(screen)")
            let pane = try TerminalApp.temporaryDirectory("qr-decode-pane") + "/pane.txt"
            try screen.write(toFile: pane, atomically: true, encoding: .utf8)
            let outcome = try await ChildProcess.run(
                QRPaneDecoder.python,
                [LocalBackend.repositoryRoot.appendingPathComponent("Scripts/decode-qr-pane").path, pane],
                timeout: .seconds(60))
            #expect(outcome.exitCode == 0, "\(outcome)")
            let expected = TOTPSetupDetails(secret: secret, accountName: username).uri
            #expect(outcome.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(screen)")
            #expect(try await TerminalEndToEndTests.quit(session) == 0)
        }
    }
}

/// `Scripts/decode-qr-pane` and what it needs (zbarimg, and Pillow in the virtualenv).
enum QRPaneDecoder {
    /// The virtualenv's Python.
    static let python = LocalBackend.repositoryRoot.appendingPathComponent(".venv/bin/python").path

    /// Whether zbarimg and Pillow are there.
    static var isInstalled: Bool {
        let zbar = ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].contains {
            FileManager.default.isExecutableFile(atPath: $0)
        }
        guard zbar, FileManager.default.isExecutableFile(atPath: python) else { return false }
        let check = TmuxSession.spawn(python, ["-c", "import PIL"])
        return check.status == 0
    }
}
