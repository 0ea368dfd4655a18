import Foundation

extension SoftCTAPDevice {
    /// authenticatorGetInfo: CTAP 2.0, resident keys, a PIN (set or not), PIN protocol 1.
    func info() -> SoftCBOR {
        let pinSet = lock.withLock { pinHash != nil }
        let options: SoftCBOR = .map([
            .init(.text("rk"), .bool(true)), .init(.text("up"), .bool(true)), .init(.text("plat"), .bool(false)),
            .init(.text("clientPin"), .bool(pinSet)),
        ])
        return .map([
            .init(.int(1), .array([.text("FIDO_2_0")])), .init(.int(3), .bytes(aaguid)), .init(.int(4), options),
            .init(.int(5), .int(1200)), .init(.int(6), .array([.int(1)])),
        ])
    }

    /// Checks the request's pinAuth (keys `authKey`, protocol `protocolKey`) over the client data hash: whether the
    /// person was verified, or the status to answer with. An empty pinAuth asks for a touch (libfido2's touch probe).
    func verification(_ arguments: SoftCBOR, authKey: Int, protocolKey: Int, hash: [UInt8], request: SoftCTAPRequest)
        -> Result<Bool, CTAPStatus>
    {
        let (pinSet, token) = lock.withLock { (pinHash != nil, pinToken) }
        if arguments[5 + (authKey == 8 ? 2 : 0)]?["uv"]?.boolValue == true { return .failure(.unsupportedOption) }
        guard let pinAuth = arguments[authKey]?.bytesValue else {
            // CTAP 2.0: makeCredential on a key with a PIN needs it; getAssertion without it signs unverified.
            return pinSet && authKey == 8 ? .failure(.pinRequired) : .success(false)
        }
        if pinAuth.isEmpty {
            if let refused = waitForTouch(request) { return .failure(refused) }
            return .failure(pinSet ? .pinInvalid : .pinNotSet)
        }
        guard arguments[protocolKey]?.intValue == 1 else { return .failure(.invalidParameter) }
        guard pinSet, Array(SoftKeyCrypto.hmac(key: token, hash).prefix(16)) == pinAuth else {
            return .failure(.pinAuthInvalid)
        }
        return .success(true)
    }

    /// authenticatorMakeCredential (ES256).
    func makeCredential(_ arguments: SoftCBOR, request: SoftCTAPRequest) -> Result<SoftCBOR, CTAPStatus> {
        guard let hash = arguments[1]?.bytesValue, let rpId = arguments[2]?["id"]?.textValue,
            let userId = arguments[3]?["id"]?.bytesValue, let parameters = arguments[4]?.arrayValue
        else { return .failure(.missingParameter) }
        lock.withLock { relyingPartyLog.append(rpId) }
        guard parameters.contains(where: { $0["alg"]?.intValue == -7 }) else { return .failure(.unsupportedAlgorithm) }
        let verified: Bool
        switch verification(arguments, authKey: 8, protocolKey: 9, hash: hash, request: request) {
        case .success(let value): verified = value
        case .failure(let status): return .failure(status)
        }
        let excluded = (arguments[5]?.arrayValue ?? []).compactMap { $0["id"]?.bytesValue }
        let held = lock.withLock { credentials.contains { $0.relyingParty == rpId && excluded.contains($0.id) } }
        if let refused = waitForTouch(request) { return .failure(refused) }
        if held { return .failure(.credentialExcluded) }
        guard let key = SoftKeyCrypto.generate() else { return .failure(.other) }
        let id = SoftKeyCrypto.random(32)
        let resident = arguments[7]?["rk"]?.boolValue == true
        let count = lock.withLock { () -> UInt32 in
            credentials.append(
                StoredCredential(
                    id: id, relyingParty: rpId, userId: userId, privateKey: key.privateKey, resident: resident))
            counter += 1
            return counter
        }
        var authData = authDataHead(rpId: rpId, flags: 0x41 | (verified ? 0x04 : 0), counter: count)
        authData += aaguid + [UInt8(id.count >> 8), UInt8(id.count & 0xff)] + id + key.cose(algorithm: -7).encoded
        let statement: SoftCBOR
        switch attestation {
        case .none: statement = .map([])
        case .packedSelf:
            guard let signature = SoftKeyCrypto.sign(authData + hash, with: key.privateKey) else {
                return .failure(.other)
            }
            statement = .map([.init(.text("alg"), .int(-7)), .init(.text("sig"), .bytes(signature))])
        }
        let format = attestation == .none ? "none" : "packed"
        return .success(
            .map([.init(.int(1), .text(format)), .init(.int(2), .bytes(authData)), .init(.int(3), statement)]))
    }

    /// authenticatorGetAssertion (the first matching passkey).
    func getAssertion(_ arguments: SoftCBOR, request: SoftCTAPRequest) -> Result<SoftCBOR, CTAPStatus> {
        guard let rpId = arguments[1]?.textValue, let hash = arguments[2]?.bytesValue else {
            return .failure(.missingParameter)
        }
        lock.withLock { relyingPartyLog.append(rpId) }
        let allowed = (arguments[3]?.arrayValue ?? []).compactMap { $0["id"]?.bytesValue }
        let found = lock.withLock {
            credentials.first { $0.relyingParty == rpId && (allowed.isEmpty ? $0.resident : allowed.contains($0.id)) }
        }
        let verified: Bool
        switch verification(arguments, authKey: 6, protocolKey: 7, hash: hash, request: request) {
        case .success(let value): verified = value
        case .failure(let status): return .failure(status)
        }
        guard let credential = found else { return .failure(.noCredentials) }
        let presence = arguments[5]?["up"]?.boolValue ?? true
        if presence, let refused = waitForTouch(request) { return .failure(refused) }
        let count = lock.withLock { () -> UInt32 in
            counter += 1
            return counter
        }
        let flags: UInt8 = (presence ? 0x01 : 0) | (verified ? 0x04 : 0)
        let authData = authDataHead(rpId: rpId, flags: flags, counter: count)
        guard let signature = SoftKeyCrypto.sign(authData + hash, with: credential.privateKey) else {
            return .failure(.other)
        }
        return .success(
            .map([
                .init(
                    .int(1),
                    .map([.init(.text("id"), .bytes(credential.id)), .init(.text("type"), .text("public-key"))])),
                .init(.int(2), .bytes(authData)), .init(.int(3), .bytes(signature)),
                .init(.int(4), .map([.init(.text("id"), .bytes(credential.userId))])),
            ]))
    }

    /// rpIdHash ‖ flags ‖ signCount.
    func authDataHead(rpId: String, flags: UInt8, counter: UInt32) -> [UInt8] {
        SoftKeyCrypto.sha256(Array(rpId.utf8)) + [flags]
            + [
                UInt8(counter >> 24 & 0xff), UInt8(counter >> 16 & 0xff), UInt8(counter >> 8 & 0xff),
                UInt8(counter & 0xff),
            ]
    }
}
