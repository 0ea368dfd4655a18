import CFIDO2
import Foundation
import SecurityKeys

/// A software CTAP2 security key for tests: P-256 (ES256) passkeys, attestation `packed` (self) or `none`, a PIN
/// (PIN protocol 1, with a retry counter and the three-wrong-PINs block), a touch that comes after a delay or never,
/// and cancel.
///
/// libfido2 talks to it as to a USB key: ``descriptor`` plugs it in through `fido_dev_set_io_functions`, so every
/// request goes through libfido2's real code (CTAPHID framing, CBOR, the PIN protocol). It records what it was asked,
/// so a test can prove a request never reached it.
///
/// `@unchecked Sendable`: every mutable property is read and written only under `lock`.
public final class SoftCTAPDevice: @unchecked Sendable {
    /// When the person touches the key.
    public enum Touch: Sendable {
        /// After this long (keepalives are sent meanwhile).
        case after(Duration)
        /// Never: a request waiting for a touch ends with CTAP2_ERR_USER_ACTION_TIMEOUT after `timeout`, or when
        /// cancelled.
        case never(timeout: Duration)
    }

    /// Which attestation statement a new passkey gets.
    public enum Attestation: Sendable {
        /// `packed` self attestation (signed with the new credential's key).
        case packedSelf
        /// `none`.
        case none
    }

    /// The key's product name (what the person is shown).
    public let name: String
    /// The path it is plugged in under (`soft-ctap:N`).
    public let path: String
    let attestation: Attestation
    let aaguid: [UInt8] = Array(repeating: 0x5a, count: 16)

    let lock = NSLock()
    var touch: Touch
    var pinHash: [UInt8]?
    var retries = 8
    let maximumRetries: Int
    var keepaliveCount = 0
    var consecutiveWrongPINs = 0
    var keyAgreement: SoftKeyCrypto.KeyPair?
    var pinToken: [UInt8] = SoftKeyCrypto.random(32)
    var counter: UInt32 = 0
    var credentials: [StoredCredential] = []
    var commandLog: [UInt8] = []
    var relyingPartyLog: [String] = []
    var cancelCount = 0

    /// One passkey the key holds.
    struct StoredCredential {
        var id: [UInt8]
        var relyingParty: String
        var userId: [UInt8]
        var privateKey: [UInt8]
        var resident: Bool
    }

    // nonisolated(unsafe): read and written only under `numberLock`.
    nonisolated(unsafe) private static var nextNumber = 0
    private static let numberLock = NSLock()

    /// A key named `name` with an optional `pin` (4 to 63 characters) and `retries` PIN attempts, touched as `touch`
    /// says, whose passkeys get `attestation`.
    public init(
        name: String = "Soft FIDO2 Key", pin: String? = nil, retries: Int = 8, touch: Touch = .after(.milliseconds(50)),
        attestation: Attestation = .packedSelf
    ) {
        let number = Self.numberLock.withLock {
            Self.nextNumber += 1
            return Self.nextNumber
        }
        self.name = name
        self.path = "soft-ctap:\(number)"
        self.touch = touch
        self.attestation = attestation
        self.retries = retries
        self.maximumRetries = max(retries, 1)
        self.pinHash = pin.map { Array(SoftKeyCrypto.sha256(Array($0.utf8)).prefix(16)) }
        SoftCTAPRegistry.shared.plug(self)
    }

    /// Unplugs the key: libfido2 can no longer open it.
    public func unplug() { SoftCTAPRegistry.shared.unplug(path) }

    /// The descriptor to give ``SecurityKeyAuthenticator`` (through ``SecurityKeyDiscovery``).
    public var descriptor: SecurityKeyDescriptor {
        SecurityKeyDescriptor(path: path, name: name, transport: SoftCTAPRegistry.transport)
    }

    /// The CTAP2 commands received, in order (0x04 getInfo, 0x01 makeCredential, 0x02 getAssertion, 0x06 clientPin).
    public var commands: [UInt8] { lock.withLock { commandLog } }
    /// The relying parties of the makeCredential and getAssertion requests received (libfido2's touch probe uses `.`).
    public var relyingParties: [String] { lock.withLock { relyingPartyLog } }
    /// How many CTAPHID_CANCEL reports arrived.
    public var cancels: Int { lock.withLock { cancelCount } }
    /// How many CTAPHID_KEEPALIVE reports it sent while waiting for a touch.
    public var keepalives: Int { lock.withLock { keepaliveCount } }
    /// The PIN attempts left.
    public var pinRetries: Int { lock.withLock { retries } }
    /// The ids of the passkeys the key holds.
    public var credentialIds: [[UInt8]] { lock.withLock { credentials.map(\.id) } }
    /// Sets (or, with nil, removes) the key's PIN, with all attempts back.
    public func setPIN(_ pin: String?) {
        lock.withLock {
            pinHash = pin.map { Array(SoftKeyCrypto.sha256(Array($0.utf8)).prefix(16)) }
            retries = maximumRetries
            consecutiveWrongPINs = 0
        }
    }
    /// Changes when the key is touched.
    public func setTouch(_ touch: Touch) { lock.withLock { self.touch = touch } }

    /// Runs one CTAP2 command (`payload` is the CTAPHID_CBOR message: command byte and CBOR) and returns the answer
    /// (status byte and CBOR); may wait for a touch, sending keepalives through `request`.
    func respond(to payload: [UInt8], request: SoftCTAPRequest) -> [UInt8] {
        guard let command = payload.first else { return [0x03] }
        lock.withLock { commandLog.append(command) }
        let arguments: SoftCBOR
        if payload.count == 1 {
            arguments = .map([])
        } else if let decoded = SoftCBOR.decode(Array(payload.dropFirst())) {
            arguments = decoded
        } else {
            return [0x12]
        }
        let answer: Result<SoftCBOR, CTAPStatus>
        switch command {
        case 0x04: answer = .success(info())
        case 0x01: answer = makeCredential(arguments, request: request)
        case 0x02: answer = getAssertion(arguments, request: request)
        case 0x06: answer = clientPIN(arguments)
        default: answer = .failure(.invalidCommand)
        }
        switch answer {
        case .success(let value): return [0x00] + value.encoded
        case .failure(let status): return [status.rawValue]
        }
    }

    /// Waits for the touch as configured; nil once touched, else the status to answer with.
    func waitForTouch(_ request: SoftCTAPRequest) -> CTAPStatus? {
        let touch = lock.withLock { self.touch }
        let wait: Duration
        switch touch {
        case .after(let delay): wait = delay
        case .never(let timeout): wait = timeout
        }
        let deadline = ContinuousClock.now + wait
        var lastKeepalive = ContinuousClock.now
        while ContinuousClock.now < deadline {
            if request.isCancelled { return .keepaliveCancel }
            if ContinuousClock.now - lastKeepalive >= .milliseconds(100) {
                request.keepalive(status: 2)
                lock.withLock { keepaliveCount += 1 }
                lastKeepalive = .now
            }
            Thread.sleep(forTimeInterval: 0.01)
        }
        if request.isCancelled { return .keepaliveCancel }
        if case .never = touch { return .userActionTimeout }
        return nil
    }
}

/// The CTAP2 status codes the software key answers with.
enum CTAPStatus: UInt8, Error {
    case invalidCommand = 0x01
    case invalidParameter = 0x02
    case invalidCBOR = 0x12
    case missingParameter = 0x14
    case credentialExcluded = 0x19
    case unsupportedAlgorithm = 0x26
    case unsupportedOption = 0x2b
    case keepaliveCancel = 0x2d
    case noCredentials = 0x2e
    case userActionTimeout = 0x2f
    case pinInvalid = 0x31
    case pinBlocked = 0x32
    case pinAuthInvalid = 0x33
    case pinAuthBlocked = 0x34
    case pinNotSet = 0x35
    case pinRequired = 0x36
    case other = 0x7f
}
