import ArgumentParser
import AuthScreens
import CognitoAuth
import Foundation

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
        commandName: "mfa", abstract: Localized.text("cli.MFA.abstract"),
        subcommands: [MFAStatusCommand.self, MFAEnableCommand.self, MFADisableCommand.self, MFAPreferCommand.self],
        defaultSubcommand: MFAStatusCommand.self)
}

struct MFAStatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: Localized.text("cli.MFAStatus.abstract"))

    @OptionGroup var global: GlobalOptions
    @Flag(name: .long, help: ArgumentHelp(Localized.text("cli.MFAStatus.json"))) var json = false

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
            let preferred = settings.preferred == factor.type ? " (preferred)" : ""
            let noPhone = factor == .sms && !on && !settings.canUseSMS ? " (no phone number on the account)" : ""
            print(
                "\(factor.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)) \(on ? "on" : "off")\(preferred)"
                    + noPhone)
        }
        for name in settings.unknown { print("\(TerminalText.sanitized(name)) on (not known to Latchkey)") }
        if settings.enabled.isEmpty { print("No MFA factor is on. Turn one on: latchkey mfa enable totp|email|sms") }
    }
}

struct MFAEnableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "enable",
        abstract: Localized.text("cli.MFAEnable.abstract"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp(Localized.text("cli.MFAEnable.factor"))) var factor: FactorOption
    @Flag(name: .long, help: ArgumentHelp(Localized.text("cli.MFAEnable.preferred"))) var preferred = false
    @Option(name: .long, help: ArgumentHelp(Localized.text("cli.MFAEnable.code")))
    var code: String?

    func run() async throws {
        let client = try await global.makeClient()
        if factor == .totp {
            let setup = try await client.setUpTOTP()
            CLIOutput.info("Add this account to your authenticator app:")
            print("secret: \(setup.secret)")
            print("uri: \(setup.uri)")
            let answer = try code ?? CLIOutput.ask("Code from the app: ")
            // Verifying turns TOTP on and makes it the preferred factor, as AWSMobileClient's enrolment does.
            try await client.verifyTOTPSetup(code: answer)
            CLIOutput.info("✔ totp MFA is on and preferred.")
            return
        }
        if factor == .sms, try await client.mfaSettings().phoneNumber == nil {
            throw CLIFailure(
                code: 2,
                message: "sms MFA needs a phone number on the account, and it has none. Add a phone_number "
                    + "attribute (with the country code, e.g. +15555550123) first, then run this again.")
        }
        try await client.setMFAPreference([factor.type: preferred ? .preferred : .enabled])
        CLIOutput.info("✔ \(factor.rawValue) MFA is on\(preferred ? " and preferred" : "").")
    }
}

struct MFADisableCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "disable", abstract: Localized.text("cli.MFADisable.abstract"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp(Localized.text("cli.MFADisable.factor"))) var factor: FactorOption

    func run() async throws {
        let client = try await global.makeClient()
        try await client.setMFAPreference([factor.type: .disabled])
        CLIOutput.info("✔ \(factor.rawValue) MFA is off.")
    }
}

struct MFAPreferCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "prefer",
        abstract: Localized.text("cli.MFAPrefer.abstract"))

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp(Localized.text("cli.MFAPrefer.choice"))) var choice: String

    func run() async throws {
        let client = try await global.makeClient()
        let settings = try await client.mfaSettings()
        if choice.lowercased() == "none" {
            var changes: [MFAType: MFAPreference] = [:]
            for type in settings.enabled { changes[type] = .enabled }
            try await client.setMFAPreference(changes)
            CLIOutput.info("✔ No MFA factor is preferred; sign-in asks which one to use.")
            return
        }
        guard let factor = FactorOption(rawValue: choice.lowercased()) else {
            throw CLIFailure(code: 2, message: "choose totp, email, sms or none, not \"\(choice)\".")
        }
        guard settings.enabled.contains(factor.type) else {
            throw CLIFailure(
                code: 2,
                message: "\(factor.rawValue) MFA is off. Turn it on first: latchkey mfa enable \(factor.rawValue)")
        }
        try await client.setMFAPreference([factor.type: .preferred])
        CLIOutput.info("✔ \(factor.rawValue) is the preferred MFA factor.")
    }
}
