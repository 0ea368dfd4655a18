import ArgumentParser
import AuthScreens
import CognitoAuth
import Foundation

/// `latchkey config`: what was read, from where, and what was left aside. No network, no store.
struct ConfigCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: Localized.text("cli.Config.abstract"))

    @OptionGroup var global: GlobalOptions

    @Flag(name: .long, help: ArgumentHelp(Localized.text("cli.Config.json")))
    var json = false

    func run() async throws {
        let configuration = try global.loadConfiguration()
        let rows = Self.rows(configuration)
        if json {
            var object: [String: JSONValue] = [:]
            for row in rows { object[row.key] = .string(row.value) }
            object["ignoredKeys"] = .array(configuration.poolSettings.ignoredKeys.map(JSONValue.string))
            object["notes"] = .array(configuration.source.notes.map(JSONValue.string))
            object["sections"] = .array(configuration.source.sections.map(JSONValue.string))
            try CLIOutput.emit(String(decoding: JSONValue.object(object).encoded(), as: UTF8.self) + "\n")
            return
        }
        var text = ""
        for row in rows { text += "\(row.label.padding(toLength: 24, withPad: " ", startingAt: 0)) \(row.value)\n" }
        let settings = configuration.poolSettings
        if let policy = settings.passwordPolicy {
            var needs: [String] = []
            if policy.requiresLowercase { needs.append("lowercase") }
            if policy.requiresUppercase { needs.append("uppercase") }
            if policy.requiresNumbers { needs.append("numbers") }
            if policy.requiresSymbols { needs.append("symbols") }
            text += "Password policy          at least \(policy.minimumLength)"
            text += needs.isEmpty ? "\n" : ", with \(needs.joined(separator: ", "))\n"
        }
        if !settings.usernameAttributes.isEmpty {
            text += "Sign in with             \(settings.usernameAttributes.joined(separator: ", "))\n"
        }
        if !settings.signUpAttributes.isEmpty {
            text += "Sign-up attributes       \(settings.signUpAttributes.joined(separator: ", "))\n"
        }
        if let mfa = settings.mfaConfiguration {
            text += "MFA                      \(mfa)"
            text += settings.mfaMethods.isEmpty ? "\n" : " (\(settings.mfaMethods.joined(separator: ", ")))\n"
        }
        if !settings.ignoredKeys.isEmpty {
            text += "Ignored keys             \(settings.ignoredKeys.joined(separator: ", "))\n"
        }
        for note in configuration.source.notes { text += "Note                     \(note)\n" }
        try CLIOutput.emit(TerminalText.sanitized(text, keepingNewlines: true))
    }

    struct Row {
        var key: String
        var label: String
        var value: String
    }

    /// The facts shown, in order; origins in parentheses.
    static func rows(_ configuration: AuthConfiguration) -> [Row] {
        let source = configuration.source
        func origin(_ setting: String) -> String { source.origins[setting].map { " (from \($0))" } ?? "" }
        var rows = [
            Row(key: "file", label: "File", value: source.file ?? configuration.sourcePath ?? "-"),
            Row(
                key: "format", label: "Format",
                value: source.format.rawValue + (source.version.map { ", version \($0)" } ?? "")
                    + (source.container == .json ? "" : ", embedded in \(source.container.rawValue)")),
        ]
        if let section = source.section {
            let others = source.sections.filter { $0 != section }
            rows.append(
                Row(
                    key: "section", label: "Section",
                    value: section + " (from \(source.sectionOrigin))"
                        + (others.isEmpty ? "" : "; also in the file: \(others.joined(separator: ", "))")))
        }
        if let pool = configuration.userPool {
            rows += [
                Row(key: "userPoolId", label: "User pool", value: pool.poolId),
                Row(key: "appClientId", label: "App client", value: pool.appClientId),
                Row(
                    key: "appClientSecret", label: "App client secret",
                    value: pool.appClientSecret == nil ? "none" : "set (not shown)"),
                Row(key: "region", label: "Region", value: pool.region + origin("user pool region")),
                Row(
                    key: "userPoolEndpoint", label: "User pool endpoint",
                    value: pool.resolvedEndpoint.absoluteString + origin("user pool endpoint")),
                Row(
                    key: "jwksURL", label: "Key set (JWKS)",
                    value: (TokenVerifier.jwksURL(configuration: configuration)?.absoluteString ?? "-")
                        + origin("JWKS URL")),
            ]
        } else {
            rows.append(Row(key: "userPoolId", label: "User pool", value: "none"))
        }
        if let identity = configuration.identityPool {
            rows += [
                Row(key: "identityPoolId", label: "Identity pool", value: identity.poolId),
                Row(
                    key: "identityRegion", label: "Identity pool region",
                    value: identity.region + origin("identity pool region")),
                Row(
                    key: "identityPoolEndpoint", label: "Identity pool endpoint",
                    value: identity.resolvedEndpoint.absoluteString + origin("identity pool endpoint")),
            ]
            let region = identity.region
            rows.append(
                Row(
                    key: "stsEndpoint", label: "STS endpoint",
                    value: (configuration.latchkey.stsEndpoint?.absoluteString
                        ?? "https://sts.\(region).amazonaws.com/") + origin("STS endpoint")))
        } else {
            rows.append(Row(key: "identityPoolId", label: "Identity pool", value: "none"))
        }
        if let hostedUI = configuration.hostedUI {
            rows += [
                Row(key: "hostedUIDomain", label: "Hosted UI", value: hostedUI.webDomain.absoluteString),
                Row(
                    key: "hostedUIRedirect", label: "Hosted UI redirect",
                    value: (hostedUI.signInRedirectURI?.absoluteString ?? "-")
                        + (hostedUI.loopbackRedirectURI == nil ? " (not a loopback URL: paste the redirect)" : "")),
                Row(
                    key: "hostedUIProviders", label: "Hosted UI providers",
                    value: ([HostedUIConfiguration.cognitoProvider] + hostedUI.identityProviders).joined(
                        separator: ", ")),
            ]
        } else if let problem = configuration.hostedUIProblem {
            rows.append(
                Row(key: "hostedUI", label: "Hosted UI", value: "unusable: \(problem.problem) \(problem.fix)"))
        } else {
            rows.append(Row(key: "hostedUI", label: "Hosted UI", value: "none (no OAuth section)"))
        }
        return rows
    }
}
