import AuthScreens
import CognitoAuth
import Foundation
import TerminalKeys
import Testing

@testable import TerminalKit
@testable import TerminalUI

/// Issue 14's layout items: compact 60x20, wide 200x60, glyph fallbacks, a steady form, the URI on
/// a line of its own, the log and the fields' truncation markers.
@MainActor
@Suite("Terminal layout (issue 14)")
struct TerminalLayoutTests {
    let view = ScreenFixtures.view

    func lines(_ state: AppState, _ columns: Int, _ rows: Int) -> [String] {
        view.render(state, size: TerminalSize(columns: columns, rows: rows)).grid.textLines()
    }

    // MARK: Glyphs (Missing 11, C14)

    @Test func theGlyphSetFollowsTheLocaleAndTheTerminal() {
        #expect(GlyphSet.automatic(environment: ["LANG": "C"]) == .ascii)
        #expect(GlyphSet.automatic(environment: [:]) == .ascii)
        #expect(GlyphSet.automatic(environment: ["LANG": "en_US.UTF-8"]) == .unicode)
        #expect(GlyphSet.automatic(environment: ["LC_ALL": "C", "LANG": "en_US.UTF-8"]) == .ascii)
        #expect(GlyphSet.automatic(environment: ["LC_CTYPE": "C.utf8", "LANG": "C"]) == .unicode)
        #expect(GlyphSet.automatic(environment: ["LANG": "C.UTF-8", "TERM": "linux"]) == .console)
        #expect(Theme.automatic(environment: ["TERM": "linux"]) == .console)
        #expect(Theme.console.style(for: .placeholder).background == .blue)
        #expect(Theme.console.style(for: .field).background == .blue)
    }

    @Test func asciiFramesHoldOnlyASCIIOutsideTheUsersOwnText() {
        for (name, state) in ScreenFixtures.all {
            let grid = GlyphSet.ascii.map(view.render(state, size: TerminalSize(columns: 80, rows: 24)).grid)
            for (row, line) in grid.textLines().enumerated() {
                // User text (José, the QR code) is left alone; everything the UI draws is ASCII.
                let drawn = (0..<grid.width).filter { grid[row, $0].style.role != .qrCode }
                let foreign = drawn.flatMap { grid[row, $0].character.unicodeScalars }.filter { !$0.isASCII }
                #expect(foreign.isEmpty, "\(name) row \(row): \(line)")
            }
        }
        let dashboard = GlyphSet.ascii.map(
            view.render(ScreenFixtures.dashboard, size: .init(columns: 80, rows: 24)).grid)
        let text = dashboard.text()
        #expect(text.contains("+-"), "ASCII corners and borders")
        #expect(text.contains("[#"), "bars of #")
        let console = GlyphSet.console.map(
            view.render(ScreenFixtures.signInWithError, size: .init(columns: 80, rows: 24)).grid
        ).text()
        #expect(console.contains("┌"), "the Linux console keeps box drawing")
        #expect(console.contains("x The username or password is incorrect."), "but marks are ASCII: \(console)")
        #expect(GlyphSet.console.map("⠙") != "⠙")
    }

    // MARK: Compact (Missing 7)

    @Test func compactScreensAt60x20KeepTheirFieldsAndButtons() {
        for state in [ScreenFixtures.signInEmpty, ScreenFixtures.signUpWithPolicy, ScreenFixtures.totpCode] {
            let text = lines(state, 60, 20).joined(separator: "\n")
            #expect(!text.contains("Terminal too small"))
            #expect(text.contains("›"), "a focused field: \(text)")
            #expect(text.contains("[ "), "its buttons: \(text)")
        }
        let dashboard = lines(ScreenFixtures.dashboard, 60, 20).joined(separator: "\n")
        #expect(dashboard.contains("Access token") && dashboard.contains(ScreenText.eventLogTitle), "\(dashboard)")
    }

    @Test func qDoesNotQuitFromTheTooSmallStateWhileAFormIsFocused() {
        var form = ScreenFixtures.signInEmpty
        _ = form.reduce(.terminalSizeChanged(tooSmall: true))
        #expect(form.reduce(.keyPressed(.character("q"))).isEmpty)
        #expect(form.keyHints == [ScreenText.hintCtrlCQuit])
        var dashboard = ScreenFixtures.dashboard
        _ = dashboard.reduce(.terminalSizeChanged(tooSmall: true))
        #expect(!dashboard.reduce(.keyPressed(.character("q"))).isEmpty, "no field: q still quits")
    }

    // MARK: U1, U2, U3

    @Test func theFormDoesNotMoveWhenAnErrorAppears() {
        var options = AuthUIOptions()
        options.logo = ["LATCHKEY", "========"]
        var state = AppState(options: options, now: ScreenFixtures.t0, timeZone: ScreenFixtures.utc)
        let before = lines(state, 80, 24)
        ScreenFixtures.type(&state, "alice")
        ScreenFixtures.press(&state, [.tab])
        ScreenFixtures.type(&state, "x")
        ScreenFixtures.press(&state, [.enter])
        _ = state.reduce(.signIn(.signInFinished(.failure(.notAuthorized("Incorrect username or password.")))))
        let after = lines(state, 80, 24)
        func row(of text: String, in lines: [String]) -> Int? { lines.firstIndex { $0.contains(text) } }
        #expect(row(of: "LATCHKEY", in: before) != nil)
        #expect(row(of: "LATCHKEY", in: before) == row(of: "LATCHKEY", in: after), "\(after.joined(separator: "\n"))")
        #expect(row(of: "Username", in: before) == row(of: "Username", in: after))
        #expect(after.joined().contains("The username or password is incorrect."))
        // The MFA code screen has the same header.
        var challenge = ScreenFixtures.totpCode
        challenge.options.logo = options.logo
        #expect(row(of: "LATCHKEY", in: lines(challenge, 80, 24)) != nil)
    }

    /// The six-row logo of `Assets/logo.txt`: tall enough that a growing form and the logo compete for rows.
    static let fullLogo = [
        "  _       _       _     _", " | | __ _| |_ ___| |__ | | _____ _   _",
        " | |/ _` | __/ __| '_ \\| |/ / _ \\ | | |", " | | (_| | || (__| | | |   <  __/ |_| |",
        " |_|\\__,_|\\__\\___|_| |_|_|\\_\\___|\\__, |", "                                 |___/",
    ]

    @Test(
        "U1: Create account keeps its place when an error appears; Forgot password keeps it from one step to the next")
    func formsKeepTheirPlaceWithTheFullLogo() {
        func row(of text: String, in lines: [String]) -> Int? { lines.firstIndex { $0.contains(text) } }
        for size in [(80, 24), (120, 40), (60, 20)] {
            var options = AuthUIOptions(startOnSignUp: true)
            options.logo = Self.fullLogo
            var signUp = AppState(options: options, now: ScreenFixtures.t0, timeZone: ScreenFixtures.utc)
            ScreenFixtures.type(&signUp, "bob")
            ScreenFixtures.press(&signUp, [.tab])
            ScreenFixtures.type(&signUp, "Secret-pass1")
            ScreenFixtures.press(&signUp, [.tab])
            ScreenFixtures.type(&signUp, "Secret-pass1")
            ScreenFixtures.press(&signUp, [.tab])
            ScreenFixtures.type(&signUp, "bob@example.com")
            let before = lines(signUp, size.0, size.1)
            ScreenFixtures.press(&signUp, [.enter])
            _ = signUp.reduce(.signUp(.signUpFinished(.failure(.usernameExists("User already exists")))))
            let after = lines(signUp, size.0, size.1)
            #expect(after.joined().contains("That username is taken"), "\(after.joined(separator: "\n"))")
            #expect(row(of: "|___/", in: before) == row(of: "|___/", in: after), "\(size): the logo came or went")
            // At 60x20 the box is placed and padded for the error from the start (the password is asked twice
            // since ux-3 item 21, so the form and its banner only just fit): it does not move when the error appears.
            #expect(row(of: "Username", in: before) == row(of: "Username", in: after), "\(size): the box moved")

            var forgot = ScreenFixtures.forgotRequest
            forgot.options.logo = Self.fullLogo
            let request = lines(forgot, size.0, size.1)
            ScreenFixtures.press(&forgot, [.enter])
            let delivery = CodeDeliveryDetails(
                destination: "a***@e***", deliveryMedium: "EMAIL", attributeName: "email")
            _ = forgot.reduce(.forgotPassword(.forgotPasswordFinished(.success(delivery))))
            let reset = lines(forgot, size.0, size.1)
            #expect(reset.joined().contains("New password"))
            #expect(
                (row(of: "|___/", in: request) != nil) == (row(of: "|___/", in: reset) != nil),
                "\(size): the logo came or went between the steps")
        }
    }

    @Test func aSignedInDashboardWithoutItsSessionSaysItIsReadingIt() {
        var state = ScreenFixtures.challenge(.done)
        _ = state.reduce(
            .sessionEvent(.stateChanged(.signedIn, username: "alice", provider: ScreenFixtures.poolProvider)))
        let text = lines(state, 80, 24)
        let idRow = text.first { $0.contains("ID token") } ?? ""
        #expect(idRow.contains(AppView.sessionLoading), "\(idRow)")
        #expect(!idRow.contains(" none"), "\(idRow)")
    }

    @Test func helpOverTheReloginPromptDrawsOneBox() {
        var state = ScreenFixtures.relogin
        ScreenFixtures.press(&state, [.function(1)])
        let text = lines(state, 80, 24)
        let topBorders = text.filter { $0.contains("┌") }
        // The dashboard's two boxes and the help box: no second modal's corner on the help's rows.
        #expect(text.allSatisfy { $0.components(separatedBy: "┌").count <= 2 }, "\(text.joined(separator: "\n"))")
        #expect(topBorders.contains { $0.contains("Keys") || $0.contains("Help") })
    }

    // MARK: U4, U5, U6, U7

    @Test func theTOTPURIIsOnRowsOfItsOwnAcrossTheScreen() {
        guard case .challenge(.totpSetup(let screen)) = ScreenFixtures.totpSetup.base else {
            Issue.record("not the TOTP set-up screen")
            return
        }
        let uri = screen.uri
        // At 80x24 the QR code is beside the form and the 85-character URI is left to Ctrl-Y (TOTPSetupLayoutTests);
        // at 60x20 too, since it would wrap (N17). At 120x40 it has a row of its own, whole.
        let wide = lines(ScreenFixtures.totpSetup, 120, 40)
        let row = wide.first { $0.hasPrefix("otpauth://") }
        #expect(row?.trimmingCharacters(in: .whitespaces) == uri, "\(wide.joined(separator: "\n"))")
        let narrow = lines(ScreenFixtures.totpSetup, 60, 20)
        #expect(!narrow.contains { $0.contains("otpauth://totp") }, "\(narrow.joined(separator: "\n"))")
        #expect(narrow.contains { $0.contains(ScreenText.totpCopyURIHint) })
    }

    @Test func wideTerminalsScaleTheBars() {
        #expect(AppView.expiryBarWidth(valueWidth: 58) == 10)
        #expect(AppView.expiryBarWidth(valueWidth: 178) == AppView.maximumExpiryBarWidth)
        let wide = lines(ScreenFixtures.dashboard, 200, 60)
        let row = wide.first { $0.contains("Access token") } ?? ""
        // Two columns from 140 (DashboardRowClickTests): the bar fills its half, more than twice the 80-column 10 cells.
        let bar = row.drop { $0 != "[" }.prefix { $0 != "]" }.dropFirst()
        #expect(bar.count >= 24 && bar.allSatisfy { "█░".contains($0) }, "\(row)")
    }

    @Test func theLogWrapsLongLinesAndListsCallsInTheirOrder() {
        var log = EventLog()
        let time = ScreenFixtures.t0
        log.append("GetUser #8 started", at: time)
        for number in [9, 8, 10, 12, 11] { log.append("GetUser #\(number) cancelled", at: time, orderKey: number) }
        #expect(Array(log.texts.dropFirst()) == ["8", "9", "10", "11", "12"].map { "GetUser #\($0) cancelled" })
        let long = "Identity id changed: none → us-east-1:d81a536c-776f-4f91-bc7f-b9c0123456789abcdef"
        var grid = CellGrid(width: 40, height: 4)
        LogView(entries: [LogView.Entry("short"), LogView.Entry(long)], wrapsLongLines: true).draw(
            into: &grid, in: grid.bounds)
        let text = grid.textLines().joined(separator: "\n")
        // Every character of the long id is on screen, on continuation rows indented two columns.
        let joined = grid.textLines().map { String($0.drop { $0 == " " }) }.joined()
        #expect(joined.contains("us-east-1:d81a536c-776f-4f91-bc7f-b9c0123456789abcdef"), "\(text)")
        #expect(grid.textLines().dropFirst(2).allSatisfy { $0.hasPrefix("  ") }, "\(text)")
        #expect(!text.contains("…"))
        // The dashboard's lines have two spaces after the time: the rest still wraps onto its own rows.
        var spaced = CellGrid(width: 40, height: 4)
        LogView(entries: [LogView.Entry("05:09:40  " + long)], wrapsLongLines: true).draw(
            into: &spaced, in: spaced.bounds)
        let spacedJoined = spaced.textLines().map { String($0.drop { $0 == " " }) }.joined()
        #expect(spacedJoined.contains("b9c0123456789abcdef"), "\(spaced.text())")
    }

    @Test func aLongUnfocusedFieldShowsItsStartAndAMarker() {
        let long = String(repeating: "abcdefghij", count: 4)
        var grid = CellGrid(width: 20, height: 1)
        TextFieldView(text: long, cursor: 40, isFocused: false).draw(into: &grid, in: grid.bounds)
        #expect(grid.textLines()[0] == "abcdefghijabcdefghi…")
        grid = CellGrid(width: 20, height: 1)
        TextFieldView(text: long, cursor: 40, isFocused: true).draw(into: &grid, in: grid.bounds)
        #expect(grid.textLines()[0].hasPrefix("…"), "\(grid.textLines()[0])")
        grid = CellGrid(width: 20, height: 1)
        TextFieldView(text: "short", cursor: 5, isFocused: true).draw(into: &grid, in: grid.bounds)
        #expect(grid.textLines()[0].hasPrefix("short"))
    }

    // MARK: U9

    @Test func theResetFormHasThePolicyHeadingAndOneRevealHint() {
        let text = lines(ScreenFixtures.forgotReset, 80, 24).joined(separator: "\n")
        #expect(text.contains(ScreenText.policyHeading), "\(text)")
        let signUp = lines(ScreenFixtures.signUpWithPolicy, 80, 24).joined(separator: "\n")
        #expect(signUp.components(separatedBy: "Ctrl-T").count == 2, "one Ctrl-T hint: \(signUp)")
    }
}
