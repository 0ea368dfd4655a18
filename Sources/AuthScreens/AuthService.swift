import CognitoAuth

/// The part of `AuthClient` the screens' runtime calls; tests substitute a fake.
public protocol AuthService: Sendable {
    /// Signs in with the password and returns the next step.
    func signIn(username: String, password: String) async throws -> SignInStep
    /// Answers the pending challenge.
    func confirmSignIn(_ answer: String, attributes: [String: String]) async throws -> SignInStep
    /// Creates an account with the given password and attributes; the result says whether a code must confirm it.
    func signUp(username: String, password: String, attributes: [String: String]) async throws -> SignUpStep
    /// Confirms an account with its code.
    func confirmSignUp(username: String, code: String) async throws -> SignUpStep
    /// Sends a new sign-up code.
    func resendSignUpCode(username: String) async throws -> CodeDeliveryDetails
    /// Starts a password reset (ForgotPassword); the result says where the code went.
    func forgotPassword(username: String) async throws -> ForgotPasswordResult
    /// Completes a password reset.
    func confirmForgotPassword(username: String, newPassword: String, code: String) async throws
    /// Signs out on this device or everywhere, and says what the service confirmed.
    func signOut(_ scope: SignOutScope) async throws -> SignOutResult
    /// Fails every call waiting for sign-in.
    func releaseSignInWait() async
    /// Refreshes the tokens now.
    func forceRefresh() async
    /// GetUser: the sample authenticated call.
    func getUserAttributes(_ options: TokenRequestOptions) async throws -> [String: String]
    /// The signed-in user's MFA factors (GetUser).
    func mfaSettings() async throws -> MFASettings
    /// Turns MFA factors on or off and sets the preferred one.
    func setMFAPreference(_ changes: [MFAType: MFAPreference]) async throws
    /// The dashboard's sample service call: GetUser with the access token, and STS GetCallerIdentity
    /// with the AWS credentials when an identity pool is configured. Both wait for re-login.
    func sampleServiceCall(_ options: TokenRequestOptions) async throws
    /// The stream of state, pending-call, connectivity and refresh events (starting with the current state).
    func events() async -> AsyncStream<AuthEvent>
    /// The current user state.
    var userState: UserState { get async }
    /// The stored session (the runtime summarises it without secrets).
    var session: PersistedSession? { get async }
    /// The calls waiting for tokens.
    var pendingCalls: [PendingCall] { get async }
    /// The connectivity as last seen.
    var connectivity: Connectivity { get async }
    /// Adopts what another process wrote to the store since this one last looked (a cheap stamp
    /// check; the dashboard calls it every second, so a CLI sign-out shows within a second).
    func syncWithStore() async
    /// Starts a USER_AUTH sign-in: without `method` the pool answers with the methods it offers
    /// (`SignInStep.selectChallenge(_:)`); with a code method it sends a new code.
    func signIn(username: String, password: String?, flow: AuthenticationFlow?, method: SignInMethod?) async throws
        -> SignInStep
    /// Answers SELECT_CHALLENGE with a first factor (`password` for the password methods).
    func selectSignInMethod(_ method: SignInMethod, password: String?) async throws -> SignInStep
    /// Re-initiates the sign-in waiting for a code (a new code is sent); see `AuthClient.restartSignIn()`.
    func restartSignIn() async throws -> SignInStep
    /// Starts enrolling an authenticator app (AssociateSoftwareToken): the secret and `otpauth://` URI.
    func setUpTOTP() async throws -> TOTPSetupDetails
    /// Verifies the authenticator app's first code; TOTP is then on and preferred.
    func verifyTOTPSetup(code: String) async throws
    /// The user's devices (ListDevices, every page), this machine's marked `DeviceInfo.isCurrent`.
    func listDevices(pageSize: Int) async throws -> [DeviceInfo]
    /// Marks a device remembered or not (UpdateDeviceStatus); nil means this machine's device.
    func setDeviceRemembered(_ remembered: Bool, deviceKey: String?) async throws
    /// Forgets a device (ForgetDevice); nil means this machine's device, then also dropped locally.
    func forgetDevice(_ deviceKey: String?) async throws
    /// The username and every attribute (GetUser), for the Profile view.
    func userAttributes() async throws -> UserAttributes
    /// Changes attributes (UpdateUserAttributes); returns where verification codes went.
    func updateUserAttributes(_ attributes: [String: String]) async throws -> [CodeDeliveryDetails]
    /// Sends a verification code for `email` or `phone_number`.
    func sendAttributeVerificationCode(_ attribute: String) async throws -> CodeDeliveryDetails
    /// Verifies an attribute with its code.
    func verifyUserAttribute(_ attribute: String, code: String) async throws
    /// Changes the signed-in user's password.
    func changePassword(current: String, proposed: String) async throws
    /// Deletes the account, then signs out here.
    func deleteUser() async throws
    /// The current tokens (refreshed if needed), for copying one to the clipboard.
    ///
    /// The parameter is the core's optional, so `AuthClient.getTokens(_:)` itself witnesses it: with a
    /// non-optional parameter the "cannot hand out tokens" default below answered every call.
    func getTokens(_ options: TokenRequestOptions?) async throws -> CognitoTokens
    /// Checks whether the backend answers (while offline); a `connectivityChanged` event follows when it does.
    func probeConnectivity() async
    /// Begins a browser sign-in through the hosted UI (see `AuthClient.beginHostedUISignIn(provider:)`).
    func beginHostedUISignIn(provider: String) async throws -> HostedUISignInRequest
    /// Completes a browser sign-in with the redirect the loopback listener received.
    func completeHostedUISignIn(_ request: HostedUISignInRequest, callback: HostedUICallback) async throws
    /// Completes a browser sign-in with a pasted redirect URL or code.
    func completeHostedUISignIn(_ request: HostedUISignInRequest, pasted: String) async throws
}

extension AuthService {
    /// Services without a network have nothing to probe.
    public func probeConnectivity() async {}

    /// Services without a shared store have nothing to adopt.
    public func syncWithStore() async {}

    /// GetUser alone, for services without AWS credentials.
    public func sampleServiceCall(_ options: TokenRequestOptions) async throws {
        _ = try await getUserAttributes(options)
    }
}

extension AuthClient: AuthService {
    /// Begins a browser sign-in with `provider` (`COGNITO` for the pool's own page).
    public func beginHostedUISignIn(provider: String) async throws -> HostedUISignInRequest {
        try beginHostedUISignIn(provider: provider as String?)
    }

    /// Completes a browser sign-in with the listener's redirect.
    public func completeHostedUISignIn(_ request: HostedUISignInRequest, callback: HostedUICallback) async throws {
        try await completeHostedUISignIn(request, callback: callback, replacingSession: false)
    }

    /// Completes a browser sign-in with a pasted redirect URL or code.
    public func completeHostedUISignIn(_ request: HostedUISignInRequest, pasted: String) async throws {
        try await completeHostedUISignIn(request, pasted: pasted, replacingSession: false)
    }

    /// GetUser, then STS GetCallerIdentity when an identity pool is configured.
    public func sampleServiceCall(_ options: TokenRequestOptions) async throws {
        _ = try await getUserAttributes(options)
        if configuration.identityPool != nil {
            _ = try await getCallerIdentity(options)
        }
    }
}

extension AuthService {
    /// A service without MFA management (test fakes): says so.
    public func mfaSettings() async throws -> MFASettings {
        throw AuthError.unsupported(type: "MFA", message: "this service cannot read MFA settings")
    }

    /// A service without MFA management (test fakes): says so.
    public func setMFAPreference(_ changes: [MFAType: MFAPreference]) async throws {
        throw AuthError.unsupported(type: "MFA", message: "this service cannot change MFA settings")
    }

    /// A service without device tracking (test fakes): says so.
    public func listDevices(pageSize: Int) async throws -> [DeviceInfo] {
        throw AuthError.unsupported(type: "devices", message: "this service cannot list devices")
    }

    /// A service without device tracking (test fakes): says so.
    public func setDeviceRemembered(_ remembered: Bool, deviceKey: String?) async throws {
        throw AuthError.unsupported(type: "devices", message: "this service cannot change devices")
    }

    /// A service without device tracking (test fakes): says so.
    public func forgetDevice(_ deviceKey: String?) async throws {
        throw AuthError.unsupported(type: "devices", message: "this service cannot forget devices")
    }
}

extension AuthService {
    /// A service without the Profile calls (test fakes): says so.
    public func userAttributes() async throws -> UserAttributes {
        throw AuthError.unsupported(type: "profile", message: "this service cannot read attributes")
    }

    /// A service without the Profile calls (test fakes): says so.
    public func updateUserAttributes(_ attributes: [String: String]) async throws -> [CodeDeliveryDetails] {
        throw AuthError.unsupported(type: "profile", message: "this service cannot change attributes")
    }

    /// A service without the Profile calls (test fakes): says so.
    public func sendAttributeVerificationCode(_ attribute: String) async throws -> CodeDeliveryDetails {
        throw AuthError.unsupported(type: "profile", message: "this service cannot verify attributes")
    }

    /// A service without the Profile calls (test fakes): says so.
    public func verifyUserAttribute(_ attribute: String, code: String) async throws {
        throw AuthError.unsupported(type: "profile", message: "this service cannot verify attributes")
    }

    /// A service without the Profile calls (test fakes): says so.
    public func changePassword(current: String, proposed: String) async throws {
        throw AuthError.unsupported(type: "profile", message: "this service cannot change the password")
    }

    /// A service without tokens to copy (test fakes): says so.
    public func getTokens(_ options: TokenRequestOptions?) async throws -> CognitoTokens {
        throw AuthError.unsupported(type: "tokens", message: "this service cannot hand out tokens")
    }

    /// A service without the Profile calls (test fakes): says so.
    public func deleteUser() async throws {
        throw AuthError.unsupported(type: "profile", message: "this service cannot delete the account")
    }
}

extension AuthService {
    /// A service without a hosted UI (test fakes): says so.
    public func beginHostedUISignIn(provider: String) async throws -> HostedUISignInRequest {
        throw AuthError.unsupported(type: "OAuth", message: "this service has no hosted UI")
    }

    /// A service without a hosted UI (test fakes): says so.
    public func completeHostedUISignIn(_ request: HostedUISignInRequest, callback: HostedUICallback) async throws {
        throw AuthError.unsupported(type: "OAuth", message: "this service has no hosted UI")
    }

    /// A service without a hosted UI (test fakes): says so.
    public func completeHostedUISignIn(_ request: HostedUISignInRequest, pasted: String) async throws {
        throw AuthError.unsupported(type: "OAuth", message: "this service has no hosted UI")
    }

    /// A service without USER_AUTH (test fakes): says so.
    public func signIn(username: String, password: String?, flow: AuthenticationFlow?, method: SignInMethod?)
        async throws -> SignInStep
    {
        throw AuthError.unsupported(type: "USER_AUTH", message: "this service cannot choose a sign-in method")
    }

    /// A service without USER_AUTH (test fakes): says so.
    public func selectSignInMethod(_ method: SignInMethod, password: String?) async throws -> SignInStep {
        throw AuthError.unsupported(type: "USER_AUTH", message: "this service cannot choose a sign-in method")
    }

    /// A service that cannot start a sign-in again (test fakes): says so.
    public func restartSignIn() async throws -> SignInStep {
        throw AuthError.unsupported(type: "RESEND", message: "this service cannot start the sign-in again")
    }

    /// A service without MFA management (test fakes): says so.
    public func setUpTOTP() async throws -> TOTPSetupDetails {
        throw AuthError.unsupported(type: "MFA", message: "this service cannot enrol an authenticator app")
    }

    /// A service without MFA management (test fakes): says so.
    public func verifyTOTPSetup(code: String) async throws {
        throw AuthError.unsupported(type: "MFA", message: "this service cannot enrol an authenticator app")
    }
}
