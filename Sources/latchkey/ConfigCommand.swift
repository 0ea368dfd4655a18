import ArgumentParser
import AuthScreens
import CognitoAuth
import Foundation
import TerminalKit

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
        if json {
            // Scripts read the values, so they stay English whatever the language.
            let rows = Language.$override.withValue(.english) { Self.rows(configuration) }
            var object: [String: JSONValue] = [:]
            for row in rows { object[row.key] = .string(row.value) }
            object["ignoredKeys"] = .array(configuration.poolSettings.ignoredKeys.map(JSONValue.string))
            object["notes"] = .array(configuration.source.notes.map(JSONValue.string))
            object["sections"] = .array(configuration.source.sections.map(JSONValue.string))
            try CLIOutput.emit(String(decoding: JSONValue.object(object).encoded(), as: UTF8.self) + "\n")
            return
        }
        var text = ""
        for row in Self.rows(configuration) { text += Self.line(row.label, row.value) }
        let settings = configuration.poolSettings
        if let policy = settings.passwordPolicy {
            var needs: [String] = []
            if policy.requiresLowercase { needs.append(Localized.text("cli.config.lowercase")) }
            if policy.requiresUppercase { needs.append(Localized.text("cli.config.uppercase")) }
            if policy.requiresNumbers { needs.append(Localized.text("cli.config.numbers")) }
            if policy.requiresSymbols { needs.append(Localized.text("cli.config.symbols")) }
            let length = String(policy.minimumLength)
            text += Self.line(
                Localized.text("cli.config.passwordPolicy"),
                needs.isEmpty
                    ? Localized.format("cli.config.atLeast", ["length": length])
                    : Localized.format(
                        "cli.config.atLeastWith", ["length": length, "needs": needs.joined(separator: ", ")]))
        }
        if !settings.usernameAttributes.isEmpty {
            text += Self.line(
                Localized.text("cli.config.signInWith"), settings.usernameAttributes.joined(separator: ", "))
        }
        if !settings.signUpAttributes.isEmpty {
            text += Self.line(
                Localized.text("cli.config.signUpAttributes"), settings.signUpAttributes.joined(separator: ", "))
        }
        if let mfa = settings.mfaConfiguration {
            text += Self.line(
                "MFA", mfa + (settings.mfaMethods.isEmpty ? "" : " (\(settings.mfaMethods.joined(separator: ", ")))"))
        }
        if !settings.ignoredKeys.isEmpty {
            text += Self.line(Localized.text("cli.config.ignoredKeys"), settings.ignoredKeys.joined(separator: ", "))
        }
        for note in configuration.source.notes { text += Self.line(Localized.text("cli.config.note"), note) }
        try CLIOutput.emit(TerminalText.sanitized(text, keepingNewlines: true))
    }

    /// One line of the text form: `label` padded to 24 columns (by display width: a Japanese
    /// character takes two), a space, then `value`.
    static func line(_ label: String, _ value: String) -> String {
        label + String(repeating: " ", count: max(0, 24 - TextWidth.width(of: label))) + " " + value + "\n"
    }

    /// The core's few English phrases among the origins, by key; the other origins are key names
    /// and variables (`CognitoUserPool.Default.Region`, `--config-section`), shown as they are.
    static let originPhrases: [String: String] = [
        "default": "cli.config.origin.default",
        "the pool id": "cli.config.origin.poolId",
        "default (AWS)": "cli.config.origin.awsDefault",
        "the issuer (AWS)": "cli.config.origin.issuer",
        "the user pool endpoint + /<pool id>/.well-known/jwks.json": "cli.config.origin.endpointJWKS",
    ]

    /// `origin` in the current language when it is one of ``originPhrases``, else as it is.
    static func originText(_ origin: String) -> String {
        originPhrases[origin].map { Localized.text($0) } ?? origin
    }

    struct Row {

        var key: String
        var label: String
        var value: String
    }

    /// The facts shown, in order; origins in parentheses.
    static func rows(_ configuration: AuthConfiguration) -> [Row] {
        sourceRows(configuration) + userPoolRows(configuration) + identityPoolRows(configuration)
            + hostedUIRows(configuration)
    }

    /// The label of the row `key`, in the current language.
    static func label(_ key: String) -> String { Localized.text("cli.config.label.\(key)") }

    /// " (from <origin>)" for `setting` when the source says where it came from, else "".
    static func origin(_ setting: String, in configuration: AuthConfiguration) -> String {
        configuration.source.origins[setting].map {
            Localized.format("cli.config.from", ["origin": Self.originText($0)])
        } ?? ""
    }

    /// The file, its format and the section read.
    static func sourceRows(_ configuration: AuthConfiguration) -> [Row] {
        let source = configuration.source
        var rows = [
            Row(key: "file", label: label("file"), value: source.file ?? configuration.sourcePath ?? "-"),
            Row(
                key: "format", label: label("format"),
                value: source.format.rawValue
                    + (source.version.map { Localized.format("cli.config.version", ["version": $0]) } ?? "")
                    + (source.container == .json
                        ? "" : Localized.format("cli.config.embeddedIn", ["container": source.container.rawValue]))),
        ]
        if let section = source.section {
            let others = source.sections.filter { $0 != section }
            rows.append(
                Row(
                    key: "section", label: label("section"),
                    value: section
                        + Localized.format("cli.config.from", ["origin": Self.originText(source.sectionOrigin)])
                        + (others.isEmpty
                            ? ""
                            : Localized.format("cli.config.alsoInFile", ["sections": others.joined(separator: ", ")]))))
        }
        return rows
    }

    /// The user pool: ids, client secret (set or not), region and endpoints.
    static func userPoolRows(_ configuration: AuthConfiguration) -> [Row] {
        guard let pool = configuration.userPool else {
            return [Row(key: "userPoolId", label: label("userPoolId"), value: Localized.text("cli.config.none"))]
        }
        return [
            Row(key: "userPoolId", label: label("userPoolId"), value: pool.poolId),
            Row(key: "appClientId", label: label("appClientId"), value: pool.appClientId),
            Row(
                key: "appClientSecret", label: label("appClientSecret"),
                value: pool.appClientSecret == nil
                    ? Localized.text("cli.config.none") : Localized.text("cli.config.secretSet")),
            Row(
                key: "region", label: label("region"),
                value: pool.region + origin("user pool region", in: configuration)),
            Row(
                key: "userPoolEndpoint", label: label("userPoolEndpoint"),
                value: pool.resolvedEndpoint.absoluteString + origin("user pool endpoint", in: configuration)),
            Row(
                key: "jwksURL", label: label("jwksURL"),
                value: (TokenVerifier.jwksURL(configuration: configuration)?.absoluteString ?? "-")
                    + origin("JWKS URL", in: configuration)),
        ]
    }

    /// The identity pool: id, region, endpoint and the STS endpoint its credentials come through.
    static func identityPoolRows(_ configuration: AuthConfiguration) -> [Row] {
        guard let identity = configuration.identityPool else {
            return [
                Row(key: "identityPoolId", label: label("identityPoolId"), value: Localized.text("cli.config.none"))
            ]
        }
        return [
            Row(key: "identityPoolId", label: label("identityPoolId"), value: identity.poolId),
            Row(
                key: "identityRegion", label: label("identityRegion"),
                value: identity.region + origin("identity pool region", in: configuration)),
            Row(
                key: "identityPoolEndpoint", label: label("identityPoolEndpoint"),
                value: identity.resolvedEndpoint.absoluteString + origin("identity pool endpoint", in: configuration)),
            Row(
                key: "stsEndpoint", label: label("stsEndpoint"),
                value: (configuration.latchkey.stsEndpoint?.absoluteString
                    ?? "https://sts.\(identity.region).amazonaws.com/") + origin("STS endpoint", in: configuration)),
        ]
    }

    /// The hosted UI: domain, redirect and providers; or why it cannot be used; or that there is none.
    static func hostedUIRows(_ configuration: AuthConfiguration) -> [Row] {
        if let hostedUI = configuration.hostedUI {
            return [
                Row(key: "hostedUIDomain", label: label("hostedUI"), value: hostedUI.webDomain.absoluteString),
                Row(
                    key: "hostedUIRedirect", label: label("hostedUIRedirect"),
                    value: (hostedUI.signInRedirectURI?.absoluteString ?? "-")
                        + (hostedUI.loopbackRedirectURI == nil ? Localized.text("cli.config.notLoopback") : "")),
                Row(
                    key: "hostedUIProviders", label: label("hostedUIProviders"),
                    value: ([HostedUIConfiguration.cognitoProvider] + hostedUI.identityProviders).joined(
                        separator: ", ")),
            ]
        } else if let problem = configuration.hostedUIProblem {
            return [
                Row(
                    key: "hostedUI", label: label("hostedUI"),
                    value: Localized.format("cli.config.unusable", ["problem": problem.problem, "fix": problem.fix]))
            ]
        }
        return [Row(key: "hostedUI", label: label("hostedUI"), value: Localized.text("cli.config.noHostedUI"))]
    }
}
