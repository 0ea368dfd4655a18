import AuthScreens
import AuthScreensTesting
import CognitoAuth
import CognitoAuthTesting
import Foundation
import LatchkeyText
import TerminalKeys
import Testing

/// This terminal's session and a laptop's (whose device and place carry escapes).
let twoSessions = [
    UserSessionInfo(
        id: "tkn1111111111111111111111111", clientId: "client0000000000000000000001",
        created: t0.addingTimeInterval(-600),
        lastActive: t0, deviceType: "Latchkey/0.2.0 (Linux)", lastIPAddress: "127.0.0.1", isCurrent: true),
    UserSessionInfo(
        id: "tkn2222222222222222222222222", clientId: "client0000000000000000000001",
        created: t0.addingTimeInterval(-86_400), lastActive: t0.addingTimeInterval(-3600),
        deviceType: "laptop\u{1B}[31m", lastIPAddress: "192.0.2.7", city: "Tokyo\u{07}", country: "JP"),
]

@Suite("Sessions view")
struct SessionsScreenTests {
    func opened(_ sessions: [UserSessionInfo] = twoSessions) -> AppState {
        var app = signedInApp()
        #expect(app.reduce(.keyPressed(.character("S"))) == [.sessions(.load)])
        #expect(app.activity == Localized.text(\.sessionsLoading))
        _ = app.reduce(.sessions(.loaded(.success(sessions))))
        return app
    }

    @Test("S opens the view only when signed in; the dashboard's hints and help name it")
    func opening() {
        #expect(ScreenText.dashboardHints.contains("S sessions"))
        #expect(ScreenText.dashboardHelp.contains { $0.hasPrefix("v / S ") && $0.contains("sessions") })
        var signedOut = AppState(now: t0, timeZone: utc)
        signedOut.base = .dashboard
        #expect(signedOut.reduce(.keyPressed(.character("S"))).isEmpty)
        #expect(signedOut.sessions == nil)
        let app = opened()
        #expect(app.title == "Sessions")
        #expect(app.activity == nil)
        #expect(app.hintEntries.map(\.text) == ["↑/↓ select", "x revoke", "r reload", "Esc back", "q quit"])
        #expect(app.helpLines.first == "↑ ↓   select a session")
        #expect(app.helpLines.contains("Esc or S   back to the dashboard"))
    }

    @Test("Profile's S opens the view too (the dashboard's binding, written once)")
    func openingFromProfile() {
        var app = signedInApp()
        _ = app.reduce(.keyPressed(.character("p")))
        #expect(app.profile != nil)
        #expect(app.helpLines.contains("S   your sessions on every device"))
        #expect(app.reduce(.keyPressed(.character("S"))) == [.sessions(.load)])
        #expect(app.sessions != nil && app.profile == nil)
    }

    @Test("rows: device, address and place, short client, times; server text sanitised; this terminal marked")
    func rows() throws {
        let app = opened()
        let rows = try #require(app.sessions?.rows(timeZone: utc))
        #expect(rows.count == 2)
        #expect(rows[0].isCurrent && rows[0].device == "Latchkey/0.2.0 (Linux)")
        #expect(rows[0].address == "127.0.0.1" && rows[0].client == "client00…")
        #expect(rows[0].created == "2023-11-14 22:03" && rows[0].lastActive == "2023-11-14 22:13")
        #expect(!rows[1].isCurrent)
        #expect(!rows[1].device.contains("\u{1B}") && !rows[1].address.contains("\u{07}"))
        #expect(rows[1].address.hasPrefix("192.0.2.7 · Tokyo"))
        #expect(rows[1].detail == "Session tkn22222… · TOKEN · app client client0000000000000000000001")
    }

    @Test("↓/j and ↑/k move the selection, within the list")
    func selection() {
        var app = opened()
        _ = app.reduce(.keyPressed(.character("j")))
        #expect(app.sessions?.selection == 1)
        _ = app.reduce(.keyPressed(.down))
        #expect(app.sessions?.selection == 1)
        _ = app.reduce(.keyPressed(.character("k")))
        #expect(app.sessions?.selection == 0)
    }

    @Test("x asks first: n keeps the session; y revokes, says so, and reloads")
    func revokeConfirmRefresh() {
        var app = opened()
        _ = app.reduce(.keyPressed(.down))
        #expect(app.reduce(.keyPressed(.character("x"))).isEmpty)
        #expect(app.sessions?.confirmingRevoke?.id == twoSessions[1].id)
        #expect(app.sessions?.message?.kind == .question)
        #expect(app.sessions?.message?.text.hasSuffix("y/N") == true)
        #expect(app.reduce(.keyPressed(.character("n"))).isEmpty)
        #expect(app.sessions?.confirmingRevoke == nil)
        #expect(app.sessions?.notice == Localized.text(\.sessionsRevokeCancelled))
        _ = app.reduce(.keyPressed(.character("x")))
        #expect(app.reduce(.keyPressed(.character("y"))) == [.sessions(.revoke(twoSessions[1]))])
        #expect(app.activity == Localized.text(\.sessionsRevoking))
        // Keys that start calls wait while one runs.
        #expect(app.reduce(.keyPressed(.character("r"))).isEmpty)
        #expect(app.reduce(.sessions(.revoked(twoSessions[1], .success(())))) == [.sessions(.load)])
        #expect(app.sessions?.notice?.hasPrefix("Session revoked: laptop") == true)
        _ = app.reduce(.sessions(.loaded(.success([twoSessions[0]]))))
        #expect(app.sessions?.sessions.count == 1 && app.sessions?.selection == 0)
    }

    @Test("x on this terminal's session is refused with a sentence, and nothing is sent")
    func refusesCurrent() {
        var app = opened()
        #expect(app.reduce(.keyPressed(.character("x"))).isEmpty)
        #expect(app.sessions?.confirmingRevoke == nil)
        #expect(app.sessions?.request == nil)
        #expect(app.sessions?.error?.contains("this terminal's own session") == true)
        #expect(app.sessions?.error?.contains("sign out (o on the dashboard)") == true)
        #expect(app.reduce(.keyPressed(.character("y"))).isEmpty)
    }

    @Test("OperationNotEnabledException: the view says session tracking is off, and does not poll")
    func trackingOff() throws {
        var app = signedInApp()
        _ = app.reduce(.keyPressed(.character("S")))
        _ = app.reduce(.sessions(.loaded(.failure(.trackingOff))))
        let state = try #require(app.sessions)
        #expect(state.isTrackingOff && state.error == nil)
        let placeholder = try #require(state.placeholder)
        #expect(placeholder.kind == .warning)
        #expect(placeholder.text.contains("does not track sessions"))
        #expect(placeholder.text.contains("administrator can turn session tracking on"))
        #expect(app.reduce(.tick(now: t0.addingTimeInterval(120))).isEmpty)
    }

    @Test("the core's typed error becomes the tracking-off state; other failures a sanitised sentence")
    func failureMapping() async {
        let fake = FakeAuthService()
        await fake.script(sessions: [], error: TokenServiceError.sessionTrackingNotEnabled)
        guard case .loaded(.failure(let off))? = await SessionsRequestProbe.load(fake) else {
            return #expect(Bool(false))
        }
        #expect(off == .trackingOff)
        await fake.script(sessions: [], error: AuthError.service(type: "X", message: "bad\u{1B}]0;t\u{07} thing"))
        guard case .loaded(.failure(.failed(let sentence)))? = await SessionsRequestProbe.load(fake) else {
            return #expect(Bool(false))
        }
        #expect(!sentence.contains("\u{1B}") && sentence.contains("bad"))
    }

    @Test("the list reloads by itself 30 s after it arrived, not while a question waits")
    func periodicReload() {
        var app = opened()
        #expect(app.reduce(.tick(now: t0.addingTimeInterval(29))).isEmpty)
        #expect(app.reduce(.tick(now: t0.addingTimeInterval(30))) == [.sessions(.load)])
        _ = app.reduce(.sessions(.loaded(.success(twoSessions))))
        _ = app.reduce(.keyPressed(.down))
        _ = app.reduce(.keyPressed(.character("x")))
        #expect(app.reduce(.tick(now: t0.addingTimeInterval(90))).isEmpty)
    }

    @Test("Esc and S close the view; a failure is shown sanitised")
    func closingAndErrors() {
        var app = opened()
        _ = app.reduce(.keyPressed(.character("r")))
        _ = app.reduce(.sessions(.loaded(.failure(.failed("network down")))))
        #expect(app.sessions?.message?.kind == .error)
        #expect(app.sessions?.sessions.count == 2)
        _ = app.reduce(.keyPressed(.escape))
        #expect(app.sessions == nil)
        _ = app.reduce(.keyPressed(.character("S")))
        _ = app.reduce(.keyPressed(.character("S")))
        #expect(app.sessions == nil)
    }
}

/// Runs a Sessions request's `perform` the way the runtime does.
enum SessionsRequestProbe {
    static func load(_ service: FakeAuthService) async -> SessionsAction? {
        var app = signedInApp()
        let effects = app.reduce(.keyPressed(.character("S")))
        guard let effect = effects.first, case .modal(.sessions(let action))? = await effect.perform(on: service)
        else { return nil }
        return action
    }
}

@MainActor
@Suite struct SessionsRuntimeTests {
    @Test func theRuntimeListsRevokesAndReloads() async {
        let fake = FakeAuthService()
        await fake.script(sessions: twoSessions)
        let runtime = AuthScreensRuntime(service: fake, state: signedInApp(), clock: ManualClock(start: t0))
        runtime.send(.keyPressed(.character("S")))
        await runtime.settle()
        #expect(runtime.state.sessions?.sessions.count == 2)
        runtime.send(.keyPressed(.down))
        runtime.send(.keyPressed(.character("x")))
        runtime.send(.keyPressed(.character("y")))
        await runtime.settle()
        #expect(runtime.state.sessions?.sessions.map(\.id) == [twoSessions[0].id])
        #expect(await fake.calls == [.listSessions, .revokeSession(twoSessions[1].id), .listSessions])
    }
}
