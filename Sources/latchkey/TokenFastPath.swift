import CognitoAuth
import Foundation

/// `latchkey token` answered at start-up, before ArgumentParser, the text catalogs or Swift
/// concurrency are touched: the start-up path of scripts (issue 17).
///
/// It answers only the plain case: arguments it reads by itself (`--id`, `--access`, `--retry-seconds`
/// and the global `--config`, `--config-section`, `--store`, `--account`, each at most once), a
/// configuration that loads, a file store that chooses and reads without a word (see
/// ``SessionStoreSelection/quietFileSession(directory:environment:)``), and tokens valid beyond the
/// refresh margin (``AuthClient/cachedTokens(in:at:configuration:options:)``). Then it prints the
/// token. In every other case (`--help`, `--lang`, `--debug`, a usage error, a refresh, a keyring,
/// a warning, any error) it has read files and nothing else, and `main` runs the ordinary command,
/// which does and says everything as before.
struct TokenFastPath: GlobalSelection {
    var config: String?
    var configSection: String?
    var store: String?
    var account: String?
    var debug: Bool { false }
    let environment: [String: String]
    /// `--access`: print the access token instead of the id token.
    var access = false

    /// The arguments after the program name, read as `token` would take them; nil for anything
    /// else, or anything this reader is not sure of (ArgumentParser then judges it).
    init?(arguments: [String], environment: [String: String]) {
        guard arguments.first == TokenCommand.name else { return nil }
        self.environment = environment
        var seen = Set<String>()
        var id = false
        var rest = arguments.dropFirst()
        while let argument = rest.popFirst() {
            // `--name=value` or `--name value`; options take the next word only when it is not an
            // option (ArgumentParser's default), `--retry-seconds` whatever it is (`.unconditional`).
            let name: Substring
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = argument[..<equals]
                inlineValue = String(argument[argument.index(after: equals)...])
            } else {
                name = argument[...]
            }
            guard seen.insert(String(name)).inserted else { return nil }
            func value(unconditional: Bool = false) -> String? {
                if let inlineValue { return inlineValue.isEmpty ? nil : inlineValue }
                guard let next = rest.first, unconditional || !next.hasPrefix("-") else { return nil }
                rest = rest.dropFirst()
                return next
            }
            switch name {
            case "--id" where inlineValue == nil: id = true
            case "--access" where inlineValue == nil: access = true
            case "--retry-seconds":
                // Only the deadline of a refresh, which this path never makes; still checked as
                // `token` checks it, so that a bad value is reported by the ordinary path.
                guard let text = value(unconditional: true), let seconds = Double(text),
                    (try? TokenCommand.validateRetrySeconds(seconds)) != nil
                else { return nil }
            case "--config":
                guard let text = value() else { return nil }
                config = text
            case "--config-section":
                guard let text = value() else { return nil }
                configSection = text
            case "--store":
                guard let text = value() else { return nil }
                store = text
            case "--account":
                guard let text = value() else { return nil }
                account = text
            default: return nil
            }
        }
        guard !(id && access), environment["LATCHKEY_DEBUG"] != "1" else { return nil }
    }

    /// The token to print, when the cached tokens answer without a word; nil to take the ordinary path.
    ///
    /// The same steps as `token`'s client, in the same order, each falling back on anything but
    /// success: the configuration, the account and its store directory, the network variables
    /// (checked, nothing connects), the store's choice and its session, the cached tokens.
    func cachedToken(now: Date = Date()) -> String? {
        guard let configuration = try? loadConfiguration(printingWarnings: false),
            let directory = try? storeDirectory(),
            (try? makeTransport()) != nil,
            let session = SessionStoreSelection.quietFileSession(directory: directory, environment: environment),
            let tokens = AuthClient.cachedTokens(in: session, at: now, configuration: configuration)
        else { return nil }
        return access ? tokens.accessToken : tokens.idToken
    }
}
