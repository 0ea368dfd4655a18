import ArgumentParser
import CognitoAuth
import Foundation
import LatchkeyText

/// One account as `latchkey accounts` shows it: read from its store, without the network.
struct AccountSummary {
    var id: String
    var username: String?
    var userPoolId: String?
    var state: UserState?
    var problem: String?
    var isActive: Bool
    /// Whether a sign-out here still owes the service a revocation (kept until it is sent).
    var owesRevocation = false

    /// Whether a user is in this account (signed in, or signed in before and owing a re-login).
    var isLive: Bool {
        guard username != nil, let state else { return false }
        return [.signedIn, .signedOutUserPoolsTokenInvalid, .signedOutFederatedTokensInvalid].contains(state)
    }

    /// The name `latchkey switch` takes for it: the username, else the id.
    var name: String { username ?? id }
}

/// Finding, listing and choosing accounts for the commands.
enum AccountResolution {
    /// The id of the account `wanted` names: an id, a username, or `username@poolId`.
    static func find(_ wanted: String, in accounts: AccountDirectory, environment: [String: String]) -> String? {
        let ids = accounts.accountIDs()
        if ids.contains(wanted) { return wanted }
        let summaries = ids.map { summary(of: $0, in: accounts, environment: environment, active: nil) }
        if let match = summaries.first(where: { label(of: $0) == wanted }) { return match.id }
        let normalized = wanted.precomposedStringWithCanonicalMapping
        return summaries.first { $0.username?.precomposedStringWithCanonicalMapping == normalized }?.id
    }

    /// `username@poolId`, which tells apart one username on two pools.
    static func label(of summary: AccountSummary) -> String {
        summary.name + (summary.userPoolId.map { "@" + $0 } ?? "")
    }

    /// Every account, read from its own store (no network).
    static func summaries(of accounts: AccountDirectory, environment: [String: String]) -> [AccountSummary] {
        let active = accounts.activeID()
        return accounts.accountIDs().map { summary(of: $0, in: accounts, environment: environment, active: active) }
    }

    static func summary(
        of id: String, in accounts: AccountDirectory, environment: [String: String], active: String?
    ) -> AccountSummary {
        let profile = accounts.profile(of: id)
        var summary = AccountSummary(
            id: id, username: profile?.username, userPoolId: profile?.userPoolId, state: nil, problem: nil,
            isActive: id == active)
        do {
            let selection = try SessionStoreSelection.make(
                directory: accounts.directory(for: id), environment: environment, lockTimeout: .milliseconds(500))
            let session = try selection.store.load()
            summary.state = session?.state ?? .signedOut
            summary.owesRevocation = session?.pendingRevocation != nil
            if let name = session?.username { summary.username = name }
        } catch {
            summary.problem = String(describing: error)
        }
        return summary
    }

    /// The account a sign-in as `username` on `userPoolId` goes to.
    ///
    /// The active account, unless another user is in it: then the account already holding
    /// `username` on that pool, else a new one. `--account` is obeyed as given.
    /// `all` is ``summaries(of:environment:)``, read once by the caller.
    static func accountForSignIn(
        username: String, userPoolId: String?, all: [AccountSummary], global: GlobalOptions
    ) throws -> (id: String, isNew: Bool) {
        if global.namesAccount { return (try global.accountID(), false) }
        let accounts = global.accounts
        func holds(_ summary: AccountSummary) -> Bool {
            guard let name = summary.username else { return false }
            return AccountProfile(
                username: name, userPoolId: summary.userPoolId, appClientId: nil, configPath: nil,
                configSection: nil
            ).matches(username: username, userPoolId: userPoolId)
        }
        guard let active = all.first(where: \.isActive), active.isLive, !holds(active) else {
            return (accounts.activeID(), false)
        }
        if let existing = all.first(where: holds) { return (existing.id, false) }
        // An account nobody is in (signed out) is reused before a new one is made.
        if let empty = all.first(where: { !$0.isLive && $0.problem == nil && $0.id != active.id }) {
            return (empty.id, false)
        }
        do {
            return (try accounts.createAccount(), true)
        } catch {
            throw AuthError(storeError: error)
        }
    }

    /// After a sign-in to account `id`: records what it signed in with and makes it the active one.
    static func recordSignIn(
        id: String, username: String, configuration: AuthConfiguration, global: GlobalOptions
    ) throws {
        let profile = AccountProfile(
            username: username, userPoolId: configuration.userPool?.poolId,
            appClientId: configuration.userPool?.appClientId,
            configPath: configuration.sourcePath.map { URL(fileURLWithPath: $0).standardizedFileURL.path },
            configSection: global.resolvedConfigSection)
        do {
            if global.accounts.profile(of: id) != profile { try global.accounts.record(profile, for: id) }
            if global.accounts.activeID() != id { try global.accounts.activate(id) }
        } catch {
            throw AuthError(storeError: error)
        }
    }

    /// After signing out of account `id`: removes it when it is empty (not the default one) and owes
    /// the service nothing (a revocation that could not be sent keeps it until it is), and when it was
    /// the active one and another user is still signed in, switches to them.
    /// - Returns: the name of the account switched to, if any.
    static func afterSignOut(id: String, global: GlobalOptions) -> String? {
        let accounts = global.accounts
        let wasActive = accounts.activeID() == id
        let leaving = summary(of: id, in: accounts, environment: global.environment, active: nil)
        if id != AccountDirectory.defaultID, leaving.state == .signedOut, leaving.problem == nil,
            !leaving.owesRevocation
        {
            try? accounts.removeAccount(id)
        }
        guard wasActive,
            let next = summaries(of: accounts, environment: global.environment).first(where: {
                $0.isLive && $0.id != id
            }),
            (try? accounts.activate(next.id)) != nil
        else { return nil }
        return next.name
    }
}

/// `latchkey accounts`: every account kept here, and which one is active.
struct AccountsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "accounts",
        abstract: Localized.text(\.cliAccountsAbstract),
        discussion: Localized.text(\.cliAccountsDiscussion))

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliAccountsJson)))
    var json = false

    func run() async throws {
        try FileSessionStore.checkDirectoryOrThrow(global.storeRoot)
        let all = AccountResolution.summaries(of: global.accounts, environment: global.environment)
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
        for summary in shown {
            let marker = summary.isActive ? "*" : " "
            let name = TerminalText.sanitized(summary.name)
            let padded = name + String(repeating: " ", count: max(0, width - name.count))
            let pool = summary.userPoolId.map { TerminalText.sanitized($0) } ?? Localized.text(\.cliAccountsNoPool)
            let state =
                summary.problem.map {
                    Localized.format(\.cliAccountsUnreadable, ["reason": TerminalText.sanitized($0)])
                } ?? describe(summary.state)
            let active = summary.isActive ? Localized.text(\.cliAccountsActiveMark) : ""
            print("\(marker) \(padded)  \(pool)  \(state)\(active)")
        }
        if shown.count > 1 { print(Localized.text(\.cliAccountsSwitchHint)) }
    }

    private func describe(_ state: UserState?) -> String {
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

    @OptionGroup var global: GlobalOptions

    @Argument(help: ArgumentHelp(Localized.text(\.cliSwitchName)))
    var name: String?

    func run() async throws {
        try FileSessionStore.checkDirectoryOrThrow(global.storeRoot)
        let accounts = global.accounts
        let all = AccountResolution.summaries(of: accounts, environment: global.environment)
        let candidates = all.filter { $0.isLive && !$0.isActive }
        let target: AccountSummary
        if let name {
            guard let id = AccountResolution.find(name, in: accounts, environment: global.environment),
                let found = all.first(where: { $0.id == id })
            else {
                let names = all.filter(\.isLive).map { TerminalText.sanitized($0.name) }
                throw CLIFailure(
                    code: 2,
                    message: names.isEmpty
                        ? Localized.format(\.cliSwitchNoSuchAccount, ["name": TerminalText.sanitized(name)])
                        : Localized.format(
                            \.cliSwitchNoSuchAccountAmong,
                            ["name": TerminalText.sanitized(name), "names": names.joined(separator: ", ")]))
            }
            target = found
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
