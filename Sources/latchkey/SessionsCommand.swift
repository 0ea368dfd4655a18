import ArgumentParser
import CognitoAuth
import Foundation
import LatchkeyText

/// `latchkey sessions`: the signed-in user's sessions on every device and app client (Cognito's user
/// session tracking), and `sessions revoke ID` to end another one.
struct SessionsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sessions",
        abstract: Localized.text(\.cliSessionsAbstract),
        discussion: Localized.text(\.cliSessionsDiscussion),
        subcommands: [List.self, Revoke.self],
        defaultSubcommand: List.self)

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list", abstract: Localized.text(\.cliSessionsListAbstract))

        @OptionGroup var global: GlobalOptions

        @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliSessionsListJson)))
        var json = false

        func run() async throws {
            let client = try await global.makeClient()
            let sessions = try await SessionsCommand.exiting { try await client.listSessions() }
            if json {
                try CLIOutput.emit(SessionsCommand.json(sessions) + "\n")
                return
            }
            if sessions.isEmpty {
                try CLIOutput.emit(Localized.text(\.cliSessionsNone) + "\n")
                return
            }
            try CLIOutput.emit(sessions.map(SessionsCommand.line).joined(separator: "\n") + "\n")
        }
    }

    struct Revoke: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "revoke",
            abstract: Localized.text(\.cliSessionsRevokeAbstract),
            discussion: Localized.text(\.cliSessionsRevokeDiscussion))

        @OptionGroup var global: GlobalOptions

        @Argument(help: ArgumentHelp(Localized.text(\.cliSessionsRevokeID)))
        var id: String

        @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliSessionsRevokeYes)))
        var yes = false

        @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliSessionsRevokeLinked)))
        var linked = false

        func validate() throws {
            guard !id.isEmpty, id.count <= 128, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                throw ValidationError(
                    Localized.format(\.cliSessionsNotAnID, ["text": TerminalText.sanitized(String(id.prefix(40)))]))
            }
        }

        func run() async throws {
            let client = try await global.makeClient()
            if !yes {
                guard CLIOutput.stdinIsTerminal else {
                    throw CLIFailure(
                        code: 2,
                        message: Localized.format(\.cliSessionsRevokeNeedsYes, ["id": id]))
                }
                let answer = try CLIOutput.ask(Localized.format(\.cliSessionsRevokeAsk, ["id": id]))
                guard ["y", "yes"].contains(answer.lowercased()) else {
                    throw CLIFailure(code: 1, message: Localized.text(\.cliSessionsNothingRevoked))
                }
            }
            try await SessionsCommand.exiting { try await client.revokeSession(id: id, revokeAssociated: linked) }
            CLIOutput.info(Localized.format(\.cliSessionsRevoked, ["id": TerminalText.sanitized(id)]))
        }
    }

    /// Runs `body`, turning a ``TokenServiceError`` into the CLI's exit code and sentence.
    static func exiting<T: Sendable>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let error as TokenServiceError {
            throw CLIFailure(code: exitCode(for: error.failureKind), message: error.description(.current))
        }
    }

    /// The exit code of a failure kind, as ``AuthError/exitCode`` maps it.
    static func exitCode(for kind: AuthFailureKind) -> Int32 {
        switch kind {
        case .authentication: return 1
        case .configuration: return 2
        case .network: return 3
        case .reloginRequired: return 4
        case .storage: return 5
        }
    }

    /// One line: id, this-one mark, device, address and place, app client, created, last active.
    static func line(_ session: UserSessionInfo) -> String {
        var parts = [(session.isCurrent ? "* " : "  ") + TerminalText.sanitized(session.id)]
        parts.append(
            session.deviceType.map { TerminalText.sanitized($0) } ?? Localized.text(\.cliSessionsUnknownDevice))
        var place = session.lastIPAddress.map { TerminalText.sanitized($0) } ?? "-"
        let location = [session.city, session.country].compactMap { $0 }.map { TerminalText.sanitized($0) }
        if !location.isEmpty { place += " (\(location.joined(separator: ", ")))" }
        parts.append(place)
        parts.append(Localized.format(\.cliSessionsClient, ["id": TerminalText.sanitized(session.clientId ?? "-")]))
        parts.append(Localized.format(\.cliSessionsCreated, ["time": session.created.map(CLIOutput.iso8601) ?? "-"]))
        parts.append(Localized.format(\.cliSessionsActive, ["time": session.lastActive.map(CLIOutput.iso8601) ?? "-"]))
        if session.isCurrent { parts.append(Localized.text(\.cliSessionsThisSession)) }
        return parts.joined(separator: "  ")
    }

    /// The sessions as a JSON array.
    static func json(_ sessions: [UserSessionInfo]) -> String {
        func text(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
        let array: [JSONValue] = sessions.map { session in
            .object([
                "id": .string(session.id), "current": .bool(session.isCurrent), "type": .string(session.type),
                "client": text(session.clientId), "created": text(session.created.map(CLIOutput.iso8601)),
                "lastActive": text(session.lastActive.map(CLIOutput.iso8601)), "device": text(session.deviceType),
                "ip": text(session.lastIPAddress), "city": text(session.city), "country": text(session.country),
            ])
        }
        return String(decoding: JSONValue.array(array).encoded(), as: UTF8.self)
    }
}
