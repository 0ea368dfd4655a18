import CognitoAuth

extension AuthError {
    /// The process exit code for this error: 1 auth, 2 configuration or unsafe store, 3 network,
    /// 4 re-login, 5 local storage (the session could not be written or removed).
    ///
    /// The codes are the CLI's contract with scripts (README, "Exit codes"); the core only says the kind.
    var exitCode: Int32 {
        // A wait that ran out is the service not answering in time (a person is never waited for).
        if case .deadlineExceeded = self { return 3 }
        switch failureKind {
        case .authentication: return 1
        case .configuration: return 2
        case .network: return 3
        case .reloginRequired: return 4
        case .storage: return 5
        }
    }
}
