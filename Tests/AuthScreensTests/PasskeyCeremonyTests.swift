import AuthScreens
import AuthScreensTesting
import CognitoAuth
import CognitoAuthTesting
import Foundation
import LatchkeyText
import Synchronization
import TerminalKeys
import Testing

/// A test authenticator that talks to the person through a ``PasskeyInteraction`` as a security key would: it
/// shows "touch", asks for the PIN until it gets `rightPIN` (the attempts left counting down, "wrong" said after a
/// wrong one), then waits for the touch until `touched` (or forever, to be cancelled).
final class PINAuthenticator: PasskeyAuthenticator, Sendable {
    let interaction: any PasskeyInteraction
    let rightPIN: String
    let waitsForever: Bool
    /// The PINs it was given, and whether its wait was cancelled.
    let seen = Mutex<(pins: [String], cancelled: Bool)>(([], false))

    init(interaction: any PasskeyInteraction, rightPIN: String = "1234", waitsForever: Bool = false) {
        self.interaction = interaction
        self.rightPIN = rightPIN
        self.waitsForever = waitsForever
    }

    func create(_ ceremony: PasskeyCeremony) async throws -> JSONValue { try await perform() }
    func get(_ ceremony: PasskeyCeremony) async throws -> JSONValue { try await perform() }

    private func perform() async throws -> JSONValue {
        await interaction.show(.touch(authenticator: "Test Key"))
        if waitsForever {
            do {
                try await Task.sleep(for: .seconds(3600))
            } catch {
                seen.withLock { $0.cancelled = true }
                throw AuthError.passkey(.cancelled)
            }
        }
        var attempts = 8
        var wrong = false
        while true {
            let pin = try await interaction.pin(
                PasskeyPINRequest(authenticator: "Test Key", attemptsLeft: attempts, previousWasWrong: wrong))
            seen.withLock { $0.pins.append(pin) }
            if pin == rightPIN { break }
            attempts -= 1
            wrong = true
        }
        await interaction.show(.touch(authenticator: "Test Key"))
        return ["id": "cred-1", "type": "public-key"]
    }
}

@MainActor
@Suite("The passkey ceremony screen: prompts, the PIN, Esc, failures")
struct PasskeyCeremonyTests {
    func type(_ runtime: AuthScreensRuntime, _ text: String) {
        for key in text.keys { runtime.send(.keyPressed(key)) }
    }

    /// A runtime on Sign in with "Use a passkey", its ceremonies going through `bridge` to `authenticator`.
    func runtime(_ bridge: PasskeyCeremonyBridge, _ authenticator: any PasskeyAuthenticator) async -> (
        AuthScreensRuntime, FakeAuthService
    ) {
        let fake = FakeAuthService()
        await fake.script(passkeyAuthenticator: bridge.authenticator(wrapping: authenticator))
        var options = AuthUIOptions()
        options.offersPasskey = true
        let runtime = AuthScreensRuntime(service: fake, options: options, timeZone: utc, clock: ManualClock(start: t0))
        runtime.attachPasskeys(bridge)
        return (runtime, fake)
    }

    /// The Sign in screen, when it is the base.
    func signIn(_ runtime: AuthScreensRuntime) -> SignInState? {
        if case .signIn(let state) = runtime.state.base { return state }
        return nil
    }

    /// Types `alice` and presses "Use a passkey".
    func usePasskey(_ runtime: AuthScreensRuntime) {
        type(runtime, "alice")
        runtime.send(.signIn(.focusChanged(.passkey)))
        runtime.send(.keyPressed(.enter))
    }

    @Test("Sign in offers Use a passkey only when an authenticator is set up; it needs the username only")
    func offeredWithAnAuthenticator() {
        var plain = SignInState()
        #expect(!plain.focusOrder.contains(.passkey))
        plain.offersPasskey = true
        #expect(plain.focusOrder == [.username, .password, .signIn, .passkey, .createAccount, .forgotPassword])
        #expect(plain.label(for: .passkey) == "Use a passkey")
        plain.focus = .passkey
        // No username: said on the field, nothing sent.
        #expect(plain.reduce(.keyPressed(.enter)).isEmpty)
        #expect(plain.username.error == ScreenText.usernameRequired)
        plain.username.setText("alice")
        plain.focus = .passkey
        #expect(plain.reduce(.keyPressed(.enter)) == [.run(.signIn(.passkey(username: "alice")))])
        #expect(plain.isInFlight)
    }

    @Test("The method choice lets the passkey be chosen when an authenticator is set up")
    func methodChoice() {
        var choice = SelectSignInMethodState(username: "alice", methods: [.webAuthn])
        #expect(choice.focusOrder == [.cancel])
        choice.canUsePasskey = true
        #expect(choice.banner == nil)
        #expect(choice.focusOrder == [.choice(0), .cancel])
        #expect(choice.label(for: .choice(0)) == "Use a passkey")
        #expect(choice.reduce(.keyPressed(.enter)) == [.run(.challenge(.selectSignInMethod(.webAuthn, password: nil)))])
        #expect(choice.activity == ScreenText.signingIn)
    }

    @Test("A wrong PIN: the screen says so and shows the attempts left, one fewer; the right one signs in")
    func wrongPINThenRightPIN() async throws {
        let bridge = PasskeyCeremonyBridge()
        let key = PINAuthenticator(interaction: bridge)
        let (runtime, fake) = await runtime(bridge, key)
        usePasskey(runtime)
        try await runtime.waitUntil("the PIN asked") { runtime.state.passkeyCeremony?.pinField != nil }
        var ceremony = try #require(runtime.state.passkeyCeremony)
        #expect(ceremony.pinStatus == "8 attempts left.")
        #expect(ceremony.message == "Enter the PIN of Test Key.")
        #expect(runtime.state.hasTextField)
        // Enter with nothing typed: said on the field, nothing sent.
        runtime.send(.keyPressed(.enter))
        #expect(runtime.state.passkeyCeremony?.pinField?.error == "Enter the PIN.")
        type(runtime, "0000")
        #expect(runtime.state.passkeyCeremony?.pinField?.displayText == "••••")
        runtime.send(.keyPressed(.enter))
        try await runtime.waitUntil("the PIN asked again") {
            runtime.state.passkeyCeremony?.pinStatus?.contains("Wrong") == true
        }
        ceremony = try #require(runtime.state.passkeyCeremony)
        #expect(ceremony.pinStatus == "Wrong PIN. 7 attempts left.")
        #expect(ceremony.pinField?.isEmpty == true)
        type(runtime, "1234")
        runtime.send(.keyPressed(.enter))
        try await runtime.waitUntil("signed in") { runtime.state.base == .dashboard }
        try await runtime.waitUntil("the ceremony screen closed") { runtime.state.passkeyCeremony == nil }
        #expect(key.seen.withLock { $0.pins } == ["0000", "1234"])
        #expect(await fake.calls.first == .userAuth("alice", .webAuthn))
    }

    @Test("Esc cancels the ceremony's task; the screen says it was cancelled; Esc again closes it")
    func escapeCancels() async throws {
        let bridge = PasskeyCeremonyBridge()
        let key = PINAuthenticator(interaction: bridge, waitsForever: true)
        let (runtime, _) = await runtime(bridge, key)
        usePasskey(runtime)
        try await runtime.waitUntil("the touch prompt") {
            runtime.state.passkeyCeremony?.phase == .prompt(.touch(authenticator: "Test Key"))
        }
        #expect(runtime.state.passkeyCeremony?.message == "Touch your security key (Test Key).")
        #expect(runtime.state.keyHintLine.hasPrefix("Esc cancel"))
        // Typed letters do nothing; Esc cancels.
        type(runtime, "q")
        #expect(runtime.exit == nil)
        runtime.send(.keyPressed(.escape))
        try await runtime.waitUntil("the ceremony ended") { runtime.state.passkeyCeremony?.hasEnded == true }
        #expect(key.seen.withLock { $0.cancelled })
        #expect(!bridge.isRunning)
        #expect(runtime.state.passkeyCeremony?.message == "The passkey ceremony was cancelled.")
        try await runtime.waitUntil("the sign-in failed") { signIn(runtime)?.isInFlight == false }
        #expect(signIn(runtime)?.banner?.contains("cancelled") == true)
        runtime.send(.keyPressed(.escape))
        #expect(runtime.state.passkeyCeremony == nil)
        #expect(runtime.exit == nil)
    }

    @Test("A provider that fails: its sanitised words in our sentence, in English and Japanese")
    func providerFailure() {
        var ceremony = PasskeyCeremonyState(kind: .get)
        let prompted = ceremony.receive(.prompt(.provider(name: "soft_passkey.py")))
        #expect(prompted)
        #expect(ceremony.message == "Waiting for soft_passkey.py…")
        #expect(ceremony.isWorking)
        let failed = ceremony.receive(.ended(.authenticatorFailed(status: 1, message: "no key here")))
        #expect(failed)
        #expect(ceremony.message == "The passkey provider stopped (exit status 1): no key here.")
        #expect(ceremony.nextStep == "Try again, or sign in another way.")
        Language.$override.withValue(.japanese) {
            #expect(ceremony.message == "パスキーのプロバイダーが終了しました (終了ステータス 1): no key here。")
            #expect(ceremony.nextStep == "もう一度試すか、別の方法でサインインしてください。")
        }
        let stays = ceremony.receive(.ended(nil))
        #expect(!stays, "a success closes the screen")
    }

    @Test("Several keys: touch the one you want; the touch prompt names the key")
    func prompts() {
        #expect(
            ScreenText.passkeyPrompt(.touchOneOf(count: 2))
                == "Several keys are plugged in (2): touch the one you want.")
        #expect(ScreenText.passkeyPrompt(.touch(authenticator: "Yubi\u{1b}[31mKey")).contains("\u{1b}") == false)
        Language.$override.withValue(.japanese) {
            #expect(ScreenText.passkeyPrompt(.touch(authenticator: "YubiKey")) == "セキュリティキー (YubiKey) に触れてください。")
        }
    }

    @Test("The re-login prompt offers the passkey; its request is the prompt's own, and a success closes the prompt")
    func reloginOffersThePasskey() {
        var options = AuthUIOptions()
        options.offersPasskey = true
        var app = AppState(options: options, now: t0, timeZone: utc)
        app.base = .dashboard
        app.dashboard.userState = .signedOutUserPoolsTokenInvalid
        _ = app.reduce(.keyPressed(.character("s")))
        #expect(app.relogin?.signIn.focusOrder.contains(.passkey) == true)
        _ = app.reduce(.relogin(.signIn(.usernameChanged("alice"))))
        _ = app.reduce(.relogin(.signIn(.focusChanged(.passkey))))
        let effects = app.reduce(.keyPressed(.enter))
        #expect(effects == [.relogin(.signIn(.passkey(username: "alice")))])
        _ = app.reduce(.relogin(.signIn(.signInFinished(.success(.done)))))
        #expect(app.relogin == nil)
    }
}
