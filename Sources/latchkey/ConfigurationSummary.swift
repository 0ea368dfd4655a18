import CognitoAuth
import Foundation
import LatchkeyText

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

    /// `origin` in the current language when it is one of the core's few English phrases, else as it
    /// is: the other origins are key names and variables (`CognitoUserPool.Default.Region`,
    /// `--config-section`), shown as they are.
    static func originText(_ origin: String) -> String {
        let key: TextKey? =
            switch origin {
            case "default": \.cliConfigOriginDefault
            case "the pool id": \.cliConfigOriginPoolId
            case "default (AWS)": \.cliConfigOriginAwsDefault
            case "the issuer (AWS)": \.cliConfigOriginIssuer
            case "the user pool endpoint + /<pool id>/.well-known/jwks.json": \.cliConfigOriginEndpointJWKS
            default: nil
            }
        return key.map(Localized.text) ?? origin
    }

    /// " (from <origin>)" for `setting` when the source says where it came from, else "".
    static func origin(_ setting: String, in configuration: AuthConfiguration) -> String {
        configuration.source.origins[setting].map {
            Localized.format(\.cliConfigFrom, ["origin": Self.originText($0)])
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
            text("file", Localized.text(\.cliConfigLabelFile), source.file ?? configuration.sourcePath ?? "-"),
            text(
                "format", Localized.text(\.cliConfigLabelFormat),
                source.format.rawValue
                    + (source.version.map { Localized.format(\.cliConfigVersion, ["version": $0]) } ?? "")
                    + (source.container == .json
                        ? "" : Localized.format(\.cliConfigEmbeddedIn, ["container": source.container.rawValue]))),
        ]
        if let section = source.section {
            let others = source.sections.filter { $0 != section }
            fields.append(
                text(
                    "section", Localized.text(\.cliConfigLabelSection),
                    section
                        + (source.sectionOrigin == "default"
                            ? Localized.text(\.cliConfigSectionByDefault)
                            : Localized.format(\.cliConfigFrom, ["origin": Self.originText(source.sectionOrigin)]))
                        + (others.isEmpty
                            ? ""
                            : Localized.format(\.cliConfigAlsoInFile, ["sections": others.joined(separator: ", ")]))))
        }
        return fields
    }

    /// The user pool: ids, client secret (set or not), region and endpoints.
    static func userPoolFields(_ configuration: AuthConfiguration) -> [Field] {
        guard let pool = configuration.userPool else {
            return [text("userPoolId", Localized.text(\.cliConfigLabelUserPoolId), Localized.text(\.cliConfigNone))]
        }
        return [
            text("userPoolId", Localized.text(\.cliConfigLabelUserPoolId), pool.poolId),
            text("appClientId", Localized.text(\.cliConfigLabelAppClientId), pool.appClientId),
            // A missing secret is null in `config --json`, not the word "none" (ux-3, item 20).
            pool.appClientSecret == nil
                ? Field(
                    key: "appClientSecret", label: Localized.text(\.cliConfigLabelAppClientSecret),
                    text: Localized.text(\.cliConfigNone), json: .null)
                : text(
                    "appClientSecret", Localized.text(\.cliConfigLabelAppClientSecret),
                    Localized.text(\.cliConfigSecretSet)),
            text(
                "region", Localized.text(\.cliConfigLabelRegion),
                pool.region + origin("user pool region", in: configuration)),
            text(
                "userPoolEndpoint", Localized.text(\.cliConfigLabelUserPoolEndpoint),
                pool.resolvedEndpoint.absoluteString + origin("user pool endpoint", in: configuration)),
            text(
                "jwksURL", Localized.text(\.cliConfigLabelJwksURL),
                (TokenVerifier.jwksURL(configuration: configuration)?.absoluteString ?? "-")
                    + origin("JWKS URL", in: configuration)),
        ]
    }

    /// The identity pool: id, region, endpoint and the STS endpoint its credentials come through.
    static func identityPoolFields(_ configuration: AuthConfiguration) -> [Field] {
        guard let identity = configuration.identityPool else {
            return [
                text("identityPoolId", Localized.text(\.cliConfigLabelIdentityPoolId), Localized.text(\.cliConfigNone))
            ]
        }
        return [
            text("identityPoolId", Localized.text(\.cliConfigLabelIdentityPoolId), identity.poolId),
            text(
                "identityRegion", Localized.text(\.cliConfigLabelIdentityRegion),
                identity.region + origin("identity pool region", in: configuration)),
            text(
                "identityPoolEndpoint", Localized.text(\.cliConfigLabelIdentityPoolEndpoint),
                identity.resolvedEndpoint.absoluteString + origin("identity pool endpoint", in: configuration)),
            text(
                "stsEndpoint", Localized.text(\.cliConfigLabelStsEndpoint),
                (configuration.latchkey.stsEndpoint?.absoluteString ?? "https://sts.\(identity.region).amazonaws.com/")
                    + origin("STS endpoint", in: configuration)),
        ]
    }

    /// The hosted UI: domain, redirects, scopes and providers; or its domain and why it cannot be used.
    static func hostedUIFields(_ configuration: AuthConfiguration) -> [Field] {
        if let hostedUI = configuration.hostedUI {
            var fields = [
                text("hostedUIDomain", Localized.text(\.cliConfigLabelHostedUI), hostedUI.webDomain.absoluteString),
                text(
                    "hostedUIRedirect", Localized.text(\.cliConfigLabelHostedUIRedirect),
                    (hostedUI.signInRedirectURI?.absoluteString ?? "-")
                        + (hostedUI.loopbackRedirectURI == nil ? Localized.text(\.cliConfigNotLoopback) : "")),
                text(
                    "hostedUIProviders", Localized.text(\.cliConfigLabelHostedUIProviders),
                    ([HostedUIConfiguration.cognitoProvider] + hostedUI.identityProviders).joined(separator: ", ")),
            ]
            if !hostedUI.scopes.isEmpty {
                fields.append(
                    Field(
                        key: "hostedUIScopes", label: Localized.text(\.cliConfigLabelHostedUIScopes),
                        text: hostedUI.scopes.joined(separator: ", "),
                        json: .array(hostedUI.scopes.map(JSONValue.string))))
            }
            if !hostedUI.signOutRedirectURIs.isEmpty {
                let uris = hostedUI.signOutRedirectURIs.map(\.absoluteString)
                fields.append(
                    Field(
                        key: "hostedUISignOut", label: Localized.text(\.cliConfigLabelHostedUISignOut),
                        text: uris.joined(separator: ", "),
                        json: .array(uris.map(JSONValue.string))))
            }
            return fields
        } else if let problem = configuration.hostedUIProblem {
            let reason = Localized.format(\.cliConfigUnusable, ["problem": problem.problem, "fix": problem.fix])
            return [
                text(
                    "hostedUI", Localized.text(\.cliConfigLabelHostedUI),
                    configuration.hostedUIDomain.map { "\($0), " + reason } ?? reason)
            ]
        }
        return [text("hostedUI", Localized.text(\.cliConfigLabelHostedUI), Localized.text(\.cliConfigNoHostedUI))]
    }

    /// The pool's settings as the file states them: password policy, sign-in and sign-up attributes, MFA.
    static func settingsFields(_ configuration: AuthConfiguration) -> [Field] {
        let settings = configuration.poolSettings
        var fields: [Field] = []
        if let policy = settings.passwordPolicy {
            var needs: [String] = []
            if policy.requiresLowercase { needs.append(Localized.text(\.cliConfigLowercase)) }
            if policy.requiresUppercase { needs.append(Localized.text(\.cliConfigUppercase)) }
            if policy.requiresNumbers { needs.append(Localized.text(\.cliConfigNumbers)) }
            if policy.requiresSymbols { needs.append(Localized.text(\.cliConfigSymbols)) }
            let length = String(policy.minimumLength)
            fields.append(
                Field(
                    key: "passwordPolicy", label: Localized.text(\.cliConfigPasswordPolicy),
                    text: needs.isEmpty
                        ? Localized.format(\.cliConfigAtLeast, ["length": length])
                        : Localized.format(
                            \.cliConfigAtLeastWith, ["length": length, "needs": needs.joined(separator: ", ")]),
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
                    key: "signInWith", label: Localized.text(\.cliConfigSignInWith),
                    text: settings.usernameAttributes.joined(separator: ", "),
                    json: .array(settings.usernameAttributes.map(JSONValue.string))))
        }
        if !settings.signUpAttributes.isEmpty {
            fields.append(
                Field(
                    key: "signUpAttributes", label: Localized.text(\.cliConfigSignUpAttributes),
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
                    key: "allowsGuestAccess", label: Localized.text(\.cliConfigGuestAccess),
                    text: Localized.text(guests ? \.cliConfigGuestsAllowed : \.cliConfigGuestsNotAllowed),
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
                    key: "ignoredKeys", label: Localized.text(\.cliConfigIgnoredKeys),
                    text: ignored.joined(separator: ", "), json: .array(ignored.map(JSONValue.string))))
        }
        for note in configuration.source.notes {
            fields.append(
                Field(key: "notes", label: Localized.text(\.cliConfigNote), text: note, json: .array([.string(note)]))
            )
        }
        for warning in configuration.source.warnings {
            fields.append(
                Field(
                    key: "warnings", label: Localized.text(\.cliConfigWarning), text: warning,
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
