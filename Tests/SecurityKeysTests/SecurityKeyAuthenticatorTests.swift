import CognitoAuth
import Foundation
import SecurityKeys
import SecurityKeysTesting
import Testing

/// The libfido2 authenticator through the real libfido2 (CTAPHID framing, CBOR, PIN protocol 1) and the software
/// CTAP2 key plugged in with `fido_dev_set_io_functions`.
@Suite("Security keys through libfido2 and the software CTAP2 key")
struct SecurityKeyAuthenticatorTests {
    @Test("Make a passkey, then sign with it: the answers are W3C JSON for this ceremony")
    func createThenGet() async throws {
        let device = SoftCTAPDevice()
        defer { device.unplug() }
        let interaction = ScriptedInteraction()
        let authenticator = SoftKeyFixtures.authenticator([device], interaction: interaction)
        let registration = try PasskeyCeremony.registration(
            options: SoftKeyFixtures.creationOptions(), pinned: SoftKeyFixtures.party)
        let created = try await authenticator.create(registration)
        try registration.check(credential: created)
        let id = try #require(created["id"]?.stringValue)
        #expect(created["response"]?["transports"] == ["usb"])
        #expect(device.credentialIds.count == 1)
        #expect(interaction.prompts == [.touch(authenticator: "Soft FIDO2 Key")])
        #expect(interaction.pinRequests.isEmpty, "no PIN on this key: none asked")

        let assertion = try PasskeyCeremony.assertion(
            optionsText: SoftKeyFixtures.requestOptions(allow: [id]), pinned: SoftKeyFixtures.party)
        let signed = try await authenticator.get(assertion)
        try assertion.check(credential: signed)
        #expect(signed["id"]?.stringValue == id)
        #expect(signed["response"]?["userHandle"]?.stringValue == "dXNlci1pZA")
        #expect(device.relyingParties == ["127.0.0.1", "127.0.0.1"])
    }

    @Test("A key already holding an excluded passkey refuses a second one, with our sentence")
    func excluded() async throws {
        let device = SoftCTAPDevice(attestation: .none)
        defer { device.unplug() }
        let authenticator = SoftKeyFixtures.authenticator([device], interaction: nil)
        let first = try await authenticator.create(
            try PasskeyCeremony.registration(options: SoftKeyFixtures.creationOptions(), pinned: SoftKeyFixtures.party))
        let id = try #require(first["id"]?.stringValue)
        let again = try PasskeyCeremony.registration(
            options: SoftKeyFixtures.creationOptions(exclude: [id]), pinned: SoftKeyFixtures.party)
        let error = await #expect(throws: AuthError.self) { try await authenticator.create(again) }
        let failure = try #require(error.flatMap(SoftKeyFixtures.failure))
        #expect(
            failure == .securityKey(authenticator: "Soft FIDO2 Key", code: 0x19, name: "FIDO_ERR_CREDENTIAL_EXCLUDED"))
        #expect(failure.summary.contains("already holds a passkey"))
    }

    @Test("A wrong PIN is asked again with one attempt less; the right one makes the passkey")
    func wrongPIN() async throws {
        let device = SoftCTAPDevice(pin: "4321")
        defer { device.unplug() }
        let interaction = ScriptedInteraction(pins: ["0000", "4321"])
        let authenticator = SoftKeyFixtures.authenticator([device], interaction: interaction)
        let ceremony = try PasskeyCeremony.registration(
            options: SoftKeyFixtures.creationOptions(), pinned: SoftKeyFixtures.party)
        let created = try await authenticator.create(ceremony)
        try ceremony.check(credential: created)
        #expect(
            interaction.pinRequests == [
                PasskeyPINRequest(authenticator: "Soft FIDO2 Key", attemptsLeft: 8, previousWasWrong: false),
                PasskeyPINRequest(authenticator: "Soft FIDO2 Key", attemptsLeft: 7, previousWasWrong: true),
            ])
        #expect(device.pinRetries == 8, "the right PIN resets the counter")
    }

    @Test("A key with a PIN and nobody to ask: pinRequired, and the key makes nothing")
    func pinWithoutInteraction() async throws {
        let device = SoftCTAPDevice(pin: "4321")
        defer { device.unplug() }
        let authenticator = SoftKeyFixtures.authenticator([device], interaction: nil)
        let ceremony = try PasskeyCeremony.registration(
            options: SoftKeyFixtures.creationOptions(), pinned: SoftKeyFixtures.party)
        let error = await #expect(throws: AuthError.self) { try await authenticator.create(ceremony) }
        #expect(error.flatMap(SoftKeyFixtures.failure) == .pinRequired(authenticator: "Soft FIDO2 Key"))
        #expect(!device.commands.contains(0x01))
    }

    @Test("Three wrong PINs in a row: the key blocks PINs until replugged, said in our words")
    func pinAuthBlocked() async throws {
        let device = SoftCTAPDevice(pin: "4321")
        defer { device.unplug() }
        let interaction = ScriptedInteraction(pins: ["0000", "1111", "2222"])
        let authenticator = SoftKeyFixtures.authenticator([device], interaction: interaction)
        let ceremony = try PasskeyCeremony.registration(
            options: SoftKeyFixtures.creationOptions(), pinned: SoftKeyFixtures.party)
        let error = await #expect(throws: AuthError.self) { try await authenticator.create(ceremony) }
        let failure = try #require(error.flatMap(SoftKeyFixtures.failure))
        #expect(failure == .securityKey(authenticator: "Soft FIDO2 Key", code: 0x34, name: "FIDO_ERR_PIN_AUTH_BLOCKED"))
        #expect(failure.nextStep.contains("plug it back in"))
        #expect(interaction.pinRequests.map(\.attemptsLeft) == [8, 7, 6])
        #expect(!failure.summary.contains("0000") && !failure.summary.contains("2222"), "no PIN in the message")
    }

    @Test("Cancelling the task sends CTAPHID_CANCEL to the key, and the ceremony ends cancelled")
    func cancel() async throws {
        let device = SoftCTAPDevice(touch: .never(timeout: .seconds(60)))
        defer { device.unplug() }
        let authenticator = SoftKeyFixtures.authenticator([device], interaction: nil)
        let ceremony = try PasskeyCeremony.registration(
            options: SoftKeyFixtures.creationOptions(), pinned: SoftKeyFixtures.party)
        let started = ContinuousClock.now
        let task = Task { try await authenticator.create(ceremony) }
        while !device.commands.contains(0x01) && ContinuousClock.now - started < .seconds(20) {
            try await Task.sleep(for: .milliseconds(20))
        }
        let cancelledAt = ContinuousClock.now
        task.cancel()
        let result = await task.result
        #expect(throws: AuthError.passkey(.cancelled)) { try result.get() }
        #expect(device.cancels >= 1, "fido_dev_cancel reached the key")
        // The key would hold out 60 s: ending well before that (even on a loaded machine) is the cancel.
        #expect(ContinuousClock.now - cancelledAt < .seconds(40), "ended by the cancel, not the key's timeout")
        #expect(device.credentialIds.isEmpty)
    }

    @Test("A key nobody touches ends with our timeout sentence")
    func untouched() async throws {
        let device = SoftCTAPDevice(touch: .never(timeout: .milliseconds(400)))
        defer { device.unplug() }
        let authenticator = SoftKeyFixtures.authenticator([device], interaction: nil)
        let ceremony = try PasskeyCeremony.registration(
            options: SoftKeyFixtures.creationOptions(), pinned: SoftKeyFixtures.party)
        let error = await #expect(throws: AuthError.self) { try await authenticator.create(ceremony) }
        let failure = try #require(error.flatMap(SoftKeyFixtures.failure))
        #expect(
            failure == .securityKey(authenticator: "Soft FIDO2 Key", code: 0x2f, name: "FIDO_ERR_USER_ACTION_TIMEOUT"))
        #expect(failure.summary.contains("nobody touched it in time"))
    }

    @Test("Two keys: 'touch one', the touched key makes the passkey, the other is cancelled and makes nothing")
    func twoKeys() async throws {
        let idle = SoftCTAPDevice(name: "Idle Key", touch: .never(timeout: .seconds(30)))
        let touched = SoftCTAPDevice(name: "Touched Key", touch: .after(.milliseconds(300)))
        defer {
            idle.unplug()
            touched.unplug()
        }
        let interaction = ScriptedInteraction()
        let authenticator = SoftKeyFixtures.authenticator([idle, touched], interaction: interaction)
        let ceremony = try PasskeyCeremony.registration(
            options: SoftKeyFixtures.creationOptions(), pinned: SoftKeyFixtures.party)
        let created = try await authenticator.create(ceremony)
        try ceremony.check(credential: created)
        #expect(interaction.prompts == [.touchOneOf(count: 2), .touch(authenticator: "Touched Key")])
        #expect(touched.credentialIds.count == 1)
        #expect(idle.credentialIds.isEmpty)
        #expect(idle.cancels >= 1)
        #expect(!idle.relyingParties.contains("127.0.0.1"), "the idle key saw only libfido2's touch probe")
    }

    @Test("No key plugged in: noSecurityKey, a configuration problem naming the provider alternative")
    func noKey() async throws {
        let authenticator = SoftKeyFixtures.authenticator([], interaction: nil)
        let ceremony = try PasskeyCeremony.registration(
            options: SoftKeyFixtures.creationOptions(), pinned: SoftKeyFixtures.party)
        await #expect(throws: AuthError.passkey(.noSecurityKey)) { try await authenticator.create(ceremony) }
        #expect(PasskeyFailure.noSecurityKey.isConfigurationProblem)
        #expect(PasskeyFailure.noSecurityKey.nextStep.contains("LATCHKEY_PASSKEY_PROVIDER"))
    }
}

extension SecurityKeyAuthenticatorTests {
    @Test("Sign-in with two keys: the one holding the passkey is found silently, the other is never touched")
    func twoKeysSignIn() async throws {
        let holder = SoftCTAPDevice(name: "Holder Key", pin: "2468", touch: .after(.milliseconds(400)))
        let other = SoftCTAPDevice(name: "Other Key", touch: .after(.milliseconds(20)))
        defer {
            holder.unplug()
            other.unplug()
        }
        let registration = try PasskeyCeremony.registration(
            options: SoftKeyFixtures.creationOptions(), pinned: SoftKeyFixtures.party)
        let created = try await SoftKeyFixtures.authenticator(
            [holder], interaction: ScriptedInteraction(pins: ["2468"])
        )
        .create(registration)
        let id = try #require(created["id"]?.stringValue)

        let interaction = ScriptedInteraction(pins: ["2468"])
        let assertion = try PasskeyCeremony.assertion(
            optionsText: SoftKeyFixtures.requestOptions(allow: [id]), pinned: SoftKeyFixtures.party)
        let signed = try await SoftKeyFixtures.authenticator([other, holder], interaction: interaction).get(assertion)
        try assertion.check(credential: signed)
        #expect(interaction.prompts == [.touch(authenticator: "Holder Key")], "no 'touch one of 2': one key holds it")
        #expect(interaction.pinRequests.map(\.authenticator) == ["Holder Key"])
        #expect(other.credentialIds.isEmpty)
    }
}

extension SecurityKeyAuthenticatorTests {
    @Test("A slow touch: the key sends keepalives through libfido2 meanwhile, and the passkey is made")
    func slowTouch() async throws {
        let device = SoftCTAPDevice(touch: .after(.milliseconds(800)))
        defer { device.unplug() }
        let ceremony = try PasskeyCeremony.registration(
            options: SoftKeyFixtures.creationOptions(), pinned: SoftKeyFixtures.party)
        let created = try await SoftKeyFixtures.authenticator([device], interaction: nil).create(ceremony)
        try ceremony.check(credential: created)
        #expect(device.keepalives >= 5)
    }

    @Test("The last PIN attempt wrong: the PIN is blocked, said in our words with the next step")
    func pinBlocked() async throws {
        let device = SoftCTAPDevice(pin: "4321", retries: 1)
        defer { device.unplug() }
        let interaction = ScriptedInteraction(pins: ["0000", "4321"])
        let authenticator = SoftKeyFixtures.authenticator([device], interaction: interaction)
        let ceremony = try PasskeyCeremony.registration(
            options: SoftKeyFixtures.creationOptions(), pinned: SoftKeyFixtures.party)
        let error = await #expect(throws: AuthError.self) { try await authenticator.create(ceremony) }
        let failure = try #require(error.flatMap(SoftKeyFixtures.failure))
        #expect(failure == .securityKey(authenticator: "Soft FIDO2 Key", code: 0x32, name: "FIDO_ERR_PIN_BLOCKED"))
        #expect(failure.summary.contains("PIN is blocked") && failure.nextStep.contains("Reset"))
        #expect(interaction.pinRequests.map(\.attemptsLeft) == [1])

        // Asked again later: no attempt left, so no PIN is asked at all.
        let again = ScriptedInteraction(pins: ["4321"])
        let blocked = await #expect(throws: AuthError.self) {
            try await SoftKeyFixtures.authenticator([device], interaction: again).create(ceremony)
        }
        #expect(blocked.flatMap(SoftKeyFixtures.failure) == failure)
        #expect(again.pinRequests.isEmpty)
    }
}

extension SecurityKeyAuthenticatorTests {
    @Test("A key that outlasts the options' timeout (10 s): libfido2 gives up, and the failure says the timeout")
    func ceremonyTimeout() async throws {
        let device = SoftCTAPDevice(touch: .never(timeout: .seconds(60)))
        defer { device.unplug() }
        var options = SoftKeyFixtures.creationOptions()
        if case .object(var members) = options {
            members["timeout"] = 10_000
            options = .object(members)
        }
        let ceremony = try PasskeyCeremony.registration(options: options, pinned: SoftKeyFixtures.party)
        let started = ContinuousClock.now
        await #expect(throws: AuthError.passkey(.timedOut(seconds: 10))) {
            try await SoftKeyFixtures.authenticator([device], interaction: nil).create(ceremony)
        }
        // The key would hold out 60 s: ending well before that (even on a loaded machine) is libfido2's 10 s timeout.
        #expect(ContinuousClock.now - started < .seconds(45), "libfido2's timeout, not the key's")
    }
}
