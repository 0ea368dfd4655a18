import AuthScreens
import CognitoAuth
import Foundation

/// What `latchkey config` shows about a configuration: one field per printed line, each with the value
/// `config --json` carries for it, so the two forms cannot drift apart.
public enum ConfigurationSummary {
    /// One line of `latchkey config` and its JSON value.
    public struct Field: Sendable, Hashable {
        /// The JSON key (stable, English, never translated).
        public var key: String
        /// The label printed before the value, in the current language.
        public var label: String
        /// The value as printed.
        public var text: String
        /// The value in `config --json`.
        public var json: JSONValue
    }

    /// Every line `latchkey config` prints, in order.
    public static func fields(_ configuration: AuthConfiguration) -> [Field] {
        sourceFields(configuration) + userPoolFields(configuration) + identityPoolFields(configuration)
            + hostedUIFields(configuration) + settingsFields(configuration) + remarkFields(configuration)
    }

    /// The JSON object of `config --json`: every field's value by key, plus the format's parts, the
    /// sections and the identity of the hosted UI even when it cannot be used.
    public static func json(_ configuration: AuthConfiguration) -> JSONValue {
        var object: [String: JSONValue] = [:]
        for field in fields(configuration) {
            if case .array(let items) = object[field.key], case .array(let more) = field.json {
                object[field.key] = .array(items + more)
            } else {
                object[field.key] = field.json
            }
        }
        let source = configuration.source
        object["formatName"] = .string(source.format.rawValue)
        object["formatVersion"] = source.version.map(JSONValue.string) ?? .null
        object["container"] = .string(source.container.rawValue)
        object["sections"] = .array(source.sections.map(JSONValue.string))
        for key in ["ignoredKeys", "notes", "warnings", "signInWith", "signUpAttributes"] where object[key] == nil {
            object[key] = .array([])
        }
        for key in ["passwordPolicy", "mfa", "allowsGuestAccess"] where object[key] == nil { object[key] = .null }
        object["oauth"] = oauth(configuration)
        return .object(object)
    }

    static func label(_ key: String) -> String { Localized.text("cli.config.label.\(key)") }

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

    /// " (from <origin>)" for `setting` when the source says where it came from, else "".
    static func origin(_ setting: String, in configuration: AuthConfiguration) -> String {
        configuration.source.origins[setting].map {
            Localized.format("cli.config.from", ["origin": Self.originText($0)])
        } ?? ""
    }

    /// A field whose JSON value is the printed text.
    static func text(_ key: String, _ label: String, _ value: String) -> Field {
        Field(key: key, label: label, text: value, json: .string(value))
    }

    /// The file, its format and the section read.
    static func sourceFields(_ configuration: AuthConfiguration) -> [Field] {
        let source = configuration.source
        var fields = [
            text("file", label("file"), source.file ?? configuration.sourcePath ?? "-"),
            text(
                "format", label("format"),
                source.format.rawValue
                    + (source.version.map { Localized.format("cli.config.version", ["version": $0]) } ?? "")
                    + (source.container == .json
                        ? "" : Localized.format("cli.config.embeddedIn", ["container": source.container.rawValue]))),
        ]
        if let section = source.section {
            let others = source.sections.filter { $0 != section }
            fields.append(
                text(
                    "section", label("section"),
                    section + Localized.format("cli.config.from", ["origin": Self.originText(source.sectionOrigin)])
                        + (others.isEmpty
                            ? ""
                            : Localized.format("cli.config.alsoInFile", ["sections": others.joined(separator: ", ")]))))
        }
        return fields
    }

    /// The user pool: ids, client secret (set or not), region and endpoints.
    static func userPoolFields(_ configuration: AuthConfiguration) -> [Field] {
        guard let pool = configuration.userPool else {
            return [text("userPoolId", label("userPoolId"), Localized.text("cli.config.none"))]
        }
        return [
            text("userPoolId", label("userPoolId"), pool.poolId),
            text("appClientId", label("appClientId"), pool.appClientId),
            text(
                "appClientSecret", label("appClientSecret"),
                pool.appClientSecret == nil
                    ? Localized.text("cli.config.none") : Localized.text("cli.config.secretSet")),
            text("region", label("region"), pool.region + origin("user pool region", in: configuration)),
            text(
                "userPoolEndpoint", label("userPoolEndpoint"),
                pool.resolvedEndpoint.absoluteString + origin("user pool endpoint", in: configuration)),
            text(
                "jwksURL", label("jwksURL"),
                (TokenVerifier.jwksURL(configuration: configuration)?.absoluteString ?? "-")
                    + origin("JWKS URL", in: configuration)),
        ]
    }

    /// The identity pool: id, region, endpoint and the STS endpoint its credentials come through.
    static func identityPoolFields(_ configuration: AuthConfiguration) -> [Field] {
        guard let identity = configuration.identityPool else {
            return [text("identityPoolId", label("identityPoolId"), Localized.text("cli.config.none"))]
        }
        return [
            text("identityPoolId", label("identityPoolId"), identity.poolId),
            text(
                "identityRegion", label("identityRegion"),
                identity.region + origin("identity pool region", in: configuration)),
            text(
                "identityPoolEndpoint", label("identityPoolEndpoint"),
                identity.resolvedEndpoint.absoluteString + origin("identity pool endpoint", in: configuration)),
            text(
                "stsEndpoint", label("stsEndpoint"),
                (configuration.latchkey.stsEndpoint?.absoluteString ?? "https://sts.\(identity.region).amazonaws.com/")
                    + origin("STS endpoint", in: configuration)),
        ]
    }

    /// The hosted UI: domain, redirects, scopes and providers; or its domain and why it cannot be used.
    static func hostedUIFields(_ configuration: AuthConfiguration) -> [Field] {
        if let hostedUI = configuration.hostedUI {
            var fields = [
                text("hostedUIDomain", label("hostedUI"), hostedUI.webDomain.absoluteString),
                text(
                    "hostedUIRedirect", label("hostedUIRedirect"),
                    (hostedUI.signInRedirectURI?.absoluteString ?? "-")
                        + (hostedUI.loopbackRedirectURI == nil ? Localized.text("cli.config.notLoopback") : "")),
                text(
                    "hostedUIProviders", label("hostedUIProviders"),
                    ([HostedUIConfiguration.cognitoProvider] + hostedUI.identityProviders).joined(separator: ", ")),
            ]
            if !hostedUI.scopes.isEmpty {
                fields.append(
                    Field(
                        key: "hostedUIScopes", label: label("hostedUIScopes"),
                        text: hostedUI.scopes.joined(separator: ", "),
                        json: .array(hostedUI.scopes.map(JSONValue.string))))
            }
            if !hostedUI.signOutRedirectURIs.isEmpty {
                let uris = hostedUI.signOutRedirectURIs.map(\.absoluteString)
                fields.append(
                    Field(
                        key: "hostedUISignOut", label: label("hostedUISignOut"), text: uris.joined(separator: ", "),
                        json: .array(uris.map(JSONValue.string))))
            }
            return fields
        } else if let problem = configuration.hostedUIProblem {
            let reason = Localized.format("cli.config.unusable", ["problem": problem.problem, "fix": problem.fix])
            return [
                text(
                    "hostedUI", label("hostedUI"),
                    configuration.hostedUIDomain.map { "\($0), " + reason } ?? reason)
            ]
        }
        return [text("hostedUI", label("hostedUI"), Localized.text("cli.config.noHostedUI"))]
    }

    /// The pool's settings as the file states them: password policy, sign-in and sign-up attributes, MFA.
    static func settingsFields(_ configuration: AuthConfiguration) -> [Field] {
        let settings = configuration.poolSettings
        var fields: [Field] = []
        if let policy = settings.passwordPolicy {
            var needs: [String] = []
            if policy.requiresLowercase { needs.append(Localized.text("cli.config.lowercase")) }
            if policy.requiresUppercase { needs.append(Localized.text("cli.config.uppercase")) }
            if policy.requiresNumbers { needs.append(Localized.text("cli.config.numbers")) }
            if policy.requiresSymbols { needs.append(Localized.text("cli.config.symbols")) }
            let length = String(policy.minimumLength)
            fields.append(
                Field(
                    key: "passwordPolicy", label: Localized.text("cli.config.passwordPolicy"),
                    text: needs.isEmpty
                        ? Localized.format("cli.config.atLeast", ["length": length])
                        : Localized.format(
                            "cli.config.atLeastWith", ["length": length, "needs": needs.joined(separator: ", ")]),
                    json: .object([
                        "minimumLength": .number(Double(policy.minimumLength)),
                        "requiresLowercase": .bool(policy.requiresLowercase),
                        "requiresUppercase": .bool(policy.requiresUppercase),
                        "requiresNumbers": .bool(policy.requiresNumbers),
                        "requiresSymbols": .bool(policy.requiresSymbols),
                    ])))
        }
        if !settings.usernameAttributes.isEmpty {
            fields.append(
                Field(
                    key: "signInWith", label: Localized.text("cli.config.signInWith"),
                    text: settings.usernameAttributes.joined(separator: ", "),
                    json: .array(settings.usernameAttributes.map(JSONValue.string))))
        }
        if !settings.signUpAttributes.isEmpty {
            fields.append(
                Field(
                    key: "signUpAttributes", label: Localized.text("cli.config.signUpAttributes"),
                    text: settings.signUpAttributes.joined(separator: ", "),
                    json: .array(settings.signUpAttributes.map(JSONValue.string))))
        }
        if let mfa = settings.mfaConfiguration {
            fields.append(
                Field(
                    key: "mfa", label: "MFA",
                    text: mfa
                        + (settings.mfaMethods.isEmpty ? "" : " (\(settings.mfaMethods.joined(separator: ", ")))"),
                    json: .object(["mode": .string(mfa), "factors": .array(settings.mfaMethods.map(JSONValue.string))])
                ))
        }
        if let guests = settings.allowsGuestAccess {
            fields.append(
                Field(
                    key: "allowsGuestAccess", label: Localized.text("cli.config.guestAccess"),
                    text: Localized.text(guests ? "cli.config.guestsAllowed" : "cli.config.guestsNotAllowed"),
                    json: .bool(guests)))
        }
        return fields
    }

    /// Ignored keys, notes and warnings (one line each).
    static func remarkFields(_ configuration: AuthConfiguration) -> [Field] {
        var fields: [Field] = []
        let ignored = configuration.poolSettings.ignoredKeys
        if !ignored.isEmpty {
            fields.append(
                Field(
                    key: "ignoredKeys", label: Localized.text("cli.config.ignoredKeys"),
                    text: ignored.joined(separator: ", "), json: .array(ignored.map(JSONValue.string))))
        }
        for note in configuration.source.notes {
            fields.append(
                Field(key: "notes", label: Localized.text("cli.config.note"), text: note, json: .array([.string(note)]))
            )
        }
        for warning in configuration.source.warnings {
            fields.append(
                Field(
                    key: "warnings", label: Localized.text("cli.config.warning"), text: warning,
                    json: .array([.string(warning)])))
        }
        return fields
    }

    /// The OAuth section as read: usable or not, with its domain, redirects, scopes and providers, or the
    /// reason it cannot be used (`key`, `problem`, `fix`); null when the file has none.
    static func oauth(_ configuration: AuthConfiguration) -> JSONValue {
        if let hostedUI = configuration.hostedUI {
            return .object([
                "usable": .bool(true),
                "domain": .string(hostedUI.webDomain.absoluteString),
                "appClientId": hostedUI.appClientId.map(JSONValue.string) ?? .null,
                "signInRedirects": .array(hostedUI.signInRedirectURIs.map { .string($0.absoluteString) }),
                "signOutRedirects": .array(hostedUI.signOutRedirectURIs.map { .string($0.absoluteString) }),
                "redirect": hostedUI.signInRedirectURI.map { .string($0.absoluteString) } ?? .null,
                "scopes": .array(hostedUI.scopes.map(JSONValue.string)),
                "providers": .array(hostedUI.identityProviders.map(JSONValue.string)),
                "problem": .null,
            ])
        }
        guard let problem = configuration.hostedUIProblem else { return .null }
        return .object([
            "usable": .bool(false),
            "domain": configuration.hostedUIDomain.map(JSONValue.string) ?? .null,
            "problem": .object([
                "key": problem.key.map(JSONValue.string) ?? .null, "problem": .string(problem.problem),
                "fix": .string(problem.fix),
            ]),
        ])
    }
}
