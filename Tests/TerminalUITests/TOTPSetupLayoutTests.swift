import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys
import Testing

@testable import TerminalKit
@testable import TerminalUI

/// The authenticator set-up screen's QR code: where it goes at each size, and that the half-block
/// cells drawn read back as exactly the symbol's modules (with the quiet zone), so a phone sees
/// the code the encoder made.
@MainActor
@Suite("TOTP set-up: the QR code at 80x24 and beyond")
struct TOTPSetupLayoutTests {
    /// The cells drawn with the QR role, read back as a module matrix (true: dark), two modules a cell
    /// from the top-left of those cells; nil when there are none.
    static func readModules(_ grid: CellGrid) -> (matrix: [[Bool]], origin: Position)? {
        var cells: [Position] = []
        for row in 0..<grid.height {
            for column in 0..<grid.width where grid[row, column].style.role == .qrCode {
                cells.append(Position(row: row, column: column))
            }
        }
        guard let top = cells.map(\.row).min(), let bottom = cells.map(\.row).max(),
            let left = cells.map(\.column).min(), let right = cells.map(\.column).max()
        else { return nil }
        var matrix: [[Bool]] = []
        for row in top...bottom {
            var upper: [Bool] = []
            var lower: [Bool] = []
            for column in left...right {
                // Ink is a light module (the view inks light modules, so the code is dark on light).
                let (upperInk, lowerInk): (Bool, Bool)
                switch grid[row, column].character {
                case "█": (upperInk, lowerInk) = (true, true)
                case "▀": (upperInk, lowerInk) = (true, false)
                case "▄": (upperInk, lowerInk) = (false, true)
                default: (upperInk, lowerInk) = (false, false)
                }
                upper.append(!upperInk)
                lower.append(!lowerInk)
            }
            matrix.append(upper)
            matrix.append(lower)
        }
        return (matrix, Position(row: top, column: left))
    }

    /// The modules the screen should show: the symbol inside its quiet zone (light).
    static func expectedModules(_ code: QRCode, quietZone: Int) -> [[Bool]] {
        let side = code.size + 2 * quietZone
        return (0..<side).map { row in (0..<side).map { column in code[row - quietZone, column - quietZone] } }
    }

    /// The set-up state of `username` (the URI names the user).
    static func setup(username: String) -> AppState {
        var state = ScreenFixtures.base()
        _ = state.reduce(.keyPressed(.paste(username)))
        _ = state.reduce(.keyPressed(.enter))
        _ = state.reduce(.keyPressed(.paste("pw")))
        _ = state.reduce(.keyPressed(.enter))
        let details = TOTPSetupDetails(secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", accountName: username)
        _ = state.reduce(.signIn(.signInFinished(.success(.mfaSetup(details)))))
        return state
    }

    @Test(
        "at 80x24, 120x40 and 200x60 the drawn half blocks read back as the URI's symbol with a 2-module quiet zone",
        arguments: [(80, 24), (120, 40), (200, 60)])
    func halfBlocksReadBackAsTheSymbol(columns: Int, rows: Int) throws {
        let state = ScreenFixtures.totpSetup
        let setup = try #require(state.totpSetupShowing)
        let grid = ScreenFixtures.view.render(state, size: TerminalSize(columns: columns, rows: rows)).grid
        let (matrix, _) = try #require(Self.readModules(grid), "no QR code at \(columns)x\(rows)")
        let code = try QRCode(text: setup.uri, errorCorrection: .low, boostErrorCorrection: true)
        let expected = Self.expectedModules(code, quietZone: AppView.totpQuietZone)
        // An odd side leaves the last cell row's lower half blank (not part of the symbol).
        #expect(matrix.count == expected.count + expected.count % 2)
        #expect(Array(matrix.prefix(expected.count)) == expected)
        if expected.count % 2 == 1, let last = matrix.last {
            #expect(last.allSatisfy { $0 }, "the half row below the quiet zone is not inked")
        }
        // Every module of the quiet zone is light, on all four sides.
        #expect(matrix[0].allSatisfy { !$0 } && matrix[1].allSatisfy { !$0 })
        #expect(matrix.prefix(expected.count).allSatisfy { !$0[0] && !$0[1] && !$0[$0.count - 1] && !$0[$0.count - 2] })
    }

    @Test(
        "at 80x24 the code sits beside the form, which keeps the secret (two rows of groups), the field and the buttons"
    )
    func besideTheFormAt80x24() throws {
        let state = ScreenFixtures.totpSetup
        let frame = ScreenFixtures.view.render(state, size: TerminalSize(columns: 80, rows: 24))
        let text = frame.grid.text()
        let (_, origin) = try #require(Self.readModules(frame.grid))
        #expect(origin == Position(row: 1, column: 0))
        #expect(text.contains("JBSW Y3DP EHPK 3PXP"))
        #expect(text.contains("[ Verify ]") && text.contains("[ Cancel ]"))
        #expect(!text.contains("Enlarge the terminal"))
        // The URI does not fit one 80-column row: Ctrl-Y copies it (said on the form and in the footer).
        #expect(!text.contains("otpauth://totp/Latchkey:alice?secret="))
        #expect(text.contains("Ctrl-Y"))
        #expect(frame.grid.textLines()[23].contains(ScreenText.hintCopyTOTPURI))
        // The cursor is in the code field, right of the code.
        let cursor = try #require(frame.cursor)
        #expect(cursor.column > 41)
    }

    @Test("where it truly cannot fit (60x20, or a long account name at 80x24) the form says the size it needs")
    func doesNotFit() throws {
        let small = ScreenFixtures.text(ScreenFixtures.totpSetup, 60, 20)
        #expect(!small.contains("▀▀▀"))
        #expect(small.contains("The QR code needs 41×21 cells"))
        #expect(small.contains("JBSW Y3DP"))
        // The URI is wider than 60 columns: it would wrap, and a selection would copy it broken (N17),
        // so the form offers Ctrl-Y instead of promising "one line".
        #expect(!small.contains("otpauth://totp"))
        #expect(small.contains(ScreenText.totpCopyURIHint))
        let wide = ScreenFixtures.text(ScreenFixtures.totpSetup, 120, 40)
        let uri = try #require(ScreenFixtures.totpSetup.totpSetupShowing?.uri)
        #expect(wide.split(separator: "\n").contains { $0.contains(uri) })
        let long = Self.setup(username: "someone.with.a.very.long.name@example.com")
        let longURI = try #require(long.totpSetupShowing?.uri)
        let code = try QRCode(text: longURI, errorCorrection: .low, boostErrorCorrection: true)
        #expect(code.version > 5)
        let text = ScreenFixtures.text(long, 80, 24)
        let side = code.size + 2 * AppView.totpQuietZone
        #expect(text.contains("The QR code needs \(side)×\((side + 1) / 2) cells"), "\(text)")
        // A bigger terminal shows it.
        let large = ScreenFixtures.view.render(long, size: TerminalSize(columns: 120, rows: 40)).grid
        #expect(
            Self.readModules(large).map { Array($0.matrix.prefix(side)) } == Self.expectedModules(code, quietZone: 2))
    }

    @Test(
        "in Japanese the set-up keeps its code field and buttons at 80x24 (code beside) and 60x20 (the size message)",
        arguments: [(80, 24), (60, 20)])
    func japaneseKeepsTheFormWhole(columns: Int, rows: Int) throws {
        try Language.$override.withValue(.japanese) {
            let frame = ScreenFixtures.view.render(
                ScreenFixtures.totpSetup, size: TerminalSize(columns: columns, rows: rows))
            let text = frame.grid.text()
            #expect(text.contains(ScreenText.verifyButton) && text.contains(ScreenText.cancelButton), "\(text)")
            #expect(text.contains(ScreenText.codeLabel) && text.contains("JBSW Y3DP"), "\(text)")
            #expect(frame.grid.textLines()[rows - 1].contains(ScreenText.hintCopyTOTPURI), "\(text)")
            if columns == 80 {
                #expect(Self.readModules(frame.grid) != nil, "\(text)")
                #expect(text.contains("Ctrl-Y で otpauth:// URI"), "\(text)")
            } else {
                #expect(text.contains("QR コードの表示には 41×21 セル必要です"), "\(text)")
            }
            _ = try #require(frame.cursor)
        }
    }

    @Test("the error correction is raised as far as the smallest version allows")
    func errorCorrectionFollowsTheURILength() throws {
        // Version 1 holds 17 bytes at L and 14 at M: 13 bytes get version 1 at M.
        let shorter = try #require(ScreenFixtures.view.qrCodeView(for: "otpauth://t/a"))
        #expect(shorter.code.version == 1 && shorter.code.errorCorrection == .medium)
        // 20 bytes need version 2 (32 at L), which holds 20 at Q.
        let short = try #require(ScreenFixtures.view.qrCodeView(for: "otpauth://totp/a?s=B"))
        #expect(short.code.version == 2 && short.code.errorCorrection == .quartile)
        // The fixture's 85-byte URI: version 5 (106 at L, 84 at M), so L.
        let uri = try #require(ScreenFixtures.totpSetup.totpSetupShowing?.uri)
        let fixture = try #require(ScreenFixtures.view.qrCodeView(for: uri))
        #expect(uri.utf8.count == 85 && fixture.code.version == 5 && fixture.code.errorCorrection == .low)
    }
}

extension TOTPSetupLayoutTests {
    @Test(
        "in the re-login prompt (MFA_SETUP after a re-login) the code is beside the form over the dashboard, and reads back"
    )
    func insideTheReloginPrompt() throws {
        var state = ScreenFixtures.relogin
        _ = state.reduce(.keyPressed(.paste("pw")))
        _ = state.reduce(.keyPressed(.enter))
        _ = state.reduce(.relogin(.signIn(.signInFinished(.success(.mfaSetup(ScreenFixtures.totpDetails))))))
        let setup = try #require(state.totpSetupShowing, "\(String(describing: state.relogin))")
        let frame = ScreenFixtures.view.render(state, size: TerminalSize(columns: 80, rows: 24))
        let (matrix, _) = try #require(Self.readModules(frame.grid), "\(frame.grid.text())")
        let code = try QRCode(text: setup.uri, errorCorrection: .low, boostErrorCorrection: true)
        let expected = Self.expectedModules(code, quietZone: AppView.totpQuietZone)
        #expect(Array(matrix.prefix(expected.count)) == expected)
        #expect(frame.cursor != nil)
        #expect(state.reduce(.keyPressed(.ctrl("y"))) == [.copy(SecretText(setup.uri), as: .totpURI)])
    }
}
