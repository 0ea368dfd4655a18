import ArgumentParser
import CognitoAuth
import Foundation
import LatchkeyText

/// `mfa FACTOR`: sms, totp or email.
enum FactorOption: String, ExpressibleByArgument, CaseIterable {
    case totp, email, sms

    var type: MFAType {
        switch self {
        case .totp: return .totp
        case .email: return .email
        case .sms: return .sms
        }
    }
}

struct MFACommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mfa", abstract: Localized.text(\.cliMFAAbstract),
        subcommands: [MFAStatusCommand.self, MFAEnableCommand.self, MFADisableCommand.self, MFAPreferCommand.self],
        defaultSubcommand: MFAStatusCommand.self)
}

struct MFAStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: Localized.text(\.cliMFAStatusAbstract))

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliMFAStatusJson))) var json = false

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let client = try await global.makeClient()
        let settings = try await client.mfaSettings()
        if json {
            let object: JSONValue = [
                "enabled": .array(settings.enabled.map { .string($0.shortName) }),
                "preferred": settings.preferred.map { .string($0.shortName) } ?? .null,
                "unknown": .array(settings.unknown.map { .string(TerminalText.sanitized($0)) }),
            ]
            print(String(decoding: object.encoded(), as: UTF8.self))
            return
        }
        for factor in FactorOption.allCases {
            let on = settings.enabled.contains(factor.type)
            let preferred = settings.preferred == factor.type ? Localized.text(\.cliMfaPreferredMark) : ""
            let noPhone =
                factor == .sms && !on && !settings.canUseSMS ? Localized.text(\.cliMfaNoPhoneMark) : ""
            let state = Localized.text(on ? \.cliMfaOn : \.cliMfaOff)
            print("\(factor.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)) \(state)\(preferred)" + noPhone)
        }
        for name in settings.unknown {
            print(Localized.format(\.cliMfaUnknownFactor, ["name": TerminalText.sanitized(name)]))
        }
        if settings.enabled.isEmpty { print(Localized.text(\.cliMfaNoneOn)) }
    }
}

struct MFAEnableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable",
        abstract: Localized.text(\.cliMFAEnableAbstract))

    @Argument(help: ArgumentHelp(Localized.text(\.cliMFAEnableFactor))) var factor: FactorOption
    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliMFAEnablePreferred))) var preferred = false
    @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliMFAEnableCode)))
    var code: String?

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let client = try await global.makeClient()
        if factor == .totp {
            let setup = try await client.setUpTOTP()
            CLIOutput.info(Localized.text(\.cliMfaAddToApp))
            // The secret was checked to be base32 when it arrived; sanitised anyway, as all server text is.
            print("secret: \(TerminalText.sanitized(setup.secret))")
            print("uri: \(TerminalText.sanitized(setup.uri))")
            let answer = try code ?? CLIOutput.ask(Localized.text(\.cliPromptAppCode))
            // Verifying turns TOTP on and makes it the preferred factor, as AWSMobileClient's enrolment does.
            try await client.verifyTOTPSetup(code: answer)
            CLIOutput.info(Localized.format(\.cliMfaOnAndPreferred, ["factor": "totp"]))
            return
        }
        if factor == .sms, try await client.mfaSettings().phoneNumber == nil {
            throw CLIFailure(
                code: 2,
                message: Localized.text(\.cliMfaSmsNeedsPhone))
        }
        try await client.setMFAPreference([factor.type: preferred ? .preferred : .enabled])
        CLIOutput.info(
            Localized.format(preferred ? \.cliMfaOnAndPreferred : \.cliMfaTurnedOn, ["factor": factor.rawValue]))
    }
}

struct MFADisableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable", abstract: Localized.text(\.cliMFADisableAbstract))

    @Argument(help: ArgumentHelp(Localized.text(\.cliMFADisableFactor))) var factor: FactorOption

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let client = try await global.makeClient()
        try await client.setMFAPreference([factor.type: .disabled])
        CLIOutput.info(Localized.format(\.cliMfaTurnedOff, ["factor": factor.rawValue]))
    }
}

struct MFAPreferCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prefer",
        abstract: Localized.text(\.cliMFAPreferAbstract))

    @Argument(help: ArgumentHelp(Localized.text(\.cliMFAPreferChoice))) var choice: String

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        let client = try await global.makeClient()
        let settings = try await client.mfaSettings()
        if choice.lowercased() == "none" {
            var changes: [MFAType: MFAPreference] = [:]
            for type in settings.enabled { changes[type] = .enabled }
            try await client.setMFAPreference(changes)
            CLIOutput.info(Localized.text(\.cliMfaNoPreference))
            return
        }
        guard let factor = FactorOption(rawValue: choice.lowercased()) else {
            throw CLIFailure(code: 2, message: Localized.format(\.cliMfaBadChoice, ["choice": choice]))
        }
        guard settings.enabled.contains(factor.type) else {
            throw CLIFailure(
                code: 2,
                message: Localized.format(\.cliMfaOffTurnOnFirst, ["factor": factor.rawValue]))
        }
        try await client.setMFAPreference([factor.type: .preferred])
        CLIOutput.info(Localized.format(\.cliMfaNowPreferred, ["factor": factor.rawValue]))

    }
}
