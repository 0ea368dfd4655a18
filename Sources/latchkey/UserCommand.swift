import ArgumentParser
import CognitoAuth
import Foundation
import LatchkeyText

/// `latchkey user`: the signed-in user's attributes, their verification, and deleting the account.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: Localized.text(\.cliUserAbstract),
        subcommands: [Show.self, SetAttributes.self, UnsetAttributes.self, Verify.self, Delete.self],
        defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: Localized.text(\.cliUserShowAbstract))

        @OptionGroup var global: GlobalOptions

        @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliUserShowJson)))
        var json = false

        func run() async throws {
            let client = try await global.makeClient()
            let attributes = try await client.userAttributes()
            try CLIOutput.emit((json ? UserCommand.json(attributes) : UserCommand.text(attributes)) + "\n")
        }
    }

    struct SetAttributes: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: Localized.text(\.cliUserSetAbstract),
            discussion: Localized.text(\.cliUserSetDiscussion))

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp(Localized.text(\.cliUserSetAssignments), valueName: "name=value"))
        var assignments: [String]

        @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliUserSetJson)))
        var json = false

        func validate() throws {
            guard !assignments.isEmpty else {
                throw ValidationError(Localized.text(\.cliUserNeedAssignment))
            }
            _ = try UserCommand.parse(assignments)
        }

        func run() async throws {
            let changes = try UserCommand.parse(assignments)
            let client = try await global.makeClient()
            let deliveries = try await client.updateUserAttributes(changes)
            if json {
                let list: [JSONValue] = deliveries.map { delivery in
                    .object([
                        "attributeName": delivery.attributeName.map(JSONValue.string) ?? .null,
                        "deliveryMedium": delivery.deliveryMedium.map(JSONValue.string) ?? .null,
                        "destination": delivery.destination.map(JSONValue.string) ?? .null,
                    ])
                }
                try CLIOutput.emit(
                    String(decoding: JSONValue.object(["codeDeliveryDetails": .array(list)]).encoded(), as: UTF8.self)
                        + "\n")
                return
            }
            let names = changes.keys.sorted().map { TerminalText.sanitized($0) }.joined(separator: ", ")
            var text = Localized.format(\.cliUserUpdated, ["names": names]) + "\n"
            for delivery in deliveries {
                let name = delivery.attributeName.map { TerminalText.sanitized($0) }
                let destination = TerminalText.sanitized(delivery.phrase)
                text +=
                    (name.map {
                        Localized.format(\.cliUserCodeSentFor, ["name": $0, "destination": destination])
                    } ?? Localized.format(\.cliUserCodeSentForAttribute, ["destination": destination])) + "\n"
                text += Localized.format(\.cliUserThenVerify, ["name": name ?? "NAME"]) + "\n"
            }
            // A message, not data: stderr, like every command's ✔ lines.
            CLIOutput.info(String(text.dropLast()))
        }
    }

    struct UnsetAttributes: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unset",
            abstract: Localized.text(\.cliUserUnsetAbstract),
            discussion: Localized.text(\.cliUserUnsetDiscussion))

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp(Localized.text(\.cliUserUnsetNames), valueName: "name"))
        var names: [String]

        func validate() throws {
            // `unset email=…` is most likely a `set`: say so rather than send a name Cognito refuses.
            for name in names where name.isEmpty || name.contains("=") {
                throw ValidationError(Localized.format(\.cliUserNotName, ["text": TerminalText.sanitized(name)]))
            }
        }

        func run() async throws {
            let client = try await global.makeClient()
            try await client.deleteUserAttributes(names)
            let removed = names.map { TerminalText.sanitized($0) }.joined(separator: ", ")
            CLIOutput.info(Localized.format(\.cliUserRemoved, ["names": removed]))
        }
    }

    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: Localized.text(\.cliUserVerifyAbstract),
            discussion: Localized.text(\.cliUserVerifyDiscussion))

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp(Localized.text(\.cliUserVerifyName)))
        var name: String

        @Option(name: .long, help: ArgumentHelp(Localized.text(\.cliUserVerifyCode)))
        var code: String?

        func validate() throws {
            guard UserAttributes.isVerifiable(name) else {
                throw ValidationError(
                    Localized.format(\.cliUserNotVerifiable, ["name": TerminalText.sanitized(name)]))
            }
        }

        func run() async throws {
            let client = try await global.makeClient()
            var entered = code
            if entered == nil {
                let delivery = try await client.sendAttributeVerificationCode(name)
                CLIOutput.info(Localized.format(\.cliUserCodeSent, ["destination": delivery.phrase]))
                if CLIOutput.stdinIsTerminal {
                    entered = try CLIOutput.ask(Localized.text(\.cliPromptCode))
                } else {
                    entered = CLIOutput.readLine()
                }
            }
            let value = (entered ?? "").trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else {
                throw CLIFailure(code: 2, message: Localized.text(\.cliUserNoCode))
            }
            try await client.verifyUserAttribute(name, code: value)
            CLIOutput.info(Localized.format(\.cliUserVerified, ["name": name]))
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: Localized.text(\.cliUserDeleteAbstract),
            discussion: Localized.text(\.cliUserDeleteDiscussion))

        @OptionGroup var global: GlobalOptions

        @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliUserDeleteYes)))
        var yes = false

        func run() async throws {
            let client = try await global.makeClient()
            if !yes {
                guard CLIOutput.stdinIsTerminal else {
                    throw CLIFailure(
                        code: 2,
                        message: Localized.text(\.cliUserDeleteNeedsConfirmation))
                }
                let attributes = try await client.userAttributes()
                let username = attributes.username
                CLIOutput.info(Localized.format(\.cliUserDeleteWarning, ["username": username]))
                let typed = try CLIOutput.ask(Localized.format(\.cliPromptTypeUsername, ["username": username]))
                guard typed == username else {
                    throw CLIFailure(code: 1, message: Localized.text(\.cliUserDeleteMismatch))
                }
            }
            let username = await client.username
            let accountID = try global.accountID()
            try await client.deleteUser()
            CLIOutput.info(
                username.map { Localized.format(\.cliUserDeletedNamed, ["username": TerminalText.sanitized($0)]) }
                    ?? Localized.text(\.cliUserDeleted))
            // As after a sign-out: the emptied account goes, and another signed-in one becomes active.
            if let next = AccountResolution.afterSignOut(id: accountID, global: global) {
                CLIOutput.info(Localized.format(\.cliSwitchedAfterSignOut, ["name": TerminalText.sanitized(next)]))
            }
        }
    }

    /// `NAME=VALUE` pairs as a dictionary; a pair without `=` or with an empty name, or a `phone_number`
    /// that is not E.164, is a usage error.
    static func parse(_ assignments: [String]) throws -> [String: String] {
        var changes: [String: String] = [:]
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw ValidationError(
                    Localized.format(\.cliUserNotAssignment, ["text": TerminalText.sanitized(assignment)]))
            }
            changes[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
        }
        // The phone number is checked before it is sent, by the rule Profile and Create account apply.
        if let phone = changes["phone_number"], !phone.isEmpty, !UserAttributes.isE164PhoneNumber(phone) {
            throw ValidationError(
                Localized.format(
                    \.cliUserInvalidPhone,
                    ["value": TerminalText.sanitized(phone), "rule": Localized.text(\.invalidPhone)]))
        }
        return changes
    }

    /// The text form: the username, then one attribute a line (verification beside email and phone).
    static func text(_ attributes: UserAttributes) -> String {
        var lines = [Localized.format(\.cliUserUsername, ["username": TerminalText.sanitized(attributes.username)])]
        let hidden: Set<String> = ["email_verified", "phone_number_verified"]
        let width = attributes.all.keys.filter { !hidden.contains($0) }.map(\.count).max() ?? 0
        for (name, value) in attributes.all.sorted(by: { $0.key < $1.key }) where !hidden.contains(name) {
            var line = "  " + TerminalText.sanitized(name).padding(toLength: width, withPad: " ", startingAt: 0)
            line += "  " + TerminalText.sanitized(value)
            let verified = Localized.text(\.cliUserVerifiedMark)
            let notVerified = Localized.text(\.cliUserNotVerifiedMark)
            if name == "email" { line += attributes.isEmailVerified ? verified : notVerified }
            if name == "phone_number" { line += attributes.isPhoneNumberVerified ? verified : notVerified }

            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }

    /// The JSON form: `{"username": …, "attributes": {name: value}}`.
    static func json(_ attributes: UserAttributes) -> String {
        String(
            decoding: JSONValue.object([
                "username": .string(attributes.username), "attributes": .strings(attributes.all),
            ]).encoded(), as: UTF8.self)
    }
}
