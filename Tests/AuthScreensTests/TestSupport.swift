import AuthScreens
import AuthScreensTesting
import CognitoAuth
import Foundation
import TerminalKeys
import Testing

/// 2023-11-14 22:13:20 UTC.
let t0 = Date(timeIntervalSince1970: 1_700_000_000)

/// Absolute times in tests are shown in UTC.
let utc = TimeZone(identifier: "UTC")!

/// The user pool's logins key used as the provider in tests.
let poolProvider = "cognito-idp.us-east-1.amazonaws.com/us-east-1_TestPool1"

let emailDelivery = CodeDeliveryDetails(destination: "a***@e***", deliveryMedium: "EMAIL", attributeName: "email")
let smsDelivery = CodeDeliveryDetails(destination: "+*******0100", deliveryMedium: "SMS", attributeName: "phone_number")

func signInStore(_ state: SignInState = SignInState()) -> TestStore<SignInState, SignInAction, ScreenEffect> {
    TestStore(state: state, reducer: { $0.reduce($1) }, keyAction: { .keyPressed($0) })
}

func signUpStore(_ state: SignUpState) -> TestStore<SignUpState, SignUpAction, ScreenEffect> {
    TestStore(state: state, reducer: { $0.reduce($1) }, keyAction: { .keyPressed($0) })
}

func confirmStore(_ state: ConfirmSignUpState) -> TestStore<ConfirmSignUpState, ConfirmSignUpAction, ScreenEffect> {
    TestStore(state: state, reducer: { $0.reduce($1) }, keyAction: { .keyPressed($0) })
}

func forgotStore(_ state: ForgotPasswordState) -> TestStore<ForgotPasswordState, ForgotPasswordAction, ScreenEffect> {
    TestStore(state: state, reducer: { $0.reduce($1) }, keyAction: { .keyPressed($0) })
}

func challengeStore<S: Equatable, A: ChallengeScreenAction>(
    _ state: S, _ reduce: @escaping (inout S, A) -> [ScreenEffect]
) -> TestStore<S, A, ScreenEffect> {
    TestStore(state: state, reducer: reduce, keyAction: { .keyPressed($0) })
}

func dashboardStore(_ state: DashboardState) -> TestStore<DashboardState, DashboardAction, ScreenEffect> {
    TestStore(state: state, reducer: { $0.reduce($1) }, keyAction: { .keyPressed($0) })
}

func appStore(_ state: AppState) -> TestStore<AppState, AppAction, AuthEffect> {
    TestStore(state: state, reducer: { $0.reduce($1) }, keyAction: { .keyPressed($0) })
}

/// Sample calls `numbers`, running since `since` (the tests' `t0` unless said).
func running(_ numbers: [Int], since: Date = t0) -> [DashboardState.RunningCall] {
    numbers.map { DashboardState.RunningCall(number: $0, since: since) }
}

/// An app on the dashboard, signed in as alice, at `t0` in UTC.
func signedInApp(options: AuthUIOptions = AuthUIOptions()) -> AppState {
    var app = AppState(options: options, now: t0, timeZone: utc)
    _ = app.reduce(.sessionEvent(.stateChanged(.signedIn, username: "alice", provider: poolProvider)))
    return app
}

/// Everything `dump` prints for a value.
func dumped(_ value: some Any) -> String {
    var text = ""
    dump(value, to: &text)
    return text
}
