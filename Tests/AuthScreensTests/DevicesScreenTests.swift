import AuthScreens
import AuthScreensTesting
import CognitoAuth
import CognitoAuthTesting
import Foundation
import TerminalKeys
import Testing

let thisKey = "us-east-1_11111111-aaaa-bbbb-cccc-000000000001"
let otherKey = "us-east-1_22222222-aaaa-bbbb-cccc-000000000002"

/// This machine (remembered) and a laptop (not remembered).
let twoDevices = [
    DeviceInfo(
        deviceKey: thisKey, name: "latchkey", rememberedStatus: "remembered", lastAuthenticated: t0, isCurrent: true),
    DeviceInfo(
        deviceKey: otherKey, name: "laptop\u{1B}[31m", rememberedStatus: "not_remembered", isCurrent: false,
        lastIPUsed: "10.0.0.9"),
]

@Suite("Devices view and the remember prompt")
struct DevicesScreenTests {
    func opened(_ devices: [DeviceInfo] = twoDevices) -> AppState {
        var app = signedInApp()
        #expect(app.reduce(.keyPressed(.character("v"))) == [.devices(.load)])
        #expect(app.activity == ScreenText.loadingDevices)
        _ = app.reduce(.devices(.loaded(.success(devices))))
        return app
    }

    @Test("v opens the view only when signed in; the hints and help name it")
    func opening() {
        #expect(ScreenText.dashboardHints.contains("v devices"))
        #expect(ScreenText.dashboardHelp.contains { $0.hasPrefix("v ") })
        var signedOut = AppState(now: t0, timeZone: utc)
        signedOut.base = .dashboard
        #expect(signedOut.reduce(.keyPressed(.character("v"))).isEmpty)
        #expect(signedOut.devices == nil)
        let app = opened()
        #expect(app.title == ScreenText.devicesTitle)
        #expect(app.keyHints == ScreenText.devicesHints)
        #expect(app.activity == nil)
    }

    @Test("rows: sanitised name, short key, remembered, last use and IP, this machine marked")
    func rows() throws {
        let app = opened()
        let rows = try #require(app.devices?.rows(timeZone: utc))
        #expect(rows.count == 2)
        #expect(rows[0].name == "latchkey" && rows[0].isCurrent)
        #expect(rows[0].shortKey == "11111111…")
        #expect(rows[0].remembered == "remembered")
        #expect(rows[0].lastUsed == "2023-11-14 22:13")
        #expect(!rows[1].name.contains("\u{1B}"))
        #expect(rows[1].remembered == "not remembered" && !rows[1].isCurrent)
        #expect(rows[1].lastUsed == "10.0.0.9")
    }

    @Test("an empty list explains why; a failure shows sanitised")
    func emptyAndError() {
        var app = opened([])
        #expect(app.devices?.emptyText == ScreenText.noDevices)
        _ = app.reduce(.keyPressed(.character("l")))
        _ = app.reduce(.devices(.loaded(.failure(.service(type: "X", message: "bad\u{1B}]0;title\u{07} thing")))))
        #expect(app.devices?.error?.contains("\u{1B}") == false)
        #expect(app.devices?.error?.contains("bad") == true)
        #expect(app.devices?.emptyText == nil)
    }

    /// ux-3, item 18: the demo's empty list offered `f forget · r remember on/off`, which did nothing.
    @Test("an empty list's hints name no key that acts on a device")
    func emptyListHints() {
        let empty = opened([])
        let hints = empty.hintEntries.map(\.text).joined(separator: " · ")
        #expect(!hints.contains("forget") && !hints.contains("remember"), "\(hints)")
        #expect(hints.contains("Esc"), "\(hints)")
        let listed = opened().hintEntries.map(\.text).joined(separator: " · ")
        #expect(listed.contains("forget"), "\(listed)")
    }

    @Test("f on this machine asks first: any key but y keeps it, y forgets and then reloads")
    func forgetThisMachine() {
        var app = opened()
        #expect(app.reduce(.keyPressed(.character("f"))).isEmpty)
        #expect(app.devices?.confirmingForget == thisKey)
        #expect(app.reduce(.keyPressed(.character("n"))).isEmpty)
        #expect(app.devices?.confirmingForget == nil && app.devices?.notice == ScreenText.forgetCancelled)
        _ = app.reduce(.keyPressed(.character("f")))
        #expect(app.reduce(.keyPressed(.character("y"))) == [.devices(.change(.forget(deviceKey: thisKey)))])
        #expect(app.activity == ScreenText.forgettingDevice)
        // Keys are ignored while it runs.
        #expect(app.reduce(.keyPressed(.character("r"))).isEmpty)
        #expect(
            app.reduce(.devices(.changeFinished(.forget(deviceKey: thisKey), .success(())))) == [.devices(.load)])
        _ = app.reduce(.devices(.loaded(.success([twoDevices[1]]))))
        #expect(app.devices?.devices.map(\.deviceKey) == [otherKey])
        #expect(app.devices?.notice == "Device forgotten.")
    }

    @Test("another device is forgotten without asking; r toggles remembered; Esc goes back")
    func otherDevice() {
        var app = opened()
        _ = app.reduce(.keyPressed(.down))
        #expect(app.devices?.selection == 1)
        _ = app.reduce(.keyPressed(.down))
        #expect(app.devices?.selection == 1)
        #expect(
            app.reduce(.keyPressed(.character("r")))
                == [.devices(.change(.remember(deviceKey: otherKey, remembered: true)))])
        _ = app.reduce(
            .devices(
                .changeFinished(
                    .remember(deviceKey: otherKey, remembered: true),
                    .failure(.notAuthorized("Access Token has expired")))))
        #expect(app.devices?.error == "The session expired")
        _ = app.reduce(.devices(.loaded(.success(twoDevices))))
        #expect(app.reduce(.keyPressed(.character("f"))) == [.devices(.change(.forget(deviceKey: otherKey)))])
        _ = app.reduce(.devices(.loaded(.success(twoDevices))))
        _ = app.reduce(.keyPressed(.up))
        #expect(
            app.reduce(.keyPressed(.character("r")))
                == [.devices(.change(.remember(deviceKey: thisKey, remembered: false)))])
        _ = app.reduce(.devices(.loaded(.success(twoDevices))))
        #expect(app.reduce(.keyPressed(.escape)).isEmpty)
        #expect(app.devices == nil && app.title == ScreenText.dashboardTitle)
    }

    @Test("signing out closes the view")
    func signOutCloses() {
        var app = opened()
        _ = app.reduce(.sessionEvent(.stateChanged(.signedOut, username: nil, provider: nil)))
        #expect(app.devices == nil)
    }

    func awaiting(_ key: String = thisKey) -> SessionSummary {
        var summary = SessionSummary(username: "alice")
        summary.deviceKey = key
        summary.deviceAwaitsRememberChoice = true
        return summary
    }

    @Test("the remember prompt opens once per device; y remembers this device; the answer is logged")
    func promptYes() {
        var app = signedInApp()
        _ = app.reduce(.sessionLoaded(SessionSummary(username: "alice")))
        #expect(app.rememberDevicePrompt == nil)
        _ = app.reduce(.sessionLoaded(awaiting()))
        #expect(app.rememberDevicePrompt == RememberDevicePromptState(deviceKey: thisKey))
        #expect(app.title == ScreenText.rememberDeviceTitle)
        #expect(
            app.reduce(.keyPressed(.character("y"))) == [.devices(.change(.remember(deviceKey: nil, remembered: true)))]
        )
        #expect(app.rememberDevicePrompt == nil)
        _ = app.reduce(.devices(.changeFinished(.remember(deviceKey: nil, remembered: true), .success(()))))
        #expect(app.dashboard.log.texts.last == "Devices: Device remembered.")
        _ = app.reduce(.sessionLoaded(awaiting()))
        #expect(app.rememberDevicePrompt == nil)
    }

    @Test("n records not remembered; any other key just closes the prompt, without a call")
    func promptNoAndDismiss() {
        var app = signedInApp()
        _ = app.reduce(.sessionLoaded(awaiting()))
        #expect(
            app.reduce(.keyPressed(.character("n"))) == [
                .devices(.change(.remember(deviceKey: nil, remembered: false)))
            ])
        _ = app.reduce(.sessionLoaded(awaiting(otherKey)))
        #expect(app.rememberDevicePrompt != nil)
        #expect(app.reduce(.keyPressed(.escape)).isEmpty)
        #expect(app.rememberDevicePrompt == nil)
        // The next key reaches the dashboard again.
        #expect(app.reduce(.keyPressed(.character("v"))) == [.devices(.load)])
    }

    @Test("the prompt does not open while signed out")
    func promptNeedsSignIn() {
        var app = AppState(now: t0, timeZone: utc)
        _ = app.reduce(.sessionLoaded(awaiting()))
        #expect(app.rememberDevicePrompt == nil)
    }
}

@MainActor
@Suite struct DevicesRuntimeTests {
    @Test func theRuntimeListsForgetsAndReloads() async {
        let fake = FakeAuthService()
        await fake.script(devices: twoDevices)
        let runtime = AuthScreensRuntime(service: fake, state: signedInApp(), clock: ManualClock(start: t0))
        runtime.send(.keyPressed(.character("v")))
        await runtime.settle()
        #expect(runtime.state.devices?.devices.count == 2)
        runtime.send(.keyPressed(.down))
        runtime.send(.keyPressed(.character("f")))
        await runtime.settle()
        #expect(runtime.state.devices?.devices.map(\.deviceKey) == [thisKey])
        #expect(await fake.calls == [.listDevices, .forgetDevice(otherKey), .listDevices])
    }

    @Test func aFinishedSignInReadsTheSessionAndAsksToRememberTheDevice() async throws {
        let fake = FakeAuthService()
        var session = PersistedSession(state: .signedIn, username: "alice", updatedAt: t0)
        session.device = TrackedDevice(
            username: "alice", deviceKey: thisKey, deviceGroupKey: "group", devicePassword: "device-secret",
            remembered: false, awaitsRememberChoice: true)
        await fake.store(session)
        await fake.set(holdsSignIn: true)
        let runtime = AuthScreensRuntime(service: fake, timeZone: utc, clock: ManualClock(start: t0))
        runtime.send(.keyPressed(.paste("alice")))
        runtime.send(.keyPressed(.tab))
        runtime.send(.keyPressed(.paste("pw")))
        runtime.send(.keyPressed(.enter))
        try await runtime.waitUntil("the sign-in is held", service: fake) { await fake.isSignInHeld }
        // As with the client: the state changes first, then signIn returns after registering the device.
        runtime.send(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: poolProvider)))
        #expect(runtime.state.base == .dashboard)
        #expect(runtime.state.rememberDevicePrompt == nil)
        await fake.finishSignIn()
        await runtime.settle()
        #expect(runtime.state.rememberDevicePrompt == RememberDevicePromptState(deviceKey: thisKey))
        #expect(!dumped(runtime.state).contains("device-secret"))
        runtime.send(.keyPressed(.character("y")))
        await runtime.settle()
        #expect(await fake.calls.last == .setDeviceRemembered(true, nil))
        #expect(runtime.state.rememberDevicePrompt == nil)
        #expect(runtime.state.dashboard.log.texts.last == "Devices: Device remembered.")
    }

    @Test func aFailedSignInDoesNotReadTheSession() async {
        let fake = FakeAuthService()
        await fake.script(signIn: [.failure(.notAuthorized("Incorrect username or password."))])
        var session = PersistedSession(state: .signedIn, username: "alice", updatedAt: t0)
        session.device = TrackedDevice(
            username: "alice", deviceKey: thisKey, deviceGroupKey: "g", devicePassword: "p", awaitsRememberChoice: true)
        await fake.store(session)
        let runtime = AuthScreensRuntime(service: fake, timeZone: utc, clock: ManualClock(start: t0))
        runtime.send(.keyPressed(.paste("alice")))
        runtime.send(.keyPressed(.tab))
        runtime.send(.keyPressed(.paste("pw")))
        runtime.send(.keyPressed(.enter))
        await runtime.settle()
        #expect(runtime.state.dashboard.session == nil)
        #expect(runtime.state.rememberDevicePrompt == nil)
    }

    @Test func aServiceWithoutDevicesShowsTheError() async {
        let fake = FakeAuthService()
        await fake.script(devices: [], error: .unsupported(type: "devices", message: "no devices here"))
        let runtime = AuthScreensRuntime(service: fake, state: signedInApp(), clock: ManualClock(start: t0))
        runtime.send(.keyPressed(.character("v")))
        await runtime.settle()
        #expect(runtime.state.devices?.error != nil)
        #expect(runtime.state.devices?.emptyText == nil)
    }

    @Test("A far-future last sign-in shows as the clamped 2100-01-01, as the CLI shows it, not as year 475000")
    func farFutureDateIsClamped() {
        let far = Date(timeIntervalSince1970: 1.5e13)
        let device = DeviceInfo(deviceKey: thisKey, name: "x", lastAuthenticated: far)
        var state = DevicesState()
        state.devices = [device]
        #expect(state.rows(timeZone: utc).first?.lastUsed == "2100-01-01 00:00")
        #expect(ScreenText.dateTime(Date(timeIntervalSince1970: -1e15), timeZone: utc) == "1970-01-01 00:00")
    }
}
