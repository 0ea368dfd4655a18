import CognitoAuth
import Foundation
import LatchkeyText
import Synchronization

/// What `exec` and `serve-credentials` share: the client made for handing out credentials, the
/// credentials source over it, the region, and this process's entry in the endpoint registry.
struct CredentialsDeliverySession {
    let client: AuthClient
    let source: SessionCredentialsSource
    let region: String?
    let registry: CredentialsEndpointRegistry?
    /// The store's plain-text warning, said only once there is a session to hand out (rel-3 R13: not before
    /// "Nobody is signed in").
    let storeNotice: StoreNotice
    private let entry = EntryBox()

    /// Makes the client (credentials margin: the SDKs' refresh window) and checks there is an identity pool.
    static func open(global: GlobalOptions, delivery: CredentialsDeliveryOptions) async throws
        -> CredentialsDeliverySession
    {
        // The configuration's warnings are not printed: the endpoint's users are programs.
        let configuration = try global.loadConfiguration(printingWarnings: false)
        guard let pool = configuration.identityPool else { throw AuthError.identityPoolNotConfigured }
        let notice = StoreNotice()
        let client = try await global.makeClient(
            options: SessionCredentialsSource.clientOptions(), storeWarning: { notice.keep($0) },
            printingWarnings: false)
        // The user signed in now is the only one this endpoint serves (rel-3 R12).
        let source = SessionCredentialsSource(
            client: client, allowGuest: delivery.guest,
            reloginWait: .milliseconds(Int64((delivery.reloginWaitSeconds * 1000).rounded())),
            pinnedUser: await SessionCredentialsSource.SessionUser.current(of: client))
        let directory = try? global.storeDirectory()
        return CredentialsDeliverySession(
            client: client, source: source, region: pool.region,
            registry: directory.map { CredentialsEndpointRegistry(storeDirectory: $0) }, storeNotice: notice)
    }

    /// The first credentials, or the refusal as the command's error (exit 1 signed out, 2 another issuer, 4 re-login, 3 network).
    func firstCredentials() async throws -> AWSCredentials {
        switch await source.containerCredentials() {
        case .credentials(let credentials):
            if let warning = storeNotice.text { FileHandle.standardError.write(Data((warning + "\n").utf8)) }
            return credentials
        case .refused(_, let code, let message):
            let exitCode: Int32 =
                switch code {
                case "ReloginRequired": 4
                case "ServiceUnavailable": 3
                case SessionCredentialsSource.issuerMismatchCode: 2
                default: 1
                }
            throw CLIFailure(code: exitCode, message: message)
        }
    }

    /// Records this process in the registry (nothing handed out yet).
    func register(kind: String, command: String?) {
        let value = CredentialsEndpointRegistry.Entry(kind: kind, pid: getpid(), command: command, handOuts: 0)
        entry.set(value)
        registry?.record(value)
    }

    /// Counts a hand-out in the registry (never the secret: the key's last four characters and the expiry).
    func recordHandOut(_ credentials: AWSCredentials) {
        noteDelivery(
            ContainerCredentialsServer.Delivery(
                status: 200, accessKeyHint: String(credentials.accessKeyId.suffix(4)),
                expiration: credentials.expiration))
    }

    /// Starts the endpoint on `port` over the source; each hand-out is counted in the registry.
    func startServer(port: Int) throws -> ContainerCredentialsServer {
        let session = self
        do {
            return try ContainerCredentialsServer(
                source: source, port: port,
                onDelivery: { delivery in session.noteDelivery(delivery) })
        } catch {
            throw CLIFailure(code: 2, message: error.description(.current))
        }
    }

    /// Removes this process's registry entry.
    func unregister() {
        registry?.remove(pid: getpid())
    }

    private func noteDelivery(_ delivery: ContainerCredentialsServer.Delivery) {
        guard delivery.status == 200 else { return }
        let updated = entry.update { value in
            value.handOuts += 1
            value.lastHandOut = Date()
            value.lastAccessKeyHint = delivery.accessKeyHint
            value.lastExpiration = delivery.expiration
        }
        if let updated { registry?.record(updated) }
    }
}

/// The registry entry, updated from the endpoint's connection threads.
private final class EntryBox: Sendable {
    private let value = Mutex<CredentialsEndpointRegistry.Entry?>(nil)

    func set(_ entry: CredentialsEndpointRegistry.Entry) { value.withLock { $0 = entry } }

    func update(_ change: (inout CredentialsEndpointRegistry.Entry) -> Void) -> CredentialsEndpointRegistry.Entry? {
        value.withLock { current in
            guard var entry = current else { return nil }
            change(&entry)
            current = entry
            return entry
        }
    }
}
