import ArgumentParser
import CognitoAuth
import Foundation
import LatchkeyText

struct StatusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status", abstract: Localized.text(\.cliStatusAbstract),
        discussion: Localized.text(\.cliStatusDiscussion))

    /// The exit status for `state`: 0 signed in, 4 sign in again, 1 otherwise (as `gh auth status`).
    static func exitStatus(_ state: UserState) -> Int32 {
        switch state {
        case .signedIn: return 0
        case .signedOutUserPoolsTokenInvalid, .signedOutFederatedTokensInvalid: return 4
        default: return 1
        }
    }

    /// Who authenticated the session, as the text output says it: the provider's name, "Guest", or nil.
    /// `localized`: in the current language (the text output); else English (the JSON output).
    static func authenticatedBy(state: UserState, provider: String?, localized: Bool = false) -> String? {
        if state == .guest { return localized ? Localized.text(\.guest) : "Guest" }
        guard let provider, state == .signedIn || state.needsRelogin else { return nil }
        return FederatedProvider.displayName(for: provider, localized ? .current : .english)
    }

    /// What the status output reports, gathered once from the configuration, the store and the client.
    struct Facts {
        var configuration: AuthConfiguration
        var accountID: String
        var storeLocation: String
        var backend: SessionStoreSelection.Backend
        var state: UserState
        var session: PersistedSession?
        var activeProviders: [String]
        /// Sessions earlier commands found unreadable and moved aside (they may still hold tokens).
        var corruptFiles: [String]
        /// The stored session's issuer disagrees with the configuration (nothing of it is used).
        var issuerMismatch: SessionIssuerMismatch? = nil
    }

    @Flag(name: .long, help: ArgumentHelp(Localized.text(\.cliStatusJson)))
    var json = false

    /// The options every command takes, last in the help (ux-3, item 17).
    @OptionGroup var global: GlobalOptions

    func run() async throws {
        // The warnings are part of what this command shows; they are not repeated on stderr.
        let configuration = try global.loadConfiguration(printingWarnings: false)
        let accountID = try global.accountID()
        let (store, backend) = try global.selectStore(accountID: accountID)
        let client = AuthClient(
            configuration: configuration, store: store, transport: try global.makeTransport(),
            logger: global.makeLogger())
        let state = await client.initialize()
        try await GlobalOptions.check(client)
        let facts = Facts(
            configuration: configuration, accountID: accountID, storeLocation: store.location, backend: backend,
            state: state, session: await client.session, activeProviders: await client.activeProviderKeys,
            corruptFiles: (store as? FileSessionStore)?.corruptFiles ?? [],
            issuerMismatch: await client.sessionIssuerMismatch)
        if json {
            print(String(decoding: JSONValue.object(Self.jsonObject(facts)).encoded(), as: UTF8.self))
        } else {
            printText(facts)
        }
        try CLIOutput.flushStandardOutput()
        // Another pool's session: shown above, and refused as every command refuses it (exit 2).
        if let mismatch = facts.issuerMismatch { throw AuthError.sessionIssuerMismatch(mismatch) }
        let status = Self.exitStatus(state)
        if status != 0 { throw ExitCode(status) }
    }
}
