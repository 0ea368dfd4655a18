import AuthScreens
import AuthScreensTesting
import CognitoAuth
import CognitoAuthTesting
import Foundation
import TerminalKeys
import Testing

@MainActor
@Suite("The Passkeys view: k lists, a adds through the ceremony, x asks before removing")
struct PasskeysScreenTests {
    /// A signed-in runtime whose fake holds one passkey; ceremonies go through `bridge` to a key that takes PIN 1234.
    func signedIn(_ bridge: PasskeyCeremonyBridge) async throws -> (AuthScreensRuntime, FakeAuthService) {
        let fake = FakeAuthService()
        let key = PINAuthenticator(interaction: bridge)
        await fake.script(
            passkeyAuthenticator: bridge.authenticator(wrapping: key),
            passkeys: [PasskeyCredential(id: "AbC-1", name: "YubiKey", relyingPartyId: "127.0.0.1")])
        var state = AppState(options: AuthUIOptions(), now: t0, timeZone: utc)
        state.base = .dashboard
        state.dashboard.userState = .signedIn
        let runtime = AuthScreensRuntime(service: fake, state: state, clock: ManualClock(start: t0))
        runtime.attachPasskeys(bridge)
        return (runtime, fake)
    }

    func view(_ runtime: AuthScreensRuntime) -> PasskeysState? {
        if case .passkeys(let state) = runtime.state.modal { return state }
        return nil
    }

    @Test(
        "k opens the list; a adds one through the ceremony (PIN), the list is read again; x, n keeps it; x, y removes it"
    )
    func listAddRemove() async throws {
        let bridge = PasskeyCeremonyBridge()
        let (runtime, fake) = try await signedIn(bridge)
        runtime.send(.keyPressed(.character("k")))
        try await runtime.waitUntil("the list") { view(runtime)?.passkeys?.count == 1 }
        runtime.send(.keyPressed(.character("a")))
        try await runtime.waitUntil("the PIN asked") { runtime.state.passkeyCeremony?.pinField != nil }
        #expect(runtime.state.passkeyCeremony?.title == "Add a passkey")
        for key in "1234".keys { runtime.send(.keyPressed(key)) }
        runtime.send(.keyPressed(.enter))
        try await runtime.waitUntil("two passkeys") {
            view(runtime)?.passkeys?.count == 2 && view(runtime)?.request == nil
        }
        #expect(view(runtime)?.outcome == "Passkey added.")
        try await runtime.waitUntil("the ceremony screen closed") { runtime.state.passkeyCeremony == nil }
        // x asks; n keeps it.
        runtime.send(.keyPressed(.character("x")))
        #expect(runtime.state.modalPanel?.message.contains("Remove passkey YubiKey?") == true)
        runtime.send(.keyPressed(.character("n")))
        #expect(view(runtime)?.confirmingRemoval == nil)
        runtime.send(.keyPressed(.character("x")))
        runtime.send(.keyPressed(.character("y")))
        try await runtime.waitUntil("one passkey left") {
            view(runtime)?.passkeys?.count == 1 && view(runtime)?.request == nil
        }
        #expect(view(runtime)?.outcome == "Passkey YubiKey removed.")
        let calls = await fake.calls
        #expect(calls.filter { $0 == .deletePasskey("AbC-1") }.count == 1)
        #expect(calls.contains(.addPasskey))
        // k (the opening key) or Esc goes back.
        runtime.send(.keyPressed(.character("k")))
        #expect(runtime.state.modal == nil)
    }

    @Test("A failed list says why, sanitised")
    func failure() async throws {
        let bridge = PasskeyCeremonyBridge()
        let (runtime, fake) = try await signedIn(bridge)
        await fake.setPasskeyError(.passkey(.notEnabled("WebAuthn\u{1B}[2J off")))
        runtime.send(.keyPressed(.character("k")))
        try await runtime.waitUntil("the error") { view(runtime)?.error != nil }
        #expect(view(runtime)?.error?.contains("This user pool does not allow passkeys.") == true)
        #expect(view(runtime)?.error?.contains("\u{1B}") == false)
    }

    @Test("Profile's k (the dashboard's key) opens the Passkeys view")
    func fromProfile() {
        var app = AppState(options: AuthUIOptions(), now: t0, timeZone: utc)
        app.base = .dashboard
        app.dashboard.userState = .signedIn
        _ = app.reduce(.keyPressed(.character("p")))
        #expect(app.profile != nil)
        let effects = app.reduce(.keyPressed(.character("k")))
        #expect(app.passkeysView != nil)
        #expect(effects == [.passkeys(.list)])
    }
}
