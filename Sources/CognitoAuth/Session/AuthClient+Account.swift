import Foundation
import Logging

/// The account without a session: creating and confirming it, and resetting or changing its password.
public protocol AccountService: Sendable {
    /// Creates an account; the result says whether a confirmation code is needed and where it went.
    func signUp(username: String, password: String, attributes: [String: String]) async throws -> SignUpStep
    /// Confirms an account with the code that was sent.
    func confirmSignUp(username: String, code: String) async throws -> SignUpStep
    /// Sends a new sign-up confirmation code.
    func resendSignUpCode(username: String) async throws -> CodeDeliveryDetails
    /// Starts a password reset (ForgotPassword); the result says where the code went.
    func forgotPassword(username: String) async throws -> ForgotPasswordResult
    /// Completes a password reset with the code and a new password.
    func confirmForgotPassword(username: String, newPassword: String, code: String) async throws
    /// Changes the signed-in user's password.
    func changePassword(current: String, proposed: String) async throws
}

extension AuthClient: AccountService {}

extension AuthClient {
    /// Creates an account; the result says whether a confirmation code is needed and where it went.
    public func signUp(username: String, password: String, attributes: [String: String] = [:]) async throws
        -> SignUpStep
    {
        try await signUp(username: username, password: password, attributes: attributes, validationData: [:])
    }

    /// Creates an account, sending `validationData` to the pool's pre-sign-up Lambda as `ValidationData`.
    public func signUp(
        username: String, password: String, attributes: [String: String], validationData: [String: String]
    ) async throws -> SignUpStep {
        try await register(
            username: username, password: password, attributes: attributes, validationData: validationData
        ).step
    }

    /// Creates an account and returns everything Cognito said: the next step and the new user's `sub`.
    ///
    /// The same call as ``signUp(username:password:attributes:validationData:)``; use this one when
    /// the new account's user id (`UserSub`, the future tokens' `sub` claim) is needed before the
    /// user signs in, for example to create the app's own record for the user.
    public func register(
        username: String, password: String, attributes: [String: String] = [:],
        validationData: [String: String] = [:]
    ) async throws -> SignUpOutcome {
        let username = Self.normalizedUsername(username)
        let api = try userPoolAPI()
        let result = try await reachingBackend {
            try await api.signUp(
                username: username, password: password, attributes: attributes, validationData: validationData)
        }
        return SignUpOutcome(
            step: result.confirmed ? .done : .confirmSignUp(result.delivery), userSub: result.userSub)
    }

    /// Confirms an account with the code that was sent.
    public func confirmSignUp(username: String, code: String) async throws -> SignUpStep {
        let username = Self.normalizedUsername(username)
        let api = try userPoolAPI()
        try await reachingBackend { try await api.confirmSignUp(username: username, code: code) }
        return .done
    }

    /// Sends a new sign-up confirmation code.
    public func resendSignUpCode(username: String) async throws -> CodeDeliveryDetails {
        let username = Self.normalizedUsername(username)
        let api = try userPoolAPI()
        return try await reachingBackend { try await api.resendConfirmationCode(username: username) }
    }

    /// Starts a password reset: a code is sent to the user.
    public func forgotPassword(username: String) async throws -> ForgotPasswordResult {
        let username = Self.normalizedUsername(username)
        let api = try userPoolAPI()
        return ForgotPasswordResult(
            delivery: try await reachingBackend { try await api.forgotPassword(username: username) })
    }

    /// Completes a password reset with the code and a new password.
    public func confirmForgotPassword(username: String, newPassword: String, code: String) async throws {
        let username = Self.normalizedUsername(username)
        let api = try userPoolAPI()
        try await reachingBackend {
            try await api.confirmForgotPassword(username: username, code: code, newPassword: newPassword)
        }
    }

    /// Changes the signed-in user's password.
    public func changePassword(current: String, proposed: String) async throws {
        let api = try userPoolAPI()
        try await withAccessToken(label: "ChangePassword") { token in
            try await api.changePassword(accessToken: token, previous: current, proposed: proposed)
        }
    }

    /// The signed-in user's attributes (GetUser): the sample authenticated service call.
    public func getUserAttributes(_ options: TokenRequestOptions = TokenRequestOptions(label: "GetUser")) async throws
        -> [String: String]
    {
        let api = try userPoolAPI()
        return try await withAccessToken(label: options.label, options: options) { token in
            try await api.getUser(accessToken: token).attributes
        }
    }

    /// Updates attributes (UpdateUserAttributes); returns where verification codes were sent.
    ///
    /// A changed `email` or `phone_number` stays unverified until ``verifyUserAttribute(_:code:)`` gets
    /// the code; the list names each such attribute the pool verifies automatically (empty otherwise;
    /// ``sendAttributeVerificationCode(_:)`` sends one on request).
    public func updateUserAttributes(_ attributes: [String: String]) async throws -> [CodeDeliveryDetails] {
        let api = try userPoolAPI()
        return try await withAccessToken(label: "UpdateUserAttributes") { token in
            try await api.updateUserAttributes(accessToken: token, attributes: attributes)
        }
    }

    /// Starts authenticator-app enrolment for the signed-in user.
    public func setUpTOTP() async throws -> TOTPSetupDetails {
        let api = try userPoolAPI()
        let name = username ?? "user"
        return try await withAccessToken(label: "AssociateSoftwareToken") { token in
            TOTPSetupDetails(secret: try await api.associateSoftwareToken(accessToken: token).secret, accountName: name)
        }
    }

    /// Verifies the authenticator app's code and makes TOTP the preferred MFA.
    public func verifyTOTPSetup(code: String) async throws {
        let api = try userPoolAPI()
        let device = options.deviceName
        try await withAccessToken(label: "VerifySoftwareToken") { token in
            _ = try await api.verifySoftwareToken(code: code, accessToken: token, deviceName: device)
            try await api.setSoftwareTokenPreference(accessToken: token, enabled: true, preferred: true)
        }
    }

    /// Signs out here, revoking this session's refresh token at the service (as AWSMobileClient's
    /// and Amplify's `invalidateTokens` do); `.global` first calls GlobalSignOut, which revokes every
    /// device's tokens.
    ///
    /// The local sign-out always happens unless the store cannot be written, which throws
    /// ``AuthError/storage(_:)`` and leaves the stored session (and this client) as they were. When
    /// the service cannot be reached the revocation is kept in the store and retried by the next
    /// sign-out or sign-in, and the result says so: ``SignOutResult/signedOutEverywhere`` is true only
    /// after GlobalSignOut and RevokeToken both succeeded.
    @discardableResult
    public func signOut(_ scope: SignOutScope = .local) async throws -> SignOutResult {
        if machine.userState == .unknown { initialize() }
        // Another issuer's session is neither revoked there nor dropped here: the caller decides.
        try checkSessionIssuer()
        pendingChallenge = nil
        lastSignInAttempt = nil
        identity.credentialsTask?.cancel()
        identity.credentialsTask = nil
        identity.customRoleARN = nil
        var result = SignOutResult(scope: scope)
        result.hadSession = machine.session?.tokens != nil || machine.session?.pendingRevocation != nil
        let logoutURL = hostedUILogoutURL()
        let actions = machine.handle(.signOutRequested(global: scope == .global), now: clock.now())
        var settled = try await settleSignOut(actions, result: result)
        IssuedTokenCache.beside(store).removeAll(kind: "derived")  // tokens derived from the session (issue 38)
        settled.hostedUILogoutURL = logoutURL
        return settled
    }

    /// Forgets everything stored for this session here (tokens, identity, credentials, the tracked
    /// device, an owed revocation), without contacting the service: AWSMobileClient's `clearKeychain()`.
    ///
    /// Unlike ``signOut(_:)`` nothing is revoked, so the refresh token stays valid at the service
    /// until it expires; prefer `signOut` unless the service cannot or must not be reached. Calls
    /// waiting for tokens fail with ``AuthError/signedOut``. Throws ``AuthError/storage(_:)`` when the
    /// store cannot be written, leaving the stored session (and this client) as they were.
    public func clearLocalSession() throws {
        if machine.userState == .unknown { initialize() }
        pendingChallenge = nil
        lastSignInAttempt = nil
        identity.credentialsTask?.cancel()
        identity.credentialsTask = nil
        identity.customRoleARN = nil
        if let failure = run(machine.handle(.sessionCleared, now: clock.now()), writes: .replace) {
            throw AuthError(storeError: failure)
        }
        IssuedTokenCache.beside(store).removeAll(kind: "derived")  // tokens derived from the session (issue 38)
    }

    /// Runs a sign-out's actions: the signed-out record (carrying what it owes the service) is
    /// written before anything is sent, so a process killed from here on leaves the revocation to
    /// the next run; then the machine's `.revoke`, awaited, and its settlement.
    @discardableResult
    func settleSignOut(_ actions: [AuthStateMachine.Action], result initial: SignOutResult) async throws
        -> SignOutResult
    {
        var result = initial
        var owed: (revocation: PendingRevocation, accessToken: String?)?
        for case .revoke(let revocation, let accessToken) in actions { owed = (revocation, accessToken) }
        let local = actions.filter { if case .revoke = $0 { return false } else { return true } }
        if let failure = run(local, writes: .replace) { throw AuthError(storeError: failure) }
        guard let owed else { return result }
        do {
            try await revoke(owed.revocation, accessToken: owed.accessToken)
            result.refreshTokenRevoked = true
            result.signedOutEverywhere = owed.revocation.global
        } catch AuthError.notAuthorized {
            // The refresh token is already invalid: nothing of this session is left to revoke, but
            // GlobalSignOut could not be sent with it.
            result.refreshTokenRevoked = true
            result.globalSignOutImpossible = owed.revocation.global
        } catch let error as AuthError {
            result.revocationPending = error
            return result
        }
        // A compare-and-swap: a sign-in by another process meanwhile is kept, not overwritten.
        run(machine.handle(.revocationSettled(owed.revocation), now: clock.now()))
        return result
    }

    /// Sends a revocation the session owes, in the background; the record keeps owing it on failure.
    func revokeOwed(_ revocation: PendingRevocation, accessToken: String?) async {
        do {
            try await revoke(revocation, accessToken: accessToken)
        } catch AuthError.notAuthorized {
            // Already invalid at the service: nothing left to revoke.
        } catch {
            logger?.debug("an owed revocation failed; kept for the next sign-in or sign-out")
            return
        }
        run(machine.handle(.revocationSettled(revocation), now: clock.now()))
    }

    /// Revokes the refresh token of another user whose session a sign-in replaced: through the
    /// record's owed revocation when the record holds it (kept owed when the service cannot be
    /// reached, as a sign-out keeps it), else at once, once.
    func revokeReplaced(_ replaced: PendingRevocation) async -> SessionReplacement.Revocation {
        if machine.session?.pendingRevocation == replaced {
            await revokeOwed(replaced, accessToken: nil)
            return machine.session?.pendingRevocation == replaced ? .owed : .revoked
        }
        do {
            try await revoke(replaced, accessToken: nil)
        } catch AuthError.notAuthorized {
            // Already invalid at the service.
        } catch {
            logger?.warning("the replaced user's refresh token could not be revoked (another revocation is owed)")
            return .failed
        }
        return .revoked
    }

    /// GlobalSignOut (when owed) and RevokeToken for one refresh token.
    func revoke(_ revocation: PendingRevocation, accessToken: String?) async throws {
        let api = try userPoolAPI()
        // A token is revoked where it was issued, and nowhere else.
        if let issuer = revocation.issuer, let pool = configuration.userPool, !issuer.matches(pool) {
            throw AuthError.sessionIssuerMismatch(
                SessionIssuerMismatch(
                    username: revocation.username, session: issuer, configured: SessionIssuer(pool: pool)))
        }
        if revocation.global {
            do {
                guard let accessToken else { throw AuthError.notAuthorized("no access token") }
                try await reachingBackend { try await api.globalSignOut(accessToken: accessToken) }
            } catch AuthError.notAuthorized {
                // The access token expired or was rejected: mint one with the refresh token (which
                // throws notAuthorized when that is revoked too), then send GlobalSignOut with it.
                let fresh = try await reachingBackend {
                    try await refreshTokens(refreshToken: revocation.refreshToken, username: revocation.username)
                }
                try await reachingBackend { try await api.globalSignOut(accessToken: fresh.accessToken) }
                // With rotation the refresh minted a successor: revoke it too, so nothing outlives the sign-out.
                if let rotated = fresh.refreshToken, rotated != revocation.refreshToken {
                    try await reachingBackend { try await api.revokeToken(refreshToken: rotated) }
                }
            }
        }
        try await reachingBackend { try await api.revokeToken(refreshToken: revocation.refreshToken) }
    }

    /// Runs a service call with the access token, through the wait / resume / cancel path.
    ///
    /// When the service rejects the token (revoked by a global sign-out, say), the token is marked
    /// rejected and the call asks for tokens again, which refreshes or waits for re-login.
    public func withAccessToken<T: Sendable>(
        label: String, options: TokenRequestOptions? = nil, _ call: (String) async throws -> T
    ) async throws -> T {
        var requestOptions = options ?? self.options.tokenRequestDefaults
        requestOptions.label = label
        var attempts = 0
        while true {
            attempts += 1
            let tokens = try await getTokens(requestOptions)
            do {
                return try await reachingBackend { try await call(tokens.accessToken) }
            } catch AuthError.notAuthorized(let message) where attempts < 3 && Self.isTokenRejection(message) {
                reportAccessTokenRejected(tokens.accessToken)
            }
        }
    }

    static func isTokenRejection(_ message: String) -> Bool {
        let lowered = message.lowercased()
        return lowered.contains("token")
            && (lowered.contains("revoked") || lowered.contains("expired")
                || lowered.contains("invalid"))
    }
}
