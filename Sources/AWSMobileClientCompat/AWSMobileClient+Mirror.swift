import CognitoAuth
import Foundation

extension AWSMobileClient {
    /// Restores the session once and mirrors the core's user state from then on.
    func startMirroring(_ client: AuthClient) async {
        guard mirror.startOnce() else { return }
        _ = await client.initialize()
        _ = await client.addUserStateListener { _, _ in
            Task { await self.refreshMirror(client) }
        }
        await refreshMirror(client)
    }

    /// Copies the core's state into the mirror; listeners hear of a change once, with the SDK's info.
    ///
    /// Refreshes run one after another, in the order they were asked for, each reading the state when its turn
    /// comes: many tasks ask (every call and every core event), and two reading at once could finish in the
    /// other order, leaving the mirror at the older state (CI saw `isSignedIn` false after `.signedIn` was heard).
    func refreshMirror(_ client: AuthClient) async {
        let refresh = lastRefresh.withLock { last -> Task<Void, Never> in
            let previous = last
            let next = Task {
                await previous?.value
                await self.copyStateToMirror(client)
            }
            last = next
            return next
        }
        await refresh.value
    }

    /// Reads the core's session and user state and records them in the mirror.
    private func copyStateToMirror(_ client: AuthClient) async {
        let session = await client.session
        let state = await client.userState
        var info: [String: String] = [:]
        if let username = session?.username { info["username"] = username }
        if state == .signedIn, let tokens = session?.tokens, let pool = client.configuration.userPool {
            info["provider"] = "cognito-idp.\(pool.region).amazonaws.com/\(pool.poolId)"
            info["token"] = tokens.idToken
        } else if let provider = session?.provider {
            info["provider"] = provider
        }
        mirror.update(state: state, username: session?.username, info: info)
        mirror.setIdentity(
            identityId: session?.identityId,
            userSub: session?.state == .signedIn ? session?.tokens?.idTokenClaims.subject : nil)
    }
}
