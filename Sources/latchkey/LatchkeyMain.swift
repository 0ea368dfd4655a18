import CognitoAuth
import Dispatch
import Foundation
import LatchkeyText

/// The process's entry point: hardening, the `token` fast path, then the command on Swift concurrency.
///
/// The entry is synchronous so that a cached `latchkey token` (``TokenFastPath``) prints and exits
/// before anything starts an executor, a thread or ArgumentParser. Every other run is
/// ``LatchkeyCommand/main()`` on the main actor, with the main queue serviced by `dispatchMain()`:
/// what an `async` entry point does on Linux.
@main
enum LatchkeyMain {
    @MainActor
    static func main() {
        ProcessHardening.disableCoreDumps()
        ProcessHardening.reserveStandardDescriptors()
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let fastPath = TokenFastPath(arguments: arguments, environment: ProcessInfo.processInfo.environment),
            let token = fastPath.cachedToken()
        {
            // The language `token` would speak (the fast path takes no `--lang`), for a failed write.
            Language.processDefault = Language.fromLocale(environment: fastPath.environment)
            do {
                try CLIOutput.emit(token + "\n")
            } catch {
                CLIOutput.error(error.message)
                terminate(error.code)
            }
            terminate(0)
        }
        Task { @MainActor in
            await LatchkeyCommand.main()
            terminate(0)
        }
        dispatchMain()
    }
}
