import AuthScreens
import CognitoAuth
import Foundation

/// An in-memory ``AuthService`` with scripted results that mimics the client's wait for re-login.
actor FakeAuthService: AuthService {
    /// A call the runtime made (secrets included, so tests can check they were passed on).
    enum Call: Equatable, Sendable {
        case signIn(String, String)
        case confirmSignIn(String, [String: String])
        case signUp(String, String, [String: String])
        case confirmSignUp(String, String)
        case resendSignUpCode(String)
        case requestPasswordReset(String)
        case confirmForgotPassword(String, String, String)
        case signOut(SignOutScope)
        case releaseSignInWait
        case forceRefresh
        case getUserAttributes(String)
        case userAuth(String, SignInMethod?)
        case selectSignInMethod(SignInMethod, String?)
        case setUpTOTP
        case verifyTOTPSetup(String)
        case listDevices
        case setDeviceRemembered(Bool, String?)
        case forgetDevice(String?)
        case userAttributes
        case updateUserAttributes([String: String])
        case sendAttributeCode(String)
        case verifyUserAttribute(String, String)
        case changePassword(String, String)
        case deleteUser
        case currentTokens
    }

    /// What `userAttributes` returns; `updateUserAttributes` and `verifyUserAttribute` change it.
    var profile = UserAttributes(username: "alice", all: [:])
    /// Thrown by the Profile calls when set.
    var profileError: AuthError?
    /// What `currentTokens` returns (it throws when nil).
    var tokens: CognitoTokens?

    func script(profile: UserAttributes, error: AuthError? = nil, tokens: CognitoTokens? = nil) {
        self.profile = profile
        profileError = error
        self.tokens = tokens
    }

    func userAttributes() async throws -> UserAttributes {
        calls.append(.userAttributes)
        if let profileError { throw profileError }
        return profile
    }

    func updateUserAttributes(_ attributes: [String: String]) async throws -> [CodeDeliveryDetails] {
        calls.append(.updateUserAttributes(attributes))
        if let profileError { throw profileError }
        var sent: [CodeDeliveryDetails] = []
        for (name, value) in attributes {
            profile.all[name] = value
            if name == "email" {
                profile.all["email_verified"] = "false"
                sent.append(
                    CodeDeliveryDetails(destination: "n***@e***", deliveryMedium: "EMAIL", attributeName: "email"))
            }
        }
        return sent
    }

    func sendAttributeVerificationCode(_ attribute: String) async throws -> CodeDeliveryDetails {
        calls.append(.sendAttributeCode(attribute))
        if let profileError { throw profileError }
        return CodeDeliveryDetails(destination: "n***@e***", deliveryMedium: "EMAIL", attributeName: attribute)
    }

    func verifyUserAttribute(_ attribute: String, code: String) async throws {
        calls.append(.verifyUserAttribute(attribute, code))
        guard code == "123456" else {
            throw AuthError.codeMismatch("Invalid verification code provided, please try again.")
        }
        profile.all["\(attribute)_verified"] = "true"
    }

    func changePassword(current: String, proposed: String) async throws {
        calls.append(.changePassword(current, proposed))
        if let profileError { throw profileError }
    }

    func deleteUser() async throws {
        calls.append(.deleteUser)
        if let profileError { throw profileError }
    }

    func currentTokens() async throws -> CognitoTokens {
        calls.append(.currentTokens)
        guard let tokens else { throw AuthError.notSignedIn }
        return tokens
    }

    /// What `listUserDevices` returns; `forgetDevice` and `setDeviceRemembered` change it.
    var deviceList: [DeviceInfo] = []
    /// Thrown by the device calls when set.
    var deviceError: AuthError?

    func script(devices: [DeviceInfo], error: AuthError? = nil) {
        deviceList = devices
        deviceError = error
    }

    func listUserDevices() async throws -> [DeviceInfo] {
        calls.append(.listDevices)
        if let deviceError { throw deviceError }
        return deviceList
    }

    func setDeviceRemembered(_ remembered: Bool, deviceKey: String?) async throws {
        calls.append(.setDeviceRemembered(remembered, deviceKey))
        if let deviceError { throw deviceError }
        for index in deviceList.indices where deviceList[index].deviceKey == deviceKey {
            deviceList[index].rememberedStatus = remembered ? "remembered" : "not_remembered"
        }
    }

    func forgetDevice(_ deviceKey: String?) async throws {
        calls.append(.forgetDevice(deviceKey))
        if let deviceError { throw deviceError }
        deviceList.removeAll { $0.deviceKey == deviceKey }
    }

    private(set) var calls: [Call] = []
    /// Results of `signIn`, consumed in order (then `.done`).
    var signInResults: [Result<SignInStep, AuthError>] = []
    /// Results of `signUp`, consumed in order (then confirmation by email).
    var signUpResults: [Result<SignUpStep, AuthError>] = []
    /// Whether `getUserAttributes` waits for a sign-in (as after `signedOutUserPoolsTokenInvalid`).
    var holdsCalls = false
    /// Whether `signIn` waits for ``finishSignIn()``.
    var holdsSignIn = false
    /// What `session` returns.
    var storedSession: PersistedSession?

    private var waiting: [CheckedContinuation<[String: String], any Error>] = []
    private var signInGate: CheckedContinuation<Void, Never>?
    private var continuation: AsyncStream<AuthEvent>.Continuation?

    func set(holdsCalls: Bool = false, holdsSignIn: Bool = false) {
        self.holdsCalls = holdsCalls
        self.holdsSignIn = holdsSignIn
    }

    func script(signIn results: [Result<SignInStep, AuthError>]) { signInResults = results }
    func script(signUp results: [Result<SignUpStep, AuthError>]) { signUpResults = results }
    func store(_ session: PersistedSession?) { storedSession = session }

    /// How many `getUserAttributes` calls wait.
    var waitingCount: Int { waiting.count }

    /// Whether a held `signIn` is waiting.
    var isSignInHeld: Bool { signInGate != nil }

    /// Lets a held `signIn` continue.
    func finishSignIn() {
        signInGate?.resume()
        signInGate = nil
    }

    /// Whether the runtime subscribed to events.
    var isSubscribed: Bool { continuation != nil }

    /// Publishes an event to the runtime.
    func emit(_ event: AuthEvent) { continuation?.yield(event) }

    func signIn(username: String, password: String) async throws -> SignInStep {
        calls.append(.signIn(username, password))
        if holdsSignIn { await withCheckedContinuation { signInGate = $0 } }
        let result = signInResults.isEmpty ? .success(.done) : signInResults.removeFirst()
        if case .success(.done) = result { resumeWaiting() }
        return try result.get()
    }

    func confirmSignIn(_ answer: String, attributes: [String: String]) async throws -> SignInStep {
        calls.append(.confirmSignIn(answer, attributes))
        resumeWaiting()
        return .done
    }

    func signUp(username: String, password: String, attributes: [String: String]) async throws -> SignUpStep {
        calls.append(.signUp(username, password, attributes))
        let result =
            signUpResults.isEmpty
            ? .success(.confirmSignUp(CodeDeliveryDetails(destination: "b***@e***", deliveryMedium: "EMAIL")))
            : signUpResults.removeFirst()
        return try result.get()
    }

    func confirmSignUp(username: String, code: String) async throws -> SignUpStep {
        calls.append(.confirmSignUp(username, code))
        return .done
    }

    func resendSignUpCode(username: String) async throws -> CodeDeliveryDetails {
        calls.append(.resendSignUpCode(username))
        return CodeDeliveryDetails(destination: "b***@e***", deliveryMedium: "EMAIL")
    }

    func requestPasswordReset(username: String) async throws -> CodeDeliveryDetails {
        calls.append(.requestPasswordReset(username))
        return CodeDeliveryDetails(destination: "a***@e***", deliveryMedium: "EMAIL")
    }

    func confirmForgotPassword(username: String, newPassword: String, code: String) async throws {
        calls.append(.confirmForgotPassword(username, newPassword, code))
        if code != "123456" { throw AuthError.codeMismatch("Invalid code provided, please request a code again.") }
    }

    func signOut(_ scope: SignOutScope) async throws -> SignOutResult {
        calls.append(.signOut(scope))
        failWaiting(.signedOut)
        var result = SignOutResult(scope: scope)
        result.refreshTokenRevoked = true
        result.signedOutEverywhere = scope == .global
        return result
    }

    func releaseSignInWait() {
        calls.append(.releaseSignInWait)
        let count = waiting.count
        failWaiting(.signInWaitCancelled)
        emit(.signInWaitReleased(count: count))
    }

    func forceRefresh() {
        calls.append(.forceRefresh)
        emit(.tokensRefreshed(expiration: t0.addingTimeInterval(7200)))
    }

    func getUserAttributes(_ options: TokenRequestOptions) async throws -> [String: String] {
        calls.append(.getUserAttributes(options.label))
        if holdsCalls {
            return try await withCheckedThrowingContinuation { waiting.append($0) }
        }
        return ["sub": "sub-alice"]
    }

    func signIn(username: String, password: String?, flow: AuthenticationFlow?, method: SignInMethod?) async throws
        -> SignInStep
    {
        calls.append(.userAuth(username, method))
        switch method {
        case nil: return .selectChallenge([.password, .emailOTP, .webAuthn])
        case .emailOTP?: return .emailOTP(CodeDeliveryDetails(destination: "n***@e***", deliveryMedium: "EMAIL"))
        default: throw AuthError.invalidParameter("unexpected method")
        }
    }

    func selectSignInMethod(_ method: SignInMethod, password: String?) async throws -> SignInStep {
        calls.append(.selectSignInMethod(method, password))
        if method == .emailOTP {
            return .emailOTP(CodeDeliveryDetails(destination: "a***@e***", deliveryMedium: "EMAIL"))
        }
        resumeWaiting()
        return .done
    }

    func setUpTOTP() async throws -> TOTPSetupDetails {
        calls.append(.setUpTOTP)
        return TOTPSetupDetails(secret: "JBSWY3DPEHPK3PXP", accountName: "alice")
    }

    func verifyTOTPSetup(code: String) async throws {
        calls.append(.verifyTOTPSetup(code))
        if code != "123456" { throw AuthError.codeMismatch("Code mismatch and fail enable Software Token MFA") }
    }

    func events() -> AsyncStream<AuthEvent> {
        let (stream, continuation) = AsyncStream<AuthEvent>.makeStream()
        self.continuation = continuation
        return stream
    }

    var userState: UserState { .signedIn }
    var session: PersistedSession? { storedSession }
    var pendingCalls: [PendingCall] { [] }
    var connectivity: Connectivity { .online }

    private func resumeWaiting() {
        let resumed = waiting
        waiting = []
        for continuation in resumed { continuation.resume(returning: ["sub": "sub-alice"]) }
    }

    private func failWaiting(_ error: AuthError) {
        let failed = waiting
        waiting = []
        for continuation in failed { continuation.resume(throwing: error) }
    }
}
