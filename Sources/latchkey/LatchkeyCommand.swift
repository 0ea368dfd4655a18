import ArgumentParser
import CognitoAuth
import Foundation
import LatchkeyText

/// The `latchkey` command: Cognito sign-in for the terminal (run by ``LatchkeyMain``).
struct LatchkeyCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "latchkey",
        abstract: Localized.text(\.cliLatchkeyAbstract),
        discussion: Localized.text(\.cliLatchkeyDiscussion),
        version: LatchkeyVersion.current,
        subcommands: [
            SignInCommand.self, StatusCommand.self, TokenCommand.self, SignUpCommand.self,
            ConfirmSignUpCommand.self, ResendCodeCommand.self, ForgotPasswordCommand.self,
            ConfirmForgotPasswordCommand.self, ChangePasswordCommand.self, SignOutCommand.self,
            CredentialsCommand.self, ConfigCommand.self, DemoCommand.self, UICommand.self, MFACommand.self,
            DevicesCommand.self, UserCommand.self, AccountsCommand.self, SwitchCommand.self, VersionCommand.self,
            ExecCommand.self, ServeCredentialsCommand.self, AWSProfileCommand.self,
            SessionsCommand.self, ClientSecretCommand.self,
            PasskeyCommand.self,
        ],
        defaultSubcommand: UICommand.self
    )

    /// Parses the arguments and runs the command; ``LatchkeyMain`` has hardened the process.
    static func main() async {
        let environment = ProcessInfo.processInfo.environment
        let arguments = preparedArguments(environment: environment)
        do {
            var command: any ParsableCommand
            if let token = parseTokenAlone(arguments) {
                command = token
            } else {
                command = try parseAsRoot(arguments)
            }
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
            // One output path for every command: what `print` buffered must arrive (else exit 5).
            try CLIOutput.flushStandardOutput()
        } catch AuthError.deadlineExceeded {
            CLIOutput.error(Localized.text(\.cliDeadlineExceeded))
            terminate(AuthError.deadlineExceeded.exitCode)
        } catch let error as AuthError {
            CLIOutput.error(error.description(.current))

            terminate(error.exitCode)
        } catch let error as ConfigurationError {
            CLIOutput.error(error.forCommandLine.description)
            terminate(2)
        } catch let error as CLIFailure {
            CLIOutput.error(error.message)
            terminate(error.code)
        } catch {
            reportParserOutcome(error, environment: environment)
        }
    }

    /// The arguments to parse, in the language they ask for: `--lang` taken out, the global options first,
    /// and a mistyped leading option or an unknown command refused here (exit 2).
    static func preparedArguments(environment: [String: String]) -> [String] {
        // The language first: the help text and every message are built in it.
        Language.processDefault = Language.fromLocale(environment: environment)
        var arguments: [String]
        do {
            (Language.processDefault, arguments) = try LanguageArgument.extract(
                from: Array(CommandLine.arguments.dropFirst()), environment: environment)
        } catch {
            CLIOutput.error(error.message)
            terminate(error.code)
        }
        arguments = GlobalOptionsFirst.reordered(arguments)
        if let failure = UnknownLeadingOption.check(arguments) {
            FileHandle.standardError.write(Data((failure + "\n").utf8))
            terminate(2)
        }
        // `token` is a known name: the check (which lists every subcommand) is skipped for it.
        if arguments.first != TokenCommand.name, let failure = UnknownCommand.check(arguments) {
            FileHandle.standardError.write(Data((failure + "\n").utf8))
            terminate(2)
        }
        return arguments
    }

    /// Ends the process for what ArgumentParser threw: `--help` and `--version` print and exit 0; a usage
    /// error prints and exits 2 (its 64); a command that chose its exit status exits with it.
    static func reportParserOutcome(_ error: any Error, environment: [String: String]) -> Never {
        let code = exitCode(for: error)
        if code == .success {
            // --help and --version: ArgumentParser's text, written (and checked) like any output; in another
            // language than English the help is wrapped by display width (ArgumentParser counts characters).
            let text =
                Language.current == .english
                ? fullMessage(for: error)
                : HelpText.wrapped(
                    fullMessage(for: error, columns: 10_000), width: HelpText.terminalWidth(environment: environment))
            emitOrFail(text + "\n")
            terminate(0)
        }
        // A command that chose its exit status (`status`, `accounts`) still had its output checked.
        emitOrFail("")
        let message = fullMessage(for: error)
        if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
        // ArgumentParser's usage errors (64) are our documented 2.
        terminate(code == .validationFailure || code.rawValue == 64 ? 2 : code.rawValue)
    }
}

extension LatchkeyCommand {
    /// `latchkey token …` parsed against the `token` command alone, or nil to parse as usual.
    ///
    /// The start-up path of scripts: parsing from the root builds the argument sets of all twenty
    /// subcommands (about a fifth of a cached `token`'s time). Anything this does not accept as it
    /// is (`--help`, a bad option, a failed validation) returns nil, so the root parse reports it
    /// with the usual words and usage.
    nonisolated static func parseTokenAlone(_ arguments: [String]) -> TokenCommand? {
        guard arguments.first == TokenCommand.name else { return nil }
        return try? TokenCommand.parseAsRoot(Array(arguments.dropFirst())) as? TokenCommand
    }
}

/// Writes `text` to standard output (flushing what was printed before); a failed write ends the
/// process with exit 5 and says so.
func emitOrFail(_ text: String) {
    do {
        try CLIOutput.emit(text)
    } catch {
        CLIOutput.error(error.message)
        terminate(error.code)
    }
}

/// A failure with a chosen exit code and a message for stderr.
struct CLIFailure: Error {
    var code: Int32
    var message: String
}

/// Exits the process with `code` (outside the command type, whose `exit(withError:)` shadows the C function).
func terminate(_ code: Int32) -> Never {
    Foundation.exit(code)
}
