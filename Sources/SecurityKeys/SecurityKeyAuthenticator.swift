import CFIDO2
import CognitoAuth
import Foundation

/// The built-in passkey authenticator: FIDO2 security keys (USB, and NFC where libfido2 has it) through libfido2.
///
/// It finds the keys, opens them all and, when there are several, asks for a touch (``PasskeyPrompt/touchOneOf(count:)``)
/// and uses the key touched first, cancelling the others. It asks the PIN through its ``PasskeyInteraction`` when the
/// key has one (with the attempts left; again after a wrong one), then makes the passkey (`fido_dev_make_cred`, ES256)
/// or signs (`fido_dev_get_assert`). clientDataJSON's origin is `https://<rpId>`. libfido2 blocks, so every call runs
/// on a thread of its own; cancelling the task sends `fido_dev_cancel` to the key. Every libfido2 error becomes
/// ``PasskeyFailure/securityKey(authenticator:code:name:)`` with our sentence; a PIN never appears in any message.
public struct SecurityKeyAuthenticator: PasskeyAuthenticator {
    /// Where prompts go and the PIN is asked; nil when nobody can be asked (a PIN then fails with ``PasskeyFailure/pinRequired(authenticator:)``).
    public var interaction: (any PasskeyInteraction)?
    /// Where the keys are found.
    public var discovery: SecurityKeyDiscovery

    /// The environment variable that chooses the authenticator when no provider is set: `security-key` (the default)
    /// or `none`.
    public static let environmentVariable = "LATCHKEY_PASSKEY_AUTHENTICATOR"

    /// Creates the authenticator; `discovery` is libfido2's device manifest unless a test gives its own keys.
    public init(interaction: (any PasskeyInteraction)?, discovery: SecurityKeyDiscovery = .system) {
        self.interaction = interaction
        self.discovery = discovery
    }

    /// Makes a passkey on a security key and returns its `RegistrationResponseJSON`.
    public func create(_ ceremony: PasskeyCeremony) async throws -> JSONValue {
        try await perform(SecurityKeyRequest(ceremony))
    }

    /// Signs the ceremony's challenge with a security key and returns the `AuthenticationResponseJSON`.
    public func get(_ ceremony: PasskeyCeremony) async throws -> JSONValue {
        try await perform(SecurityKeyRequest(ceremony))
    }

    /// Opens the keys, chooses one, and runs the request on it.
    func perform(_ request: SecurityKeyRequest) async throws -> JSONValue {
        let descriptors = discovery.list()
        guard !descriptors.isEmpty else { throw AuthError.passkey(.noSecurityKey) }
        try checkCancellation()
        let timeout = request.ceremony.timeout
        let opened = await onThread { descriptors.map { OpenedSecurityKey.open($0, timeout: timeout) } }
        let keys = opened.compactMap { try? $0.get() }
        defer { for key in keys { key.close() } }
        guard !keys.isEmpty else {
            let code = opened.compactMap { if case .failure(let error) = $0 { error.code } else { nil } }.first
            throw failure(descriptors[0].name, code: code ?? FIDO_ERR_INTERNAL)
        }
        var candidates = keys
        if keys.count > 1, request.ceremony.kind == .get, !request.credentialIds("allowCredentials").isEmpty {
            candidates = await holders(of: request, among: keys)
            try checkCancellation()
            guard !candidates.isEmpty else { throw failure(keys[0].name, code: FIDO_ERR_NO_CREDENTIALS) }
        }
        let key = candidates.count == 1 ? candidates[0] : try await chooseByTouch(candidates, timeout: timeout)
        for other in keys where other !== key { other.close() }
        return try await ceremony(request, on: key)
    }

    /// The ceremony on one key: the PIN when it needs one, the touch, again after a wrong PIN.
    func ceremony(_ request: SecurityKeyRequest, on key: OpenedSecurityKey) async throws -> JSONValue {
        let builtIn = key.hasBuiltInVerification
        var pin: String? = nil
        if key.hasPIN && request.wantsVerification {
            pin = try await askPIN(key, previousWasWrong: false)
        }
        while true {
            try checkCancellation()
            await interaction?.show(.touch(authenticator: key.name))
            let transport = key.descriptor.webAuthnTransport
            let usedPIN = pin
            let started = ContinuousClock.now
            let outcome = await key.run { device in
                request.ceremony.kind == .create
                    ? request.makeCredential(
                        device, pin: usedPIN, builtInVerification: builtIn, transport: transport)
                    : request.getAssertion(device, pin: usedPIN, builtInVerification: builtIn)
            }
            switch outcome {
            case .success(let answer): return answer
            case .failure(let error) where error.code == FIDO_ERR_PIN_REQUIRED && pin == nil:
                pin = try await askPIN(key, previousWasWrong: false)
            case .failure(let error) where error.code == FIDO_ERR_PIN_INVALID:
                pin = try await askPIN(key, previousWasWrong: true)
            case .failure(let error):
                try checkCancellation()
                // libfido2's own timeout (the options' timeout, set with fido_dev_set_timeout) ends a read: RX.
                let timeout = request.ceremony.timeout
                if error.code == FIDO_ERR_RX, ContinuousClock.now - started >= timeout - .seconds(1) {
                    throw AuthError.passkey(.timedOut(seconds: Int(timeout.components.seconds)))
                }
                throw failure(key.name, code: error.code)
            }
        }
    }

    /// Asks the PIN for `key`, with its retries left; throws ``PasskeyFailure/pinRequired(authenticator:)`` when
    /// there is nobody to ask, and the blocked-PIN failure when no attempt is left.
    func askPIN(_ key: OpenedSecurityKey, previousWasWrong: Bool) async throws -> String {
        guard let interaction else { throw AuthError.passkey(.pinRequired(authenticator: key.name)) }
        let retries = await key.run { device -> Result<Int, Int32Error> in
            var count: Int32 = 0
            let status = fido_dev_get_retry_count(device, &count)
            return status == FIDO_OK ? .success(Int(count)) : .failure(Int32Error(code: status))
        }
        try checkCancellation()
        let left = try? retries.get()
        if left == 0 { throw failure(key.name, code: FIDO_ERR_PIN_BLOCKED) }
        let request = PasskeyPINRequest(authenticator: key.name, attemptsLeft: left, previousWasWrong: previousWasWrong)
        return try await interaction.pin(request)
    }

    /// The keys that hold one of the sign-in's allowed passkeys, asked silently (no touch), in order.
    func holders(of request: SecurityKeyRequest, among keys: [OpenedSecurityKey]) async -> [OpenedSecurityKey] {
        var found: [OpenedSecurityKey] = []
        for key in keys {
            let holds = await key.run { device -> Result<Bool, Int32Error> in
                .success(request.holdsAllowedCredential(device))
            }
            if (try? holds.get()) == true { found.append(key) }
        }
        return found
    }

    /// Several keys: each is asked for a touch (`fido_dev_get_touch_begin`), the first touched is returned, and the
    /// others are cancelled.
    func chooseByTouch(_ keys: [OpenedSecurityKey], timeout: Duration) async throws -> OpenedSecurityKey {
        await interaction?.show(.touchOneOf(count: keys.count))
        let selection = TouchSelection(keys: keys, timeout: timeout)
        let chosen = await withTaskCancellationHandler {
            await onThread { selection.run() }
        } onCancel: {
            selection.stop()
        }
        try checkCancellation()
        switch chosen {
        case .success(let index): return keys[index]
        case .failure(let error): throw failure(keys[0].name, code: error.code)
        }
    }

    /// ``PasskeyFailure/cancelled`` when the task is cancelled.
    func checkCancellation() throws {
        if Task.isCancelled { throw AuthError.passkey(.cancelled) }
    }

    /// The failure for libfido2's `code` on the key `name`.
    func failure(_ name: String, code: Int32) -> AuthError {
        if code == FIDO_ERR_KEEPALIVE_CANCEL && Task.isCancelled { return .passkey(.cancelled) }
        return .passkey(.securityKey(authenticator: name, code: code, name: LibFIDO2.name(of: code)))
    }
}

/// Runs `body` on a new thread (libfido2 blocks) and returns its result.
func onThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        let thread = Thread { continuation.resume(returning: body()) }
        thread.name = "latchkey-security-key"
        thread.start()
    }
}
