import AuthScreens
import CognitoAuth
import CognitoAuthTesting
import Foundation

/// An in-memory ``AuthClientService`` with scripted results that mimics the client's wait for re-login.
///
/// Every call is recorded in ``calls``; ``changes`` is notified after each call and each change a
/// test may wait for (a held call, a subscription), so tests await it with a ``Waiter`` instead of polling.
public actor FakeAuthService: AuthClientService {
    /// A call the runtime made (secrets included, so tests can check they were passed on).
    public enum Call: Equatable, Sendable {
        case signIn(String, String)
        case confirmSignIn(String, [String: String])
        case signUp(String, String, [String: String])
        case confirmSignUp(String, String)
        case resendSignUpCode(String)
        case forgotPassword(String)
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
        case deleteUserAttributes([String])
        case sendAttributeCode(String)
        case verifyUserAttribute(String, String)
        case changePassword(String, String)
        case deleteUser
        case getTokens
        case listSessions
        case revokeSession(String)
        case listPasskeys
        case addPasskey
        case deletePasskey(String)
    }

    /// What `userAttributes` returns; `updateUserAttributes` and `verifyUserAttribute` change it.
    public var profile = UserAttributes(username: "alice", all: [:])
    /// Thrown by the Profile calls when set.
    public var profileError: AuthError?
    /// What `getTokens` returns (it throws when nil).
    public var tokens: CognitoTokens?

    /// Sets what the Profile calls return or throw, and what `getTokens` returns.
    public func script(profile: UserAttributes, error: AuthError? = nil, tokens: CognitoTokens? = nil) {
        self.profile = profile
        profileError = error
        self.tokens = tokens
    }

    /// Records the call; returns ``profile`` or throws ``profileError``.
    public func userAttributes() async throws -> UserAttributes {
        calls.append(.userAttributes)
        if let profileError { throw profileError }
        return profile
    }

    /// Records the call and applies the change to ``profile``; a new email is unverified and gets a code.
    public func updateUserAttributes(_ attributes: [String: String]) async throws -> [CodeDeliveryDetails] {
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

    /// Records the call and removes the attributes from ``profile``, or throws ``profileError``.
    public func deleteUserAttributes(_ names: [String]) async throws {
        calls.append(.deleteUserAttributes(names))
        if let profileError { throw profileError }
        for name in names { profile.all[name] = nil }
    }

    /// Records the call; a code goes to a masked address unless ``profileError`` is set.
    public func sendAttributeVerificationCode(_ attribute: String) async throws -> CodeDeliveryDetails {
        calls.append(.sendAttributeCode(attribute))
        if let profileError { throw profileError }
        return CodeDeliveryDetails(destination: "n***@e***", deliveryMedium: "EMAIL", attributeName: attribute)
    }

    /// Records the call; code 123456 marks the attribute verified, any other is a mismatch.
    public func verifyUserAttribute(_ attribute: String, code: String) async throws {
        calls.append(.verifyUserAttribute(attribute, code))
        guard code == "123456" else {
            throw AuthError.codeMismatch("Invalid verification code provided, please try again.")
        }
        profile.all["\(attribute)_verified"] = "true"
    }

    /// Records the call; throws ``profileError`` when set.
    public func changePassword(current: String, proposed: String) async throws {
        calls.append(.changePassword(current, proposed))
        if let profileError { throw profileError }
    }

    /// Records the call; throws ``profileError`` when set.
    public func deleteUser() async throws {
        calls.append(.deleteUser)
        if let profileError { throw profileError }
    }

    /// Records the call; returns ``tokens`` or throws `notSignedIn`.
    public func getTokens(_ options: TokenRequestOptions?) async throws -> CognitoTokens {
        calls.append(.getTokens)
        guard let tokens else { throw AuthError.notSignedIn }
        return tokens
    }

    // MARK: What the fake has no backend for, said explicitly

    /// No user pool and no identity pool: the dashboard's sample call is GetUser alone.
    public nonisolated let configuration = AuthConfiguration()

    /// Nothing to probe: the fake never loses its backend.
    public func probeConnectivity() {}

    /// Nothing to adopt: the fake has no shared store.
    public func syncWithStore() {}

    /// Refused: the fake has no identity pool (see ``configuration``), so the UI never asks.
    public func getCallerIdentity(_ options: TokenRequestOptions) async throws -> CallerIdentity {
        throw AuthError.unsupported(type: "identity pool", message: "the fake has no identity pool")
    }

    /// Refused: the fake has no identity pool (see ``configuration``), so the UI never asks.
    public func getAWSCredentials(_ options: TokenRequestOptions) async throws -> AWSCredentials {
        throw AuthError.unsupported(type: "identity pool", message: "the fake has no identity pool")
    }

    /// Refused: the fake keeps no MFA settings.
    public func mfaSettings() async throws -> MFASettings {
        throw AuthError.unsupported(type: "MFA", message: "the fake cannot read MFA settings")
    }

    /// Refused: the fake keeps no MFA settings.
    public func setMFAPreference(_ changes: [MFAType: MFAPreference]) async throws {
        throw AuthError.unsupported(type: "MFA", message: "the fake cannot change MFA settings")
    }

    /// Refused: the fake's sign-ins keep no attempt to start again.
    public func restartSignIn() async throws -> SignInStep {
        throw AuthError.unsupported(type: "RESEND", message: "the fake cannot start the sign-in again")
    }

    /// Refused: the fake has no hosted UI.
    public func beginHostedUISignIn(provider: String?) async throws -> HostedUISignInRequest {
        throw AuthError.unsupported(type: "OAuth", message: "the fake has no hosted UI")
    }

    /// Refused: the fake has no hosted UI.
    public func completeHostedUISignIn(
        _ request: HostedUISignInRequest, callback: HostedUICallback, replacingSession: Bool
    ) async throws {
        throw AuthError.unsupported(type: "OAuth", message: "the fake has no hosted UI")
    }

    /// Refused: the fake has no hosted UI.
    public func completeHostedUISignIn(_ request: HostedUISignInRequest, pasted: String, replacingSession: Bool)
        async throws
    {
        throw AuthError.unsupported(type: "OAuth", message: "the fake has no hosted UI")
    }

    /// What `listDevices` returns; `forgetDevice` and `setDeviceRemembered` change it.
    public var deviceList: [DeviceInfo] = []
    /// Thrown by the device calls when set.
    public var deviceError: AuthError?

    /// Sets what the device calls return or throw.
    public func script(devices: [DeviceInfo], error: AuthError? = nil) {
        deviceList = devices
        deviceError = error
    }

    /// Records the call; returns ``deviceList`` or throws ``deviceError``.
    public func listDevices(pageSize: Int) async throws -> [DeviceInfo] {
        calls.append(.listDevices)
        if let deviceError { throw deviceError }
        return deviceList
    }

    /// Records the call and updates the device's status in ``deviceList``.
    public func setDeviceRemembered(_ remembered: Bool, deviceKey: String?) async throws {
        calls.append(.setDeviceRemembered(remembered, deviceKey))
        if let deviceError { throw deviceError }
        for index in deviceList.indices where deviceList[index].deviceKey == deviceKey {
            deviceList[index].rememberedStatus = remembered ? "remembered" : "not_remembered"
        }
    }

    /// Records the call and removes the device from ``deviceList``.
    public func forgetDevice(_ deviceKey: String?) async throws {
        calls.append(.forgetDevice(deviceKey))
        if let deviceError { throw deviceError }
        deviceList.removeAll { $0.deviceKey == deviceKey }
    }

    /// What `listSessions` returns; `revokeSession` removes from it (FakeAuthService+Sessions.swift).
    public var sessionList: [UserSessionInfo] = []
    /// Thrown by the session calls when set (a `TokenServiceError` or an `AuthError`).
    public var sessionError: (any Error)?

    /// Every call the runtime made, in order.
    public private(set) var calls: [Call] = [] {
        didSet { changes.notify() }
    }
    /// Adds `call` to ``calls`` (for the extensions in other files).
    func record(_ call: Call) { calls.append(call) }
    /// Notified after every call and every change a test may wait for (for ``Waiter``).
    public nonisolated let changes = ChangeSignal()
    /// The time `forceRefresh` counts the new expiry from (2023-11-14 22:13:20 UTC, the tests' `t0`).
    public var now = Date(timeIntervalSince1970: 1_700_000_000)
    /// The password `signIn` accepts; nil accepts any (the scripted results decide).
    public let acceptedPassword: String?
    private var state: UserState

    /// Creates a fake in `userState` (signed in, unless a test starts at the sign-in form).
    ///
    /// With `acceptedPassword`, `signIn` fails with "Incorrect username or password." for any other
    /// password; a successful sign-in from a signed-out state publishes the state change, as the client does.
    public init(userState: UserState = .signedIn, acceptedPassword: String? = nil) {
        state = userState
        self.acceptedPassword = acceptedPassword
    }

    /// The usernames `signIn(username:password:)` was called with, in order.
    public var signInUsernames: [String] {
        calls.compactMap { call in
            if case .signIn(let username, _) = call { return username }
            return nil
        }
    }
    /// Results of `signIn`, consumed in order (then `.done`).
    public var signInResults: [Result<SignInStep, AuthError>] = []
    /// Results of `signUp`, consumed in order (then confirmation by email).
    public var signUpResults: [Result<SignUpStep, AuthError>] = []
    /// Whether `getUserAttributes` waits for a sign-in (as after `signedOutUserPoolsTokenInvalid`).
    public var holdsCalls = false
    /// Whether `signIn` waits for ``finishSignIn()``.
    public var holdsSignIn = false
    /// The persisted session `session()` returns; nil until a test sets one.
    public var storedSession: PersistedSession?
    /// The levels each `stepUp` asked for, in order (FakeAuthService+StepUp.swift).
    public var stepUpRequests: [[String]] = []
    /// How many times `releaseStepUpWait` was called.
    public var stepUpReleases = 0
    /// The step ``stepUp(acr:maxAge:)`` answers with (nil: an email code).
    public var stepUpStep: SignInStep?

    private var waiting: [CheckedContinuation<[String: String], any Error>] = []
    private var signInGate: CheckedContinuation<Void, Never>?
    private var continuation: AsyncStream<AuthEvent>.Continuation?

    /// Chooses which calls wait: `getUserAttributes` until a sign-in, `signIn` until ``finishSignIn()``.
    public func set(holdsCalls: Bool = false, holdsSignIn: Bool = false) {
        self.holdsCalls = holdsCalls
        self.holdsSignIn = holdsSignIn
    }

    /// Sets the results of `signIn`, consumed in order.
    public func script(signIn results: [Result<SignInStep, AuthError>]) { signInResults = results }
    /// Sets the results of `signUp`, consumed in order.
    public func script(signUp results: [Result<SignUpStep, AuthError>]) { signUpResults = results }
    /// Sets what ``session`` returns.
    public func store(_ session: PersistedSession?) { storedSession = session }

    /// How many `getUserAttributes` calls wait.
    public var waitingCount: Int { waiting.count }

    /// Whether a held `signIn` is waiting.
    public var isSignInHeld: Bool { signInGate != nil }

    /// Lets a held `signIn` continue.
    public func finishSignIn() {
        signInGate?.resume()
        signInGate = nil
    }

    /// Whether the runtime subscribed to events.
    public var isSubscribed: Bool { continuation != nil }

    /// Publishes an event to the runtime.
    public func emit(_ event: AuthEvent) { continuation?.yield(event) }

    /// Records the call and returns the next scripted result (`.done` when none); a `.done` resumes waiting calls.
    public func signIn(username: String, password: String) async throws -> SignInStep {
        calls.append(.signIn(username, password))
        if holdsSignIn {
            await withCheckedContinuation {
                signInGate = $0
                changes.notify()
            }
        }
        if let acceptedPassword, password != acceptedPassword {
            throw AuthError.notAuthorized("Incorrect username or password.")
        }
        let result = signInResults.isEmpty ? .success(.done) : signInResults.removeFirst()
        if case .success(.done) = result {
            resumeWaiting()
            if state != .signedIn {
                state = .signedIn
                emit(
                    .stateChanged(
                        UserStateChange(state: .signedIn, info: UserStateInfo(username: username, provider: nil))))
            }
        }
        return try result.get()
    }

    /// Records the call, resumes waiting calls and returns `.done`.
    public func confirmSignIn(_ answer: String, attributes: [String: String]) async throws -> SignInStep {
        calls.append(.confirmSignIn(answer, attributes))
        resumeWaiting()
        return .done
    }

    /// Records the call and returns the next scripted result (confirmation by email when none).
    public func signUp(username: String, password: String, attributes: [String: String]) async throws -> SignUpStep {
        calls.append(.signUp(username, password, attributes))
        let result =
            signUpResults.isEmpty
            ? .success(.confirmSignUp(CodeDeliveryDetails(destination: "b***@e***", deliveryMedium: "EMAIL")))
            : signUpResults.removeFirst()
        return try result.get()
    }

    /// Records the call and returns `.done`.
    public func confirmSignUp(username: String, code: String) async throws -> SignUpStep {
        calls.append(.confirmSignUp(username, code))
        return .done
    }

    /// Records the call; the code goes to a masked email address.
    public func resendSignUpCode(username: String) async throws -> CodeDeliveryDetails {
        calls.append(.resendSignUpCode(username))
        return CodeDeliveryDetails(destination: "b***@e***", deliveryMedium: "EMAIL")
    }

    /// Records the call; the code goes to a masked email address.
    public func forgotPassword(username: String) async throws -> ForgotPasswordResult {
        calls.append(.forgotPassword(username))
        return ForgotPasswordResult(delivery: CodeDeliveryDetails(destination: "a***@e***", deliveryMedium: "EMAIL"))
    }

    /// Records the call; code 123456 succeeds, any other is a mismatch.
    public func confirmForgotPassword(username: String, newPassword: String, code: String) async throws {
        calls.append(.confirmForgotPassword(username, newPassword, code))
        if code != "123456" { throw AuthError.codeMismatch("Invalid code provided, please request a code again.") }
    }

    /// Records the call, fails waiting calls with `.signedOut` and reports the tokens revoked.
    public func signOut(_ scope: SignOutScope) async throws -> SignOutResult {
        calls.append(.signOut(scope))
        failWaiting(.signedOut)
        var result = SignOutResult(scope: scope)
        result.refreshTokenRevoked = true
        result.signedOutEverywhere = scope == .global
        result.hostedUILogoutURL = signOutLogoutURL
        return result
    }

    /// The hosted UI's logout page that ``signOut(_:)`` reports (a hosted session), or nil.
    public private(set) var signOutLogoutURL: URL?

    /// Makes ``signOut(_:)`` report `url` as the hosted UI's logout page to open.
    public func setSignOutLogoutURL(_ url: URL?) { signOutLogoutURL = url }

    /// Records the call, fails waiting calls and publishes how many were released.
    public func releaseSignInWait() {
        calls.append(.releaseSignInWait)
        let count = waiting.count
        failWaiting(.signInWaitCancelled)
        emit(.signInWaitReleased(count: count))
    }

    /// Records the call and publishes a refresh whose tokens expire two hours after ``now``.
    public func forceRefresh() {
        calls.append(.forceRefresh)
        emit(.tokensRefreshed(expiration: now.addingTimeInterval(7200)))
    }

    /// Records the call; waits for a sign-in when ``holdsCalls`` is set, else returns alice's `sub`.
    public func getUserAttributes(_ options: TokenRequestOptions) async throws -> [String: String] {
        calls.append(.getUserAttributes(options.label))
        if holdsCalls {
            return try await withCheckedThrowingContinuation {
                waiting.append($0)
                changes.notify()
            }
        }
        return ["sub": "sub-alice"]
    }

    /// Records the call: no method offers a choice, email OTP sends a code, others fail.
    public func signIn(username: String, password: String?, flow: AuthenticationFlow?, method: SignInMethod?)
        async throws
        -> SignInStep
    {
        calls.append(.userAuth(username, method))
        switch method {
        case .webAuthn?:
            try await runPasskeyCeremony(.get)
            resumeWaiting()
            return .done
        case nil: return .selectChallenge([.password, .emailOTP, .webAuthn])
        case .emailOTP?: return .emailOTP(CodeDeliveryDetails(destination: "n***@e***", deliveryMedium: "EMAIL"))
        default: throw AuthError.invalidParameter("unexpected method")
        }
    }

    /// Records the call: email OTP sends a code, a passkey runs its ceremony when an authenticator is scripted, any
    /// other method signs in.
    public func selectSignInMethod(_ method: SignInMethod, password: String?) async throws -> SignInStep {
        calls.append(.selectSignInMethod(method, password))
        if method == .emailOTP {
            return .emailOTP(CodeDeliveryDetails(destination: "a***@e***", deliveryMedium: "EMAIL"))
        }
        if method == .webAuthn, passkeyAuthenticator != nil { try await runPasskeyCeremony(.get) }
        resumeWaiting()
        return .done
    }

    // MARK: Passkeys

    /// The authenticator passkey ceremonies go to (a test's, wrapped by a ``PasskeyCeremonyBridge``); without one
    /// they fail with ``PasskeyFailure/noAuthenticator``, as the client does.
    public var passkeyAuthenticator: (any PasskeyAuthenticator)?
    /// The passkeys ``listPasskeys()`` returns (an added one is appended).
    public var passkeyList: [PasskeyCredential] = []
    /// An error the passkey list, add and delete throw.
    public var passkeyError: AuthError?

    /// Records the call and returns a fixed secret for alice.
    public func setUpTOTP() async throws -> TOTPSetupDetails {
        calls.append(.setUpTOTP)
        return TOTPSetupDetails(secret: "JBSWY3DPEHPK3PXP", accountName: "alice")
    }

    /// Records the call; code 123456 succeeds, any other is a mismatch.
    public func verifyTOTPSetup(code: String) async throws {
        calls.append(.verifyTOTPSetup(code))
        if code != "123456" { throw AuthError.codeMismatch("Code mismatch and fail enable Software Token MFA") }
    }

    /// A new event stream (replacing the last one): ``emit(_:)`` publishes to it.
    public func events() -> AsyncStream<AuthEvent> {
        let (stream, continuation) = AsyncStream<AuthEvent>.makeStream()
        self.continuation = continuation
        changes.notify()
        return stream
    }

    /// The user state: as created, then signed in after a successful sign-in.
    public var userState: UserState { state }
    /// The stored session set with ``store(_:)``.
    public var session: PersistedSession? { storedSession }
    /// Always empty: waiting calls are counted by ``waitingCount``.
    public var pendingCalls: [PendingCall] { [] }
    /// Always `.online`: the fake never loses its backend.
    public var connectivity: Connectivity { .online }

    private func resumeWaiting() {
        defer { changes.notify() }
        let resumed = waiting
        waiting = []
        for continuation in resumed { continuation.resume(returning: ["sub": "sub-alice"]) }
    }

    private func failWaiting(_ error: AuthError) {
        defer { changes.notify() }
        let failed = waiting
        waiting = []
        for continuation in failed { continuation.resume(throwing: error) }
    }
}
