import ArgumentParser
import CognitoAuth
import Foundation
import LatchkeyText

/// The account rules (``AccountDirectory``'s, shared with the full-screen UI) with the command
/// line's options and errors.
enum AccountResolution {
    /// The account `wanted` names (an id, a username, or `username@poolId`); nil when none does.
    /// - Throws: ``CLIFailure`` (exit 2) when several accounts answer to it, listing them with how to
    ///   pick one (`how` is the command to show, `latchkey switch` or `--account`).
    static func find(
        _ wanted: String, in accounts: AccountDirectory, environment: [String: String], how: String
    ) throws -> AccountSummary? {
        switch AccountDirectory.lookUp(wanted, among: accounts.summaries(environment: environment)) {
        case .found(let summary): return summary
        case .notFound: return nil
        case .ambiguous(let candidates): throw ambiguity(wanted, candidates, how: how)
        }
    }

    /// "demo names 2 accounts here: account-2 (us-east-1_X, signed in), account-3 (pool not
    /// recorded, signed in). Pick one by its id: latchkey switch account-3."
    static func ambiguity(_ wanted: String, _ candidates: [AccountSummary], how: String) -> CLIFailure {
        let listed = candidates.map { candidate in
            let pool = candidate.userPoolId.map { TerminalText.sanitized($0) } ?? Localized.text(\.cliAccountsNoPool)
            return "\(candidate.id) (\(pool), \(AccountsCommand.describe(candidate.state)))"
        }
        return CLIFailure(
            code: 2,
            message: Localized.format(
                \.cliAccountsAmbiguous,
                [
                    "name": TerminalText.sanitized(wanted), "count": String(candidates.count),
                    "candidates": listed.joined(separator: ", "),
                    "example": how + " " + (candidates.last?.id ?? AccountDirectory.defaultID),
                ]))
    }

    /// The account a sign-in as `username` on `userPoolId` goes to (``AccountDirectory/accountForSignIn(username:userPoolId:among:)``,
    /// a new account made when it says so); `--account` is obeyed as given.
    /// `all` is ``AccountDirectory/summaries(environment:)``, read once by the caller.
    static func accountForSignIn(
        username: String, userPoolId: String?, all: [AccountSummary], global: GlobalOptions
    ) throws -> (id: String, isNew: Bool) {
        if global.namesAccount { return (try global.accountID(), false) }
        switch AccountDirectory.accountForSignIn(username: username, userPoolId: userPoolId, among: all) {
        case .existing(let id):
            return (id, false)
        case .new:
            do {
                return (try global.accounts.createAccount(), true)
            } catch {
                throw AuthError(storeError: error)
            }
        }
    }

    /// After a sign-in to account `id`: records what it signed in with and, with `activates`, makes it the active one.
    static func recordSignIn(
        id: String, username: String, configuration: AuthConfiguration, global: GlobalOptions, activates: Bool = true
    ) throws {
        do {
            try global.accounts.recordSignIn(
                id: id, username: username, configuration: configuration, configSection: global.resolvedConfigSection,
                activates: activates)
        } catch {
            throw AuthError(storeError: error)
        }
    }

    /// Records account `id`'s sign-in as soon as `client` stores it, before any device step, so that
    /// a sign-in interrupted there never leaves a session without its `account.json`.
    /// - Returns: the listener's token, for ``AuthClient/removeUserStateListener(_:)``.
    static func recordWhenSignedIn(client: AuthClient, id: String, global: GlobalOptions) async -> UInt64 {
        await client.addUserStateListener { [global, configuration = client.configuration] state, info in
            guard state == .signedIn, let username = info.username,
                username != global.accounts.profile(of: id)?.username
            else { return }
            try? recordSignIn(id: id, username: username, configuration: configuration, global: global)
        }
    }

    /// After a sign-in to account `id` whose user has another account here: moves it there
    /// (``AccountDirectory/settleSignIn(of:environment:)``). The sign-in stands either way: a move
    /// that fails leaves it where it is, with a warning.
    /// - Returns: the account that holds the sign-in now, and the line that says what happened.
    static func settleSignIn(id: String, global: GlobalOptions) -> (id: String, message: String?) {
        do {
            let settled = try global.accounts.settleSignIn(of: id, environment: global.environment)
            guard settled != id else { return (id, nil) }
            let name = TerminalText.sanitized(global.accounts.profile(of: settled)?.username ?? settled)
            return (settled, Localized.format(\.accountsKeptAccount, ["name": name]))
        } catch {
            return (id, Localized.format(\.accountsNotMoved, ["reason": TerminalText.sanitized(error.description)]))
        }
    }

    /// After signing out of account `id` (``AccountDirectory/afterSignOut(of:environment:)``).
    /// - Returns: the name of the account switched to, if any.
    static func afterSignOut(id: String, global: GlobalOptions) -> String? {
        global.accounts.afterSignOut(of: id, environment: global.environment)?.name
    }
}

/// `latchkey accounts`: every account kept here, and which one is active.
struct AccountsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts",
        abstract: Localized.text(\.cliAccountsAbstract),
        discussion: Localized.text(\.cliAccountsDiscussion))

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliAccountsJson)))
    var json = false

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try FileSessionStore.checkDirectoryOrThrow(global.storeRoot)
        let all = global.accounts.summaries(environment: global.environment)
        if json {
            let list: [JSONValue] = all.map { summary in
                .object([
                    "id": .string(summary.id),
                    "username": summary.username.map(JSONValue.string) ?? .null,
                    "userPoolId": summary.userPoolId.map(JSONValue.string) ?? .null,
                    "state": summary.state.map { .string($0.rawValue) } ?? .null,
                    "active": .bool(summary.isActive),
                    "problem": summary.problem.map(JSONValue.string) ?? .null,
                ])
            }
            print(String(decoding: JSONValue.array(list).encoded(), as: UTF8.self))
            try CLIOutput.flushStandardOutput()
            return
        }
        let shown = all.filter { $0.isLive || $0.isActive || $0.problem != nil }
        guard shown.contains(where: { $0.isLive || $0.problem != nil }) else {
            print(Localized.text(\.cliAccountsNone))
            throw ExitCode(1)
        }
        let width = shown.map { TerminalText.sanitized($0.name).count }.max() ?? 0
        let repeated = Set(Dictionary(grouping: shown, by: \.name).filter { $0.value.count > 1 }.keys)
        for summary in shown {
            let marker = summary.isActive ? "*" : " "
            let name = TerminalText.sanitized(summary.name)
            let padded = name + String(repeating: " ", count: max(0, width - name.count))
            let pool = summary.userPoolId.map { TerminalText.sanitized($0) } ?? Localized.text(\.cliAccountsNoPool)
            let state =
                summary.problem.map {
                    Localized.format(\.cliAccountsUnreadable, ["reason": TerminalText.sanitized($0)])
                } ?? Self.describe(summary.state)
            let active = summary.isActive ? Localized.text(\.cliAccountsActiveMark) : ""
            // One user in two accounts (from before sign-in kept one per user): the id tells them apart.
            let id = repeated.contains(summary.name) ? "  [\(summary.id)]" : ""
            print("\(marker) \(padded)  \(pool)  \(state)\(active)\(id)")
        }
        if shown.count > 1 {
            print(Localized.text(repeated.isEmpty ? \.cliAccountsSwitchHint : \.cliAccountsSwitchHintIDs))
        }
    }

    /// An account's state in words: "signed in", "session expired: sign in again", …
    static func describe(_ state: UserState?) -> String {
        switch state {
        case .signedIn?: return Localized.text(\.cliAccountsSignedIn)
        case .signedOutUserPoolsTokenInvalid?, .signedOutFederatedTokensInvalid?:
            return Localized.text(\.cliAccountsExpired)
        case .guest?: return Localized.text(\.cliAccountsGuest)
        case .signedOut?, .unknown?, nil: return Localized.text(\.cliAccountsSignedOut)
        }
    }
}

/// `latchkey switch`: makes another account the active one.
struct SwitchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "switch",
        abstract: Localized.text(\.cliSwitchAbstract),
        discussion: Localized.text(\.cliSwitchDiscussion))

    @Argument(
        help: ArgumentHelp(Localized.text(\.cliSwitchName)),
        completion: .custom { words, _, _ in SwitchCommand.accountNames(words: words) })
    var name: String?

    /// The names `switch` takes, for the shell's completion (ux-3, item 22): the accounts signed in in the
    /// store the typed words name (`--store DIR`), else in the one the environment names.
    static func accountNames(words: [String]) -> [String] {
        let environment = ProcessInfo.processInfo.environment
        let store = words.firstIndex(of: "--store").flatMap { words.indices.contains($0 + 1) ? words[$0 + 1] : nil }
        let root = store ?? FileSessionStore.defaultDirectory(environment: environment)
        let names = AccountDirectory(root: root).summaries(environment: environment).filter(\.isLive).map {
            TerminalText.sanitized($0.name)
        }
        return Array(Set(names)).sorted()
    }

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        try FileSessionStore.checkDirectoryOrThrow(global.storeRoot)
        let accounts = global.accounts
        let all = accounts.summaries(environment: global.environment)
        let candidates = all.filter { $0.isLive && !$0.isActive }
        let target: AccountSummary
        if let name {
            switch AccountDirectory.lookUp(name, among: all) {
            case .found(let found):
                target = found
            case .ambiguous(let matches):
                throw AccountResolution.ambiguity(name, matches, how: "latchkey switch")
            case .notFound:
                let names = all.filter(\.isLive).map { TerminalText.sanitized($0.name) }
                throw CLIFailure(
                    code: 2,
                    message: names.isEmpty
                        ? Localized.format(\.cliSwitchNoSuchAccount, ["name": TerminalText.sanitized(name)])
                        : Localized.format(
                            \.cliSwitchNoSuchAccountAmong,
                            ["name": TerminalText.sanitized(name), "names": names.joined(separator: ", ")]))
            }
        } else if candidates.count == 1, let only = candidates.first {
            target = only
        } else {
            let names = candidates.map { TerminalText.sanitized($0.name) }
            throw CLIFailure(
                code: 2,
                message: names.isEmpty
                    ? Localized.text(\.cliSwitchNoOther)
                    : Localized.format(\.cliSwitchNameIt, ["names": names.joined(separator: ", ")]))
        }
        if target.isActive {
            CLIOutput.info(Localized.format(\.cliSwitchAlreadyActive, ["name": TerminalText.sanitized(target.name)]))
            return
        }
        do {
            try accounts.activate(target.id)
        } catch {
            throw AuthError(storeError: error)
        }
        let name = TerminalText.sanitized(target.name)
        CLIOutput.info(
            target.userPoolId.map {
                Localized.format(\.cliSwitchSwitchedOnPool, ["name": name, "pool": TerminalText.sanitized($0)])
            } ?? Localized.format(\.cliSwitchSwitched, ["name": name]))
    }
}

extension FileSessionStore {
    /// `checkDirectory(_:)` as the CLI's error.
    static func checkDirectoryOrThrow(_ directory: String) throws {
        do {
            try checkDirectory(directory)
        } catch {
            throw AuthError(storeError: error)
        }
    }
}
