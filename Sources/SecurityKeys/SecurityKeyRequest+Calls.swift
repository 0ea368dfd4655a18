import CFIDO2
import CognitoAuth
import Foundation

extension SecurityKeyRequest {
    /// `fido_dev_make_cred` (ES256) on `device`, then the `RegistrationResponseJSON`; blocking.
    func makeCredential(_ device: OpaquePointer, pin: String?, builtInVerification: Bool, transport: String)
        -> Result<JSONValue, Int32Error>
    {
        guard let credential = fido_cred_new() else { return .failure(Int32Error(code: FIDO_ERR_INTERNAL)) }
        var owned: OpaquePointer? = credential
        defer { fido_cred_free(&owned) }
        do throws(Int32Error) {
            try prepare(credential, pin: pin, builtInVerification: builtInVerification)
            let status =
                pin.map { pin in pin.withCString { fido_dev_make_cred(device, credential, $0) } }
                ?? fido_dev_make_cred(device, credential, nil)
            try check(status)
        } catch {
            return .failure(error)
        }
        let id = bytes(fido_cred_id_ptr(credential), fido_cred_id_len(credential))
        let authData = bytes(fido_cred_authdata_raw_ptr(credential), fido_cred_authdata_raw_len(credential))
        let format = fido_cred_fmt(credential).map { String(cString: $0) } ?? "none"
        var statement = bytes(fido_cred_attstmt_ptr(credential), fido_cred_attstmt_len(credential))
        if statement.isEmpty { statement = [0xa0] }
        guard !id.isEmpty, !authData.isEmpty else { return .failure(Int32Error(code: FIDO_ERR_INVALID_PARAM)) }
        let attestation = AttestationObject.encode(format: format, statement: statement, authData: authData)
        let response: JSONValue = [
            "clientDataJSON": .string(Base64URLText.encode(clientData)),
            "attestationObject": .string(Base64URLText.encode(attestation)),
            "authenticatorData": .string(Base64URLText.encode(authData)),
            "transports": [.string(transport)],
            "publicKeyAlgorithm": -7,
        ]
        return .success(credentialJSON(id: id, response: response))
    }

    /// Sets the credential's parameters from the creation options.
    private func prepare(_ credential: OpaquePointer, pin: String?, builtInVerification: Bool) throws(Int32Error) {
        let options = ceremony.publicKey
        let user = options["user"]
        let userId = user?["id"]?.stringValue.flatMap(Base64URLText.decode) ?? []
        let userName = user?["name"]?.stringValue ?? ""
        let displayName = user?["displayName"]?.stringValue ?? userName
        let rpName = options["rp"]?["name"]?.stringValue ?? ceremony.relyingParty.id
        try check(fido_cred_set_type(credential, COSE_ES256))
        try check(withBytes(clientData) { fido_cred_set_clientdata(credential, $0, $1) })
        try check(fido_cred_set_rp(credential, ceremony.relyingParty.id, rpName))
        try check(withBytes(userId) { fido_cred_set_user(credential, $0, $1, userName, displayName, nil) })
        for id in credentialIds("excludeCredentials") {
            try check(withBytes(id) { fido_cred_exclude(credential, $0, $1) })
        }
        let selection = options["authenticatorSelection"]
        let resident =
            selection?["residentKey"]?.stringValue == "required" || selection?["requireResidentKey"] == .bool(true)
        try check(fido_cred_set_rk(credential, resident ? FIDO_OPT_TRUE : FIDO_OPT_OMIT))
        try check(fido_cred_set_uv(credential, uvOption(pin: pin, builtIn: builtInVerification)))
    }

    /// `fido_dev_get_assert` on `device`, then the `AuthenticationResponseJSON`; blocking.
    func getAssertion(_ device: OpaquePointer, pin: String?, builtInVerification: Bool)
        -> Result<JSONValue, Int32Error>
    {
        guard let assertion = fido_assert_new() else { return .failure(Int32Error(code: FIDO_ERR_INTERNAL)) }
        var owned: OpaquePointer? = assertion
        defer { fido_assert_free(&owned) }
        let allowed = credentialIds("allowCredentials")
        do throws(Int32Error) {
            try check(withBytes(clientData) { fido_assert_set_clientdata(assertion, $0, $1) })
            try check(fido_assert_set_rp(assertion, ceremony.relyingParty.id))
            for id in allowed { try check(withBytes(id) { fido_assert_allow_cred(assertion, $0, $1) }) }
            try check(fido_assert_set_up(assertion, FIDO_OPT_TRUE))
            try check(fido_assert_set_uv(assertion, uvOption(pin: pin, builtIn: builtInVerification)))
            let status =
                pin.map { pin in pin.withCString { fido_dev_get_assert(device, assertion, $0) } }
                ?? fido_dev_get_assert(device, assertion, nil)
            try check(status)
        } catch {
            return .failure(error)
        }
        guard fido_assert_count(assertion) >= 1 else { return .failure(Int32Error(code: FIDO_ERR_NO_CREDENTIALS)) }
        var id = bytes(fido_assert_id_ptr(assertion, 0), fido_assert_id_len(assertion, 0))
        // A key may leave the credential out when the allow list names one; it is that one.
        if id.isEmpty, allowed.count == 1 { id = allowed[0] }
        let wrapped = bytes(fido_assert_authdata_ptr(assertion, 0), fido_assert_authdata_len(assertion, 0))
        let signature = bytes(fido_assert_sig_ptr(assertion, 0), fido_assert_sig_len(assertion, 0))
        let userHandle = bytes(fido_assert_user_id_ptr(assertion, 0), fido_assert_user_id_len(assertion, 0))
        guard !id.isEmpty, let authData = AttestationObject.byteString(wrapped), !signature.isEmpty else {
            return .failure(Int32Error(code: FIDO_ERR_INVALID_PARAM))
        }
        var response: [String: JSONValue] = [
            "clientDataJSON": .string(Base64URLText.encode(clientData)),
            "authenticatorData": .string(Base64URLText.encode(authData)),
            "signature": .string(Base64URLText.encode(signature)),
        ]
        if !userHandle.isEmpty { response["userHandle"] = .string(Base64URLText.encode(userHandle)) }
        return .success(credentialJSON(id: id, response: .object(response)))
    }

    /// Whether the key holds one of the allowed passkeys: a silent assertion (`up` false, no PIN, no touch) over a
    /// random client data hash, as browsers ask before choosing a key. Blocking.
    func holdsAllowedCredential(_ device: OpaquePointer) -> Bool {
        guard let assertion = fido_assert_new() else { return false }
        var owned: OpaquePointer? = assertion
        defer { fido_assert_free(&owned) }
        var generator = SystemRandomNumberGenerator()
        let hash = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        guard withBytes(hash, { fido_assert_set_clientdata_hash(assertion, $0, $1) }) == FIDO_OK,
            fido_assert_set_rp(assertion, ceremony.relyingParty.id) == FIDO_OK,
            fido_assert_set_up(assertion, FIDO_OPT_FALSE) == FIDO_OK
        else { return false }
        for id in credentialIds("allowCredentials") {
            guard withBytes(id, { fido_assert_allow_cred(assertion, $0, $1) }) == FIDO_OK else { return false }
        }
        return fido_dev_get_assert(device, assertion, nil) == FIDO_OK
    }

    /// The `PublicKeyCredential` JSON around `response`.
    private func credentialJSON(id: [UInt8], response: JSONValue) -> JSONValue {
        [
            "id": .string(Base64URLText.encode(id)), "rawId": .string(Base64URLText.encode(id)),
            "type": "public-key", "authenticatorAttachment": "cross-platform", "response": response,
            "clientExtensionResults": [:],
        ]
    }
}

/// The few CBOR shapes the authenticator writes or reads itself.
enum AttestationObject {
    /// The attestation object, `{"fmt": format, "attStmt": statement, "authData": authData}` in CTAP's canonical key
    /// order; `statement` is already CBOR (libfido2's `fido_cred_attstmt_ptr`). libfido2 before 1.15 has no getter
    /// for the whole object, so it is put together here.
    static func encode(format: String, statement: [UInt8], authData: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0xa3]
        out += text("fmt") + text(format) + text("attStmt") + statement + text("authData")
        out += header(major: 2, length: authData.count) + authData
        return out
    }

    /// A CBOR text string.
    static func text(_ value: String) -> [UInt8] {
        let utf8 = Array(value.utf8)
        return header(major: 3, length: utf8.count) + utf8
    }

    /// A CBOR head: major type and length.
    static func header(major: UInt8, length: Int) -> [UInt8] {
        let type = major << 5
        switch length {
        case ..<24: return [type | UInt8(length)]
        case ..<0x100: return [type | 24, UInt8(length)]
        case ..<0x10000: return [type | 25, UInt8(length >> 8), UInt8(length & 0xff)]
        default:
            return [
                type | 26, UInt8(length >> 24 & 0xff), UInt8(length >> 16 & 0xff), UInt8(length >> 8 & 0xff),
                UInt8(length & 0xff),
            ]
        }
    }

    /// The contents of a CBOR byte string (libfido2's `fido_assert_authdata_ptr` wraps authenticatorData in one);
    /// nil unless `encoded` is exactly one definite byte string.
    static func byteString(_ encoded: [UInt8]) -> [UInt8]? {
        guard let first = encoded.first, first >> 5 == 2 else { return nil }
        let info = Int(first & 0x1f)
        var length = 0
        var offset = 1
        switch info {
        case 0..<24: length = info
        case 24...26:
            let size = 1 << (info - 24)
            guard encoded.count >= 1 + size else { return nil }
            length = encoded[1...size].reduce(0) { $0 << 8 | Int($1) }
            offset = 1 + size
        default: return nil
        }
        guard encoded.count == offset + length else { return nil }
        return Array(encoded[offset...])
    }
}
