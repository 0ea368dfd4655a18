import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKeys

/// The dashboard's service calls, named after the core's; each answer comes back as a `DashboardAction`.
public enum DashboardRequest: Hashable, Sendable {
    /// GetUser calls numbered `first` to `first + count - 1` (labels "GetUser #n"), then STS
    /// GetCallerIdentity each when an identity pool is configured; each ends with `sampleCallFinished`.
    case sampleCalls(first: Int, count: Int)
    /// One sample call that asks for the authentication level `acr` (it waits behind a step-up when
    /// the session's level is lower); ends with `sampleCallFinished`.
    case stepUpSampleCall(number: Int, acr: [String])
    /// `forceRefresh()` (`r`, and the dashboard ahead of expiry); the outcome arrives as an auth event.
    case forceRefresh
    /// `probeConnectivity()`: while offline, whether the backend answers again (an auth event says so).
    case probeConnectivity
    /// `mfaSettings()`; answered by `mfaSettingsLoaded`.
    case mfaSettings
    /// `setMFAPreference(_:)`; answered by `mfaPreferenceFinished`.
    case setMFAPreference([MFAType: MFAPreference])
    /// `signOut(_:)` here or everywhere; answered by `signOutFinished`.
    case signOut(SignOutScope)
    /// `getAWSCredentials(_:)` (renewed when due by the core's rule), then the stored session; answered
    /// by `awsCredentialsRenewed`.
    case renewAWSCredentials

    /// The requests to run side by side for this one: each sample call is a request of its own.
    var concurrentParts: [DashboardRequest] {
        guard case .sampleCalls(let first, let count) = self, count > 1 else { return [self] }
        return (first..<(first + count)).map { .sampleCalls(first: $0, count: 1) }
    }

    /// Calls `service` and returns the action the answer comes back as (nil when there is none, or
    /// when cancelled). Sample calls run one after another here; the runtime runs ``concurrentParts``.
    /// One sample call: GetUser, then STS GetCallerIdentity with the AWS credentials when an identity
    /// pool is configured; both wait for re-login (and, with a level in `options`, for a step-up).
    static func sampleCall(_ number: Int, _ options: TokenRequestOptions, on service: some AuthClientService) async
        -> DashboardAction?
    {
        await AuthEffect.outcome {
            _ = try await service.getUserAttributes(options)
            if service.configuration.identityPool != nil { _ = try await service.getCallerIdentity(options) }
        }.map { .sampleCallFinished(number: number, result: $0) }
    }

    func perform(on service: some AuthClientService) async -> DashboardAction? {
        switch self {
        case .sampleCalls(let first, let count):
            var last: DashboardAction?
            for number in first..<(first + count) {
                let options = TokenRequestOptions(label: ScreenText.sampleCallLabel(number))
                last = await Self.sampleCall(number, options, on: service)
            }
            return last
        case .stepUpSampleCall(let number, let acr):
            return await Self.sampleCall(
                number, TokenRequestOptions(acr: acr, label: ScreenText.sampleCallLabel(number)), on: service)
        case .forceRefresh:
            await service.forceRefresh()
            return nil
        case .probeConnectivity:
            await service.probeConnectivity()
            return nil
        case .mfaSettings:
            return await AuthEffect.outcome { try await service.mfaSettings() }.map { .mfaSettingsLoaded($0) }
        case .setMFAPreference(let changes):
            return await AuthEffect.outcome { try await service.setMFAPreference(changes) }
                .map { .mfaPreferenceFinished($0) }
        case .signOut(let scope):
            return await AuthEffect.outcome { try await service.signOut(scope) }
                .map { .signOutFinished(global: scope == .global, result: $0) }
        case .renewAWSCredentials:
            return await AuthEffect.outcome {
                _ = try await service.getAWSCredentials(
                    TokenRequestOptions(
                        waitForSignIn: false, waitForConnectivity: false, label: ScreenText.awsCredentialsLabel))
                return await service.session.map(SessionSummary.init)
            }.map { .awsCredentialsRenewed($0) }
        }
    }
}

/// The Security row's request in flight.
public enum MFARequest: Hashable, Sendable {
    /// `m`: the MFA settings are read (also after every change).
    case load
    /// A factor turned on or off, or made preferred.
    case change([MFAType: MFAPreference])
    /// `t`: an authenticator enrolment is starting (its secret is on the way).
    case enrol
}

/// What happened on (or to) the dashboard.
public enum DashboardAction: Sendable {
    /// A key was pressed.
    case keyPressed(Key)
    /// "Sign out everywhere?" was answered: `y` confirms, any other key declines.
    case questionAnswered(DashboardQuestion, confirmed: Bool)
    /// The auth client published an event.
    case sessionEvent(SessionEvent)
    /// The runtime read the stored session.
    case sessionLoaded(SessionSummary?)
    /// The one-second tick: updates the gauges and probes the backend while offline.
    case tick(now: Date)
    /// Sample call number `number` finished.
    case sampleCallFinished(number: Int, result: Result<Void, AuthError>)
    /// A sign-out finished (the local session is gone either way): what the service confirmed, or why not.
    case signOutFinished(global: Bool, result: Result<SignOutResult, AuthError>)
    /// The MFA settings were read (`m`, and after every change).
    case mfaSettingsLoaded(Result<MFASettings, AuthError>)
    /// An MFA change finished.
    case mfaPreferenceFinished(Result<Void, AuthError>)
    /// The dashboard's renewal of the AWS credentials finished: the session read after it, or why not.
    case awsCredentialsRenewed(Result<SessionSummary?, AuthError>)
}
