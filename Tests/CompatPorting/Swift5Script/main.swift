// A Swift 5 command-line program in the style of the SDK's samples and scripts: every call is made
// from top-level code on the main thread, which then blocks on a DispatchSemaphore until the
// completion handler ran. Written against `import AWSMobileClient`; only the import differs. It sets
// no `AWSMobileClient.completionQueue`: the handlers must find their way without it.
//
//   SEED_USERNAME=alice SEED_PASSWORD=… LATCHKEY_CONFIG=awsconfiguration.json CompatPortingBlockingMain
import AWSMobileClientCompat
import Foundation

let env = ProcessInfo.processInfo.environment
let username = env["SEED_USERNAME"] ?? ""
let password = env["SEED_PASSWORD"] ?? ""

class Listener {}
let listener = Listener()

func step(_ name: String) {
    print("step: \(name)")
    fflush(stdout)
}

// initialize
var semaphore = DispatchSemaphore(value: 0)
AWSMobileClient.default().initialize { (userState, error) in
    if let userState = userState {
        print("initialize: \(userState.rawValue)")
    } else if let error = error {
        print("initialize error: \(error.localizedDescription)")
    }
    semaphore.signal()
}
semaphore.wait()
step("initialize")

// addUserStateListener
AWSMobileClient.default().addUserStateListener(listener) { (userState, info) in
    print("listener: \(userState.rawValue)")
}
step("addUserStateListener")

// signIn
semaphore = DispatchSemaphore(value: 0)
AWSMobileClient.default().signIn(username: username, password: password) { (signInResult, error) in
    if let error = error {
        print("signIn error: \(error)")
    } else if let signInResult = signInResult {
        switch signInResult.signInState {
        case .signedIn:
            print("signIn: signed in")
        case .smsMFA:
            print("signIn: SMS message sent to \(signInResult.codeDetails!.destination!)")
        default:
            print("signIn: not supported \(signInResult.signInState.rawValue)")
        }
    }
    semaphore.signal()
}
semaphore.wait()
step("signIn")

// getTokens
semaphore = DispatchSemaphore(value: 0)
AWSMobileClient.default().getTokens { (tokens, error) in
    if let error = error {
        print("getTokens error: \(error)")
    } else if let tokens = tokens {
        let claims = tokens.idToken?.claims
        print("getTokens: username \(claims?["cognito:username"] as? String ?? "-")")
    }
    semaphore.signal()
}
semaphore.wait()
step("getTokens")

// releaseSignInWait
AWSMobileClient.default().releaseSignInWait()
step("releaseSignInWait")

// signOut
semaphore = DispatchSemaphore(value: 0)
AWSMobileClient.default().signOut(options: SignOutOptions(signOutGlobally: false)) { (error) in
    if let error = error {
        print("signOut error: \(error)")
    } else {
        print("signOut: done")
    }
    semaphore.signal()
}
semaphore.wait()
step("signOut")
print("state: \(AWSMobileClient.default().currentUserState.rawValue)")
