// The same blocking pattern in Swift 6 mode, where top-level code is main-actor isolated: a main-actor
// handler that the main thread blocks on cannot be served. Compat must not hang silently: it warns
// (naming `AWSMobileClient.completionQueue`) and runs the handler off the main thread, where Swift's
// isolation check may stop the program. Run by PortedBlockingMainTests.
import AWSMobileClientCompat
import Foundation

var state = "none"
let semaphore = DispatchSemaphore(value: 0)
AWSMobileClient.default().initialize { userState, error in
    state = userState.map { $0.rawValue } ?? "error: \(String(describing: error))"
    semaphore.signal()
}
semaphore.wait()
print("initialize: \(state)")
