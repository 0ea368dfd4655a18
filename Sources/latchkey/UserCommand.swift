import ArgumentParser
import AuthScreens
import CognitoAuth
import Foundation

/// `latchkey user`: the signed-in user's attributes, their verification, and deleting the account.
struct UserCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "user",
        abstract: Localized.text("cli.User.abstract"),
        subcommands: [Show.self, SetAttributes.self, UnsetAttributes.self, Verify.self, Delete.self],
        defaultSubcommand: Show.self)

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: Localized.text("cli.UserShow.abstract"))

        @OptionGroup var global: GlobalOptions

        @Flag(name: .long, help: ArgumentHelp(Localized.text("cli.UserShow.json")))
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
            abstract: Localized.text("cli.UserSet.abstract"),
            discussion: Localized.text("cli.UserSet.discussion"))

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp(Localized.text("cli.UserSet.assignments"), valueName: "name=value"))
        var assignments: [String]

        @Flag(name: .long, help: ArgumentHelp(Localized.text("cli.UserSet.json")))
        var json = false

        func validate() throws {
            guard !assignments.isEmpty else {
                throw ValidationError(Localized.text("cli.user.needAssignment"))
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
            var text = Localized.format("cli.user.updated", ["names": names]) + "\n"
            for delivery in deliveries {
                let name = delivery.attributeName.map { TerminalText.sanitized($0) }
                let destination = TerminalText.sanitized(delivery.phrase)
                text +=
                    (name.map {
                        Localized.format("cli.user.codeSentFor", ["name": $0, "destination": destination])
                    } ?? Localized.format("cli.user.codeSentForAttribute", ["destination": destination])) + "\n"
                text += Localized.format("cli.user.thenVerify", ["name": name ?? "NAME"]) + "\n"
            }
            // A message, not data: stderr, like every command's ✔ lines.
            CLIOutput.info(String(text.dropLast()))
        }
    }

    struct UnsetAttributes: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "unset",
            abstract: Localized.text("cli.UserUnset.abstract"),
            discussion: Localized.text("cli.UserUnset.discussion"))

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp(Localized.text("cli.UserUnset.names"), valueName: "name"))
        var names: [String]

        func validate() throws {
            // `unset email=…` is most likely a `set`: say so rather than send a name Cognito refuses.
            for name in names where name.isEmpty || name.contains("=") {
                throw ValidationError(Localized.format("cli.user.notName", ["text": TerminalText.sanitized(name)]))
            }
        }

        func run() async throws {
            let client = try await global.makeClient()
            try await client.deleteUserAttributes(names)
            let removed = names.map { TerminalText.sanitized($0) }.joined(separator: ", ")
            CLIOutput.info(Localized.format("cli.user.removed", ["names": removed]))
        }
    }

    struct Verify: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: Localized.text("cli.UserVerify.abstract"),
            discussion: Localized.text("cli.UserVerify.discussion"))

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp(Localized.text("cli.UserVerify.name")))
        var name: String

        @Option(name: .long, help: ArgumentHelp(Localized.text("cli.UserVerify.code")))
        var code: String?

        func validate() throws {
            guard UserAttributes.isVerifiable(name) else {
                throw ValidationError(
                    Localized.format("cli.user.notVerifiable", ["name": TerminalText.sanitized(name)]))
            }
        }

        func run() async throws {
            let client = try await global.makeClient()
            var entered = code
            if entered == nil {
                let delivery = try await client.sendAttributeVerificationCode(name)
                CLIOutput.info(Localized.format("cli.user.codeSent", ["destination": delivery.phrase]))
                if CLIOutput.stdinIsTerminal {
                    entered = try CLIOutput.ask(Localized.text("cli.prompt.code"))
                } else {
                    entered = CLIOutput.readLine()
                }
            }
            let value = (entered ?? "").trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty else {
                throw CLIFailure(code: 2, message: Localized.text("cli.user.noCode"))
            }
            try await client.verifyUserAttribute(name, code: value)
            CLIOutput.info(Localized.format("cli.user.verified", ["name": name]))
        }
    }

    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete",
            abstract: Localized.text("cli.UserDelete.abstract"),
            discussion: Localized.text("cli.UserDelete.discussion"))

        @OptionGroup var global: GlobalOptions

        @Flag(name: .long, help: ArgumentHelp(Localized.text("cli.UserDelete.yes")))
        var yes = false

        func run() async throws {
            let client = try await global.makeClient()
            if !yes {
                guard CLIOutput.stdinIsTerminal else {
                    throw CLIFailure(
                        code: 2,
                        message: Localized.text("cli.user.deleteNeedsConfirmation"))
                }
                let attributes = try await client.userAttributes()
                let username = attributes.username
                CLIOutput.info(Localized.format("cli.user.deleteWarning", ["username": username]))
                let typed = try CLIOutput.ask(Localized.format("cli.prompt.typeUsername", ["username": username]))
                guard typed == username else {
                    throw CLIFailure(code: 1, message: Localized.text("cli.user.deleteMismatch"))
                }
            }
            let username = await client.username
            let accountID = try global.accountID()
            try await client.deleteUser()
            CLIOutput.info(
                username.map { Localized.format("cli.user.deletedNamed", ["username": TerminalText.sanitized($0)]) }
                    ?? Localized.text("cli.user.deleted"))
            // As after a sign-out: the emptied account goes, and another signed-in one becomes active.
            if let next = AccountResolution.afterSignOut(id: accountID, global: global) {
                CLIOutput.info(Localized.format("cli.switchedAfterSignOut", ["name": TerminalText.sanitized(next)]))
            }
        }
    }

    /// `NAME=VALUE` pairs as a dictionary; a pair without `=` or with an empty name is a usage error.
    static func parse(_ assignments: [String]) throws -> [String: String] {
        var changes: [String: String] = [:]
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "="), equals != assignment.startIndex else {
                throw ValidationError(
                    Localized.format("cli.user.notAssignment", ["text": TerminalText.sanitized(assignment)]))
            }
            changes[String(assignment[..<equals])] = String(assignment[assignment.index(after: equals)...])
        }
        return changes
    }

    /// The text form: the username, then one attribute a line (verification beside email and phone).
    static func text(_ attributes: UserAttributes) -> String {
        var lines = [Localized.format("cli.user.username", ["username": TerminalText.sanitized(attributes.username)])]
        let hidden: Set<String> = ["email_verified", "phone_number_verified"]
        let width = attributes.all.keys.filter { !hidden.contains($0) }.map(\.count).max() ?? 0
        for (name, value) in attributes.all.sorted(by: { $0.key < $1.key }) where !hidden.contains(name) {
            var line = "  " + TerminalText.sanitized(name).padding(toLength: width, withPad: " ", startingAt: 0)
            line += "  " + TerminalText.sanitized(value)
            let verified = Localized.text("cli.user.verifiedMark")
            let notVerified = Localized.text("cli.user.notVerifiedMark")
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
