import Foundation
import Logging

/// Token refresh: one refresh at a time across processes (the store's refresh lock), peers'
/// results adopted instead of refreshing twice, and GetTokensFromRefreshToken with a fallback.
extension AuthClient {
    /// Runs the refresh the machine asked for (its `generation`) and feeds the outcome back to it;
    /// a failure becomes a `refreshFailed` event, never a thrown error.
    func performRefresh(refreshToken: String, username: String?, generation: UInt64) async {
        // Cross-process single flight: under the store's refresh lock, re-read the store; when another
        // process has just refreshed this session, its tokens are this refresh's result and nothing
        // is sent, and when another process found the session needs a new sign-in, so does this one.
        // A holder sends one request, bounded by the request timeout: a lock held longer than that is
        // reported (exit 5 naming `refresh.lock`), never taken for a network time-out.
        // The wait is bounded by the calls' deadline too (a command's --retry-seconds, at least half a
        // second), so a held lock cannot outlast it (rel-3 R13).
        let lockWait =
            options.tokenRequestDefaults.deadline.map { min(options.requestTimeout, max($0, .milliseconds(500))) }
            ?? options.requestTimeout
        let lock: (any HeldStoreLock)?
        do {
            lock = try await store.refreshLock(timeout: lockWait)
        } catch {
            failRefresh(AuthError(storeError: error), generation: generation)
            return
        }
        defer { lock?.release() }
        if lock != nil, adoptPeerRefresh(generation: generation) || adoptPeerSignOut() { return }
        // With rotation, a peer may have replaced the refresh token without leaving tokens valid
        // beyond the margin (short lifetimes): refresh from the stored token, never the retired one.
        var refreshToken = refreshToken
        if lock != nil, let rotated = refreshTokenRotatedByPeer() { refreshToken = rotated }
        // Under rotation the answer retires the token sent, so it must be storable: the space for the
        // write is set aside first, and a store that cannot take it (full, read-only) gets no refresh.
        let reservation: (any StoreWriteReservation)?
        do {
            reservation = try store.reserveWrite()
        } catch {
            failRefresh(AuthError(storeError: error), generation: generation)
            return
        }
        defer { reservation?.release() }
        do {
            let tokens: CognitoTokens
            do {
                tokens = try await refreshTokens(refreshToken: refreshToken, username: username)
            } catch let error as AuthError where error.isRefreshTokenReuse {
                // Reuse: a peer may have rotated the token meanwhile. Re-read the store first, and
                // only when it holds nothing newer is the session rejected.
                logger?.debug("the refresh token was already rotated; re-reading the store")
                if adoptPeerRefresh(generation: generation) { return }
                guard let rotated = refreshTokenRotatedByPeer(), rotated != refreshToken else {
                    throw AuthError.notAuthorized(
                        "The session's refresh token was already used and has been retired by refresh-token rotation.")
                }
                tokens = try await refreshTokens(refreshToken: rotated, username: username)
            }
            run(machine.handle(.refreshSucceeded(tokens, generation: generation), now: clock.now()))
            publish(.tokensRefreshed(expiration: tokens.expiration))
        } catch {
            var authError = (error as? AuthError) ?? .network(kind: .other, message: "refresh failed")
            if authError.isRefreshTokenReuse {
                authError = .notAuthorized(
                    "The session's refresh token was already used and has been retired by refresh-token rotation.")
            }
            failRefresh(authError, generation: generation)
        }
    }

    /// Feeds a failed refresh to the machine (which retries, invalidates or fails the waiters).
    private func failRefresh(_ authError: AuthError, generation: UInt64) {
        logger?.debug("refresh failed", metadata: ["transient": "\(authError.isTransient)"])
        publish(.refreshFailed(authError))
        run(
            machine.handle(
                .refreshFailed(authError, generation: generation, jitter: random.unitInterval()), now: clock.now()))
    }

    /// Adopts a peer's write made since this client last looked that leaves nothing to refresh: the
    /// session needs a new sign-in (a peer's refresh was refused) or was signed out. Without this,
    /// every waiting process would send its own doomed refresh in turn.
    private func adoptPeerSignOut() -> Bool {
        let stamp = store.changeStamp()
        guard stamp != storeStamp, let stored = try? store.load(), stored.state != .signedIn,
            stored.state != .guest
        else { return false }
        logger?.debug("another process found the session ended; adopting it instead of refreshing")
        storeStamp = stamp
        run(machine.handle(.storeChangedExternally(stored), now: clock.now()))
        return true
    }

    /// Adopts a peer's fresh tokens as this refresh's result, without writing them again; false when
    /// the store holds nothing newer for this session.
    private func adoptPeerRefresh(generation: UInt64) -> Bool {
        guard let peer = tokensRefreshedByPeer() else { return false }
        let actions = machine.handle(.refreshSucceeded(peer, generation: generation), now: clock.now())
        run(actions.filter { if case .persist = $0 { return false } else { return true } })
        publish(.tokensRefreshed(expiration: peer.expiration))
        return true
    }

    /// The stored tokens when another process refreshed this same session since this client last
    /// looked (same subject, valid beyond the refresh margin); the stamp is then taken as seen.
    private func tokensRefreshedByPeer() -> CognitoTokens? {
        let stamp = store.changeStamp()
        guard stamp != storeStamp, let stored = try? store.load(), stored.state == .signedIn,
            let tokens = stored.tokens, let mine = machine.session?.tokens,
            tokens.accessToken != mine.accessToken,
            tokens.idClaims?.sub != nil, tokens.idClaims?.sub == mine.idClaims?.sub,
            tokens.areValid(at: clock.now(), preferredMargin: options.refreshMargin)
        else { return nil }
        storeStamp = stamp
        return tokens
    }

    /// The stored refresh token when a peer rotated this same session's token (same subject, another
    /// refresh token): the stored record is adopted and its stamp taken as seen, so this client's
    /// result is then written over it by compare-and-swap.
    private func refreshTokenRotatedByPeer() -> String? {
        let stamp = store.changeStamp()
        guard let stored = try? store.load(), stored.state == .signedIn, let theirs = stored.tokens,
            let rotated = theirs.refreshToken, let mine = machine.session?.tokens, rotated != mine.refreshToken,
            theirs.idClaims?.sub != nil, theirs.idClaims?.sub == mine.idClaims?.sub
        else { return nil }
        storeStamp = stamp
        run(machine.handle(.peerRotatedRefreshToken(stored), now: clock.now()))
        return rotated
    }

    /// Refreshes with GetTokensFromRefreshToken (rotation on or off), sending the device key when the
    /// session has a device, the client secret when configured, and the options' client metadata.
    ///
    /// A backend that does not know the operation (an old local backend: `UnknownOperationException`,
    /// or a 500/501 that is not JSON) gets REFRESH_TOKEN_AUTH instead; that choice is remembered for
    /// the process only once REFRESH_TOKEN_AUTH worked. A rejection by the fallback never signs
    /// anyone out, since the operation AWS recommends never answered: it counts as a server error.
    /// The old refresh token is kept when none comes back.
    func refreshTokens(refreshToken: String, username: String?) async throws -> CognitoTokens {
        let api = try userPoolAPI()
        // A refresh token goes only to the issuer of the session it belongs to.
        try checkSessionIssuer()
        let device = machine.session?.device.flatMap { $0.username == machine.session?.username ? $0 : nil }
        let answer: UserPoolAPI.AuthAnswer
        if refreshOperation == .legacy {
            answer = try await legacyRefresh(api, refreshToken: refreshToken, username: username, device: device)
        } else {
            do {
                answer = try await api.getTokensFromRefreshToken(
                    refreshToken: refreshToken, deviceKey: device?.deviceKey, clientMetadata: options.clientMetadata)
            } catch let error as AuthError where refreshOperation == .unknown && error.isUnknownOperation {
                logger?.info("GetTokensFromRefreshToken is not available here; trying REFRESH_TOKEN_AUTH")
                do {
                    answer = try await legacyRefresh(
                        api, refreshToken: refreshToken, username: username, device: device)
                } catch AuthError.notAuthorized(let message) {
                    throw AuthError.internalError(
                        "GetTokensFromRefreshToken is unavailable and REFRESH_TOKEN_AUTH was refused (\(message))")
                }
                refreshOperation = .legacy
            }
        }
        if refreshOperation == .unknown { refreshOperation = .getTokens }
        guard let id = answer.idToken, let access = answer.accessToken else {
            throw AuthError.invalidResponse(status: 200, detail: "the token refresh answered without tokens")
        }
        let tokens = try CognitoTokens(
            idToken: id, accessToken: access, refreshToken: answer.refreshToken ?? refreshToken)
        try await verify(tokens)
        // A refresh never changes who is signed in: tokens for another subject are refused.
        if let before = machine.session?.tokens?.idClaims?.sub, let after = tokens.idClaims?.sub,
            before != after
        {
            throw AuthError.invalidToken("the refreshed tokens belong to another user than the session")
        }
        return tokens
    }

    private func legacyRefresh(
        _ api: UserPoolAPI, refreshToken: String, username: String?, device: TrackedDevice?
    ) async throws -> UserPoolAPI.AuthAnswer {
        let hashUser = username ?? machine.session?.tokens?.accessClaims?.username ?? ""
        var parameters = ["REFRESH_TOKEN": refreshToken]
        if let device { parameters["DEVICE_KEY"] = device.deviceKey }
        return try await api.initiateAuth(flow: "REFRESH_TOKEN_AUTH", parameters: parameters, username: hashUser)
    }
}

/// The refresh operation a backend answers.
enum RefreshOperation: Sendable {
    /// Not yet known: GetTokensFromRefreshToken is tried first.
    case unknown
    /// The backend answered GetTokensFromRefreshToken, so it is used from now on.
    case getTokens
    /// The backend does not know GetTokensFromRefreshToken; REFRESH_TOKEN_AUTH worked.
    case legacy
}
