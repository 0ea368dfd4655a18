import Foundation

extension SoftCTAPDevice {
    /// authenticatorClientPIN, PIN protocol 1: getRetries, getKeyAgreement, getPinToken.
    func clientPIN(_ arguments: SoftCBOR) -> Result<SoftCBOR, CTAPStatus> {
        guard arguments[1]?.intValue == 1 else { return .failure(.invalidParameter) }
        switch arguments[2]?.intValue {
        case 1:
            return .success(.map([.init(.int(3), .int(lock.withLock { retries }))]))
        case 2:
            guard let key = currentKeyAgreement() else { return .failure(.other) }
            return .success(.map([.init(.int(1), key.cose(algorithm: -25))]))
        case 5:
            return pinToken(arguments)
        default:
            return .failure(.invalidParameter)
        }
    }

    /// The key agreement key, made on first use and after every wrong PIN.
    private func currentKeyAgreement() -> SoftKeyCrypto.KeyPair? {
        lock.withLock {
            if keyAgreement == nil { keyAgreement = SoftKeyCrypto.generate() }
            return keyAgreement
        }
    }

    /// getPinToken: checks the PIN's hash, counting attempts (blocked at 0, and for this power-up after three wrong
    /// PINs in a row), and answers the PIN token encrypted with the shared secret.
    private func pinToken(_ arguments: SoftCBOR) -> Result<SoftCBOR, CTAPStatus> {
        guard let platformX = arguments[3]?[-2]?.bytesValue, let platformY = arguments[3]?[-3]?.bytesValue,
            let encryptedHash = arguments[6]?.bytesValue
        else { return .failure(.missingParameter) }
        guard let key = currentKeyAgreement(),
            let point = SoftKeyCrypto.sharedX(key.privateKey, peerX: platformX, peerY: platformY)
        else { return .failure(.invalidParameter) }
        let shared = SoftKeyCrypto.sha256(point)
        return lock.withLock { () -> Result<SoftCBOR, CTAPStatus> in
            guard let stored = pinHash else { return .failure(.pinNotSet) }
            if retries == 0 { return .failure(.pinBlocked) }
            if consecutiveWrongPINs >= 3 { return .failure(.pinAuthBlocked) }
            retries -= 1
            guard let hash = SoftKeyCrypto.aes(encrypt: false, key: shared, encryptedHash), hash == stored else {
                consecutiveWrongPINs += 1
                keyAgreement = SoftKeyCrypto.generate()
                if retries == 0 { return .failure(.pinBlocked) }
                if consecutiveWrongPINs >= 3 { return .failure(.pinAuthBlocked) }
                return .failure(.pinInvalid)
            }
            retries = maximumRetries
            consecutiveWrongPINs = 0
            guard let encrypted = SoftKeyCrypto.aes(encrypt: true, key: shared, pinToken) else {
                return .failure(.other)
            }
            return .success(.map([.init(.int(2), .bytes(encrypted))]))
        }
    }
}
