import CKeyring
import Foundation
import LatchkeyText

/// An app client's secret kept in the system keyring, for machine-to-machine tokens.
///
/// The item uses the session store's schema (`dev.latchkey.Session`) with `service`
/// `latchkey-client-secret:` followed by the user pool id and `account` the app client id, so one
/// secret is kept per (pool, client), whichever store directory is used. Only the keyring holds
/// it: there is no file fallback, so without a usable keyring ``save(_:)`` fails and nothing is
/// written anywhere. Messages never contain the secret.
public struct ClientSecretKeyring: Sendable {
    /// Why the keyring could not be used, as a sentence without the secret.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The reason, from libsecret or D-Bus (never the secret).
        public var description: String
    }

    /// The user pool whose app client this is.
    public let poolId: String
    /// The app client the secret belongs to.
    public let clientId: String
    /// The `service` attribute of the keyring item.
    public var service: String { "latchkey-client-secret:" + poolId }
    private let environment: [String: String]

    /// Creates the keyring entry's address for `clientId` of `poolId`; nothing is touched until a call.
    public init(
        poolId: String, clientId: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) {
        self.poolId = poolId
        self.clientId = clientId
        self.environment = environment
    }

    /// Why the keyring cannot be used now (no session bus, libsecret missing, no Secret Service, no or
    /// a locked default collection), or nil when it can.
    public func availabilityProblem() -> String? {
        if (environment["DBUS_SESSION_BUS_ADDRESS"] ?? "").isEmpty { return Localized.text(\.storeNoSessionBus) }
        return KeyringSessionStore.availabilityProblem()
    }

    /// Stores `secret`, replacing a secret stored before for this client.
    public func save(_ secret: String) throws(Failure) {
        if let problem = availabilityProblem() { throw Failure(description: problem) }
        var error: UnsafeMutablePointer<CChar>?
        let label = "Latchkey client secret (\(clientId) in \(poolId))"
        if lk_keyring_store_labeled(service, clientId, label, secret, &error) != 1 {
            throw Failure(description: Self.takeMessage(error) ?? "the keyring refused the item")
        }
    }

    /// The stored secret, or nil when none is stored or no keyring is usable (nothing to find).
    public func load() throws(Failure) -> String? {
        guard availabilityProblem() == nil else { return nil }
        var error: UnsafeMutablePointer<CChar>?
        let found = lk_keyring_lookup(service, clientId, &error)
        if let found {
            defer { lk_keyring_free(found) }
            let secret = String(cString: found)
            return secret.isEmpty ? nil : secret
        }
        if let message = Self.takeMessage(error) { throw Failure(description: message) }
        return nil
    }

    /// Removes the stored secret; removing one that is not there succeeds.
    public func remove() throws(Failure) {
        if let problem = availabilityProblem() { throw Failure(description: problem) }
        var error: UnsafeMutablePointer<CChar>?
        if lk_keyring_clear(service, clientId, &error) != 1 {
            throw Failure(description: Self.takeMessage(error) ?? "the keyring could not remove the item")
        }
    }

    private static func takeMessage(_ pointer: UnsafeMutablePointer<CChar>?) -> String? {
        guard let pointer else { return nil }
        defer { lk_keyring_free(pointer) }
        return String(cString: pointer)
    }
}
