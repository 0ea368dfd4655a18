import AuthScreens
import CognitoAuth
import LatchkeyText

/// Passwords read from the terminal (hidden) or from standard input (`--password-stdin`).
enum PasswordInput {
    /// How many times a new password is asked for on a terminal before the command gives up.
    static let newPasswordTries = 3

    static func read(fromStdin: Bool, prompt: String) throws -> String {
        if fromStdin || !CLIOutput.stdinIsTerminal {
            guard let line = CLIOutput.readLine() else {
                throw CLIFailure(code: 2, message: Localized.text(\.cliExpectedPasswordStdin))
            }
            return try checked(line)
        }
        return try checked(CLIOutput.secret(prompt: prompt))
    }

    /// A new password (sign-up, a reset, a change): from standard input once, checked against the
    /// policy; on a terminal asked twice, as every form does, and asked again after a refused or
    /// mismatched one, up to ``newPasswordTries`` times, as `sign-in` asks again after a wrong password
    /// (ux-3, item 21).
    ///
    /// `repeatPrompt` asks for it the second time ("New password again: " unless the first prompt words it otherwise).
    static func readNew(
        fromStdin: Bool, prompt: String, repeatPrompt: String = Localized.text(\.cliPromptRepeatNewPassword),
        configuration: AuthConfiguration
    ) throws -> String {
        if fromStdin || !CLIOutput.stdinIsTerminal {
            let password = try read(fromStdin: true, prompt: prompt)
            try checkPolicy(password, configuration: configuration)
            return password
        }
        return try askNew(
            policy: PasswordPolicy(configuration: configuration),
            ask: { try checked(CLIOutput.secret(prompt: $0 ? repeatPrompt : prompt)) },
            tell: { CLIOutput.info($0) })
    }

    /// The terminal side of ``readNew(fromStdin:prompt:repeatPrompt:configuration:)``: `ask(false)` asks for the password,
    /// `ask(true)` for it again; `tell` says why one more try is needed.
    static func askNew(
        policy: PasswordPolicy, ask: (_ repeated: Bool) throws -> String, tell: (String) -> Void
    ) throws -> String {
        var failure = ""
        for attempt in 1...newPasswordTries {
            let left = newPasswordTries - attempt
            let password = try ask(false)
            if let refusal = policy.refusal(of: password) {
                failure = refusal
            } else if try ask(true) != password {
                failure = Localized.text(\.cliNewPasswordsDiffer)
            } else {
                return password
            }
            if left > 0 { tell("✖ " + failure + Localized.format(\.cliNewPasswordTryAgain, ["left": String(left)])) }
        }
        throw CLIFailure(code: 1, message: failure)
    }

    /// `password` when it is not empty; an empty one is a usage error (exit 2) before any request.
    static func checked(_ password: String) throws(CLIFailure) -> String {
        guard !password.isEmpty else { throw CLIFailure(code: 2, message: Localized.text(\.cliPasswordEmpty)) }
        return password
    }

    /// Refuses (exit 1, before any request) a new password the configuration's policy refuses: the same
    /// ``PasswordPolicy`` the forms' checklist uses, so the CLI and the UI agree (issue 29, B3).
    static func checkPolicy(_ password: String, configuration: AuthConfiguration) throws {
        if let refusal = PasswordPolicy(configuration: configuration).refusal(of: password) {
            throw CLIFailure(code: 1, message: refusal)
        }
    }
}
