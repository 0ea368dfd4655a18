import Foundation
import Logging

/// The user's remembered devices (the pool's device tracking).
public protocol DeviceService: Sendable {
    /// The user's devices (ListDevices, every page), this machine's marked `DeviceInfo.isCurrent`.
    func listDevices(pageSize: Int) async throws -> [DeviceInfo]
    /// Marks a device remembered or not (UpdateDeviceStatus); nil means this machine's device.
    func setDeviceRemembered(_ remembered: Bool, deviceKey: String?) async throws
    /// Forgets a device (ForgetDevice); nil means this machine's device, then also dropped locally.
    func forgetDevice(_ deviceKey: String?) async throws
}

extension AuthClient: DeviceService {}

extension AuthClient {
    // MARK: Device operations

    /// This machine's device key for the signed-in user, when the pool tracks devices.
    public var currentDeviceKey: String? {
        guard let username = machine.session?.username else { return nil }
        return trackedDevice(for: username)?.deviceKey
    }

    /// Lists the user's devices, following every page (ListDevices).
    ///
    /// - Parameter pageSize: devices per request (1–60).
    public func listDevices(pageSize: Int = 60) async throws -> [DeviceInfo] {
        let api = try userPoolAPI()
        let accessToken = try await getTokens().accessToken
        let current = currentDeviceKey
        var devices: [DeviceInfo] = []
        var token: String?
        var seen: Set<String> = []
        repeat {
            let page = try await reachingBackend {
                try await api.listDevices(accessToken: accessToken, limit: pageSize, paginationToken: token)
            }
            devices += page.devices.compactMap { DeviceInfo($0, currentKey: current) }
            token = page.next
            // A token seen before would loop forever: stop instead.
            if let next = token, !seen.insert(next).inserted { break }
        } while token != nil
        return devices
    }

    /// Describes one device (GetDevice); nil means this machine's device.
    public func device(_ deviceKey: String? = nil) async throws -> DeviceInfo {
        let api = try userPoolAPI()
        // The session first: nobody signed in, or a sign-in needed again, says so before "no device".
        let accessToken = try await getTokens().accessToken
        let key = try deviceKeyOrCurrent(deviceKey)
        let json = try await reachingBackend { try await api.getDevice(accessToken: accessToken, deviceKey: key) }
        guard let info = DeviceInfo(json, currentKey: currentDeviceKey) else {
            throw AuthError.invalidResponse(status: 200, detail: "GetDevice answered without DeviceKey")
        }
        return info
    }

    /// Marks a device remembered (it then skips MFA where the pool allows it) or not remembered
    /// (UpdateDeviceStatus); nil means this machine's device.
    public func setDeviceRemembered(_ remembered: Bool, deviceKey: String? = nil) async throws {
        let api = try userPoolAPI()
        // The session first: nobody signed in, or a sign-in needed again, says so before "no device".
        let accessToken = try await getTokens().accessToken
        let key = try deviceKeyOrCurrent(deviceKey)
        try await reachingBackend {
            try await api.updateDeviceStatus(accessToken: accessToken, deviceKey: key, remembered: remembered)
        }
        if var device = machine.session?.device, device.deviceKey == key {
            device.remembered = remembered
            device.awaitsRememberChoice = nil
            run(machine.handle(.deviceChanged(device), now: clock.now()))
        }
    }

    /// Forgets a device at the user pool (ForgetDevice); nil means this machine's device, which is
    /// then also dropped locally, so the next sign-in registers a new one.
    public func forgetDevice(_ deviceKey: String? = nil) async throws {
        let api = try userPoolAPI()
        // The session first: nobody signed in, or a sign-in needed again, says so before "no device".
        let accessToken = try await getTokens().accessToken
        let key = try deviceKeyOrCurrent(deviceKey)
        try await reachingBackend { try await api.forgetDevice(accessToken: accessToken, deviceKey: key) }
        if machine.session?.device?.deviceKey == key {
            run(machine.handle(.deviceChanged(nil), now: clock.now()))
        }
    }

    private func deviceKeyOrCurrent(_ deviceKey: String?) throws -> String {
        if let deviceKey, !deviceKey.isEmpty { return deviceKey }
        guard let current = currentDeviceKey else {
            throw AuthError.invalidState(
                "This machine has no device registered with the user pool (the pool does not track devices, "
                    + "or the device was forgotten). Name a device key from `latchkey devices list`.")
        }
        return current
    }

    // MARK: Sign-in support

    /// The stored device for `username`, if this machine registered one for that user.
    func trackedDevice(for username: String) -> TrackedDevice? {
        guard let device = machine.session?.device, device.username == username else { return nil }
        return device
    }

    /// Whether `error` says the device key that was sent is unknown to the pool (forgotten by another
    /// machine or an admin); the device is then dropped here, so a second attempt goes without it.
    func dropForgottenDevice(_ error: any Error, sent deviceKey: String?) -> Bool {
        guard let deviceKey, case AuthError.resourceNotFound(let message)? = error as? AuthError,
            message.localizedCaseInsensitiveContains("device"), machine.session?.device?.deviceKey == deviceKey
        else { return false }
        logger?.info("the user pool no longer knows this machine's device; signing in without it")
        run(machine.handle(.deviceChanged(nil), now: clock.now()))
        return true
    }

    /// Answers DEVICE_SRP_AUTH and then DEVICE_PASSWORD_VERIFIER with the stored device secret;
    /// returns the answer after the device proof (tokens, or the next challenge).
    func answerDeviceChallenge(_ challenge: UserPoolAPI.AuthAnswer, username: String) async throws
        -> UserPoolAPI.AuthAnswer
    {
        let api = try userPoolAPI()
        let challengeUser = challenge.challengeParameters["USERNAME"] ?? username
        let device = machine.session?.device
        guard let device, challenge.challengeParameters["DEVICE_KEY"].map({ $0 == device.deviceKey }) ?? true
        else {
            pendingChallenge = nil
            throw AuthError.invalidState(
                "The user pool asked for this machine's device proof, but no matching device is stored. "
                    + "Sign in again; a new device will be registered.")
        }
        let srp = try SRPClient(random: random)
        do {
            let second = try await reachingBackend {
                try await api.respond(
                    challenge: "DEVICE_SRP_AUTH",
                    responses: ["USERNAME": challengeUser, "DEVICE_KEY": device.deviceKey, "SRP_A": srp.srpAHex],
                    session: challenge.session, username: challengeUser)
            }
            let parameters = second.challengeParameters
            guard second.challengeName == "DEVICE_PASSWORD_VERIFIER", let salt = parameters["SALT"],
                let serverB = parameters["SRP_B"], let secretBlock = parameters["SECRET_BLOCK"]
            else {
                throw AuthError.invalidResponse(
                    status: 200, detail: "DEVICE_SRP_AUTH was not answered with DEVICE_PASSWORD_VERIFIER parameters")
            }
            let timestamp = SRPClient.timestamp(for: clock.now())
            let claim = try srp.devicePasswordClaim(
                device: device, saltHex: salt, serverBHex: serverB, secretBlock: secretBlock, timestamp: timestamp)
            let verifierUser = parameters["USERNAME"] ?? challengeUser
            return try await reachingBackend {
                try await api.respond(
                    challenge: "DEVICE_PASSWORD_VERIFIER",
                    responses: [
                        "USERNAME": verifierUser, "DEVICE_KEY": device.deviceKey,
                        "PASSWORD_CLAIM_SECRET_BLOCK": secretBlock, "PASSWORD_CLAIM_SIGNATURE": claim.signature,
                        "TIMESTAMP": timestamp,
                    ],
                    session: second.session, username: verifierUser)
            }
        } catch AuthError.resourceNotFound {
            // Forgotten at the pool (by another machine or an admin): drop it here too.
            pendingChallenge = nil
            run(machine.handle(.deviceChanged(nil), now: clock.now()))
            throw AuthError.invalidState(
                "The user pool no longer knows this machine's device; it was forgotten here too. "
                    + "Sign in again; a new device will be registered.")
        }
    }

    /// After a sign-in whose answer carries NewDeviceMetadata: makes a device secret, confirms the
    /// device with its verifier, applies the remember choice, and stores the device with the session.
    /// Failures are logged and leave the sign-in in place (the device is then not tracked here).
    func registerNewDevice(_ answer: UserPoolAPI.AuthAnswer, tokens: CognitoTokens, username: String) async {
        guard let key = answer.newDeviceKey, let group = answer.newDeviceGroupKey else { return }
        do {
            let api = try userPoolAPI()
            let password = SRPClient.newDevicePassword(random: random)
            let verifier = try SRPClient.deviceVerifier(
                deviceGroupKey: group, deviceKey: key, password: password, salt: random.bytes(count: 16))
            let needsPrompt = try await api.confirmDevice(
                accessToken: tokens.accessToken, deviceKey: key, verifier: verifier, deviceName: options.deviceName)
            var remembered = !needsPrompt
            if let wanted = options.rememberDevice, wanted != remembered {
                try await api.updateDeviceStatus(accessToken: tokens.accessToken, deviceKey: key, remembered: wanted)
                remembered = wanted
            }
            // The pool left the choice to the user and none was given: a UI may ask after sign-in.
            let awaitsChoice = needsPrompt && options.rememberDevice == nil
            let device = TrackedDevice(
                username: username, deviceKey: key, deviceGroupKey: group, devicePassword: password,
                remembered: remembered, awaitsRememberChoice: awaitsChoice ? true : nil)
            run(machine.handle(.deviceChanged(device), now: clock.now()))
        } catch {
            // AuthError descriptions carry service messages, never tokens or the device password.
            let reason = (error as? AuthError)?.description ?? "unexpected error"
            logger?.warning("could not register this device with the user pool", metadata: ["reason": "\(reason)"])
        }
    }
}
