import Foundation

extension ConfigurationReader {
    /// The `amplify_outputs.json` versions whose every key is known.
    static let knownGen2Versions = ["1", "1.1", "1.2", "1.3", "1.4"]
    /// Gen 2's top-level keys; the categories other than `auth` are not about sign-in and are passed over.
    static let gen2TopLevelKeys: Set<String> = [
        "$schema", "version", "auth", "data", "storage", "analytics", "geo", "notifications", "custom",
    ]
    /// Keys of `auth` that Latchkey acts on.
    static let gen2AuthKeysRead: Set<String> = [
        "user_pool_id", "aws_region", "user_pool_client_id", "identity_pool_id", "password_policy",
        "standard_required_attributes", "username_attributes", "user_verification_types", "mfa_configuration",
        "mfa_methods", "unauthenticated_identities_enabled", "oauth",
    ]

    /// Reads Amplify Gen 2's `amplify_outputs.json` (versions "1" to "1.4"; a later version is read as far
    /// as its keys are known, and the rest is named in ``PoolSettings/ignoredKeys`` and a note).
    mutating func readGen2(_ root: JSONValue) throws(ConfigurationError) -> AuthConfiguration {
        noteGen2Version(root["version"]?.stringValue)
        try refuseSection(format: "amplify_outputs.json")
        for key in (root.objectValue ?? [:]).keys.sorted() where !Self.gen2TopLevelKeys.contains(key) {
            ignore(key)
        }
        guard let auth = root["auth"], auth.objectValue != nil else {
            throw error(
                "auth", "this amplify_outputs.json has no auth section (the backend defines no defineAuth).",
                "Add auth to the Amplify backend (defineAuth) and run `npx ampx generate outputs`, or load "
                    + "another file.",
                commandLine:
                    "Add auth to the Amplify backend (defineAuth) and run `npx ampx generate outputs`, or point "
                    + "--config at another file.")
        }
        var configuration = AuthConfiguration(sourcePath: path)
        try readGen2Pools(auth, into: &configuration)
        readGen2PoolSettings(auth)
        if let oauth = auth["oauth"], oauth.objectValue?.isEmpty == false {
            try readGen2HostedUI(oauth, into: &configuration)
        }
        configuration.latchkey = try readLatchkey(root["Latchkey"])
        return configuration
    }

    /// Records the file's `version`, with a note when it is missing or newer than Latchkey knows.
    mutating func noteGen2Version(_ version: String?) {
        source.version = version
        let isKnownVersion = version.map { Self.knownGen2Versions.contains($0) } ?? false
        if let version, !isKnownVersion {
            source.notes.append(
                "amplify_outputs.json version \(version) is newer than Latchkey knows (1 to 1.4): "
                    + "the keys it knows were read; the others are listed as ignored.")
        } else if version == nil {
            source.notes.append("the file states no \"version\"; it was read as amplify_outputs.json version 1.")
        }
    }

    /// The user pool and identity pool of `auth` (at least one of them), both in `auth.aws_region`.
    mutating func readGen2Pools(
        _ auth: JSONValue, into configuration: inout AuthConfiguration
    ) throws(ConfigurationError) {
        let stated = try string(auth["aws_region"], key: "auth.aws_region")
        let hasIdentityPool = try poolIdentifier(auth["identity_pool_id"], key: "auth.identity_pool_id") != nil
        let userPoolId = try string(auth["user_pool_id"], key: "auth.user_pool_id")
        if userPoolId?.isEmpty == true && !hasIdentityPool {
            throw error(
                "auth.user_pool_id", "this key is present but empty, and there is no identity pool either.",
                "Regenerate the file with `npx ampx generate outputs` after deploying the backend.")
        }
        if let userPoolId, !userPoolId.isEmpty {
            let poolId = try checkedUserPoolId(userPoolId, key: "auth.user_pool_id")
            let clientId = try checkedClientId(
                required(
                    auth["user_pool_client_id"], key: "auth.user_pool_client_id",
                    fix: "Add \"user_pool_client_id\" (regenerate with `npx ampx generate outputs`)."),
                key: "auth.user_pool_client_id")
            let region = try self.region(
                for: "user pool region", stated: [(stated, "auth.aws_region")], poolId: poolId,
                missingKey: "auth.aws_region")
            configuration.userPool = UserPoolConfiguration(poolId: poolId, appClientId: clientId, region: region)
        }
        // An empty identity_pool_id means the backend has none.
        try optionalSection(hasUserPool: configuration.userPool != nil) {
            (reader: inout ConfigurationReader) throws(ConfigurationError) in
            guard let identityId = try reader.poolIdentifier(auth["identity_pool_id"], key: "auth.identity_pool_id")
            else { return }
            let poolId = try reader.checkedIdentityPoolId(identityId, key: "auth.identity_pool_id")
            let region = try reader.region(
                for: "identity pool region", stated: [(stated, "auth.aws_region")], poolId: poolId,
                missingKey: "auth.aws_region")
            configuration.identityPool = IdentityPoolConfiguration(poolId: poolId, region: region)
        }
        settings.allowsGuestAccess = auth["unauthenticated_identities_enabled"].flatMap(AuthConfiguration.bool)
        guard configuration.userPool != nil || configuration.identityPool != nil else {
            throw error(
                "auth.user_pool_id", "this key is missing, and so is auth.identity_pool_id.",
                "Regenerate the file with `npx ampx generate outputs` after deploying the backend.")
        }
    }

    /// The pool's password policy, sign-in and sign-up attributes and MFA; the other keys of `auth` are
    /// named as ignored.
    mutating func readGen2PoolSettings(_ auth: JSONValue) {
        if let policy = auth["password_policy"] {
            if let length = Self.integer(policy["min_length"] ?? .number(8)) {
                settings.passwordPolicy = PoolPasswordPolicy(
                    minimumLength: length,
                    requiresLowercase: policy["require_lowercase"].flatMap(AuthConfiguration.bool) ?? false,
                    requiresUppercase: policy["require_uppercase"].flatMap(AuthConfiguration.bool) ?? false,
                    requiresNumbers: policy["require_numbers"].flatMap(AuthConfiguration.bool) ?? false,
                    requiresSymbols: policy["require_symbols"].flatMap(AuthConfiguration.bool) ?? false)
            } else {
                ignore("auth.password_policy")
            }
        }
        settings.usernameAttributes = Self.attributeNames(auth["username_attributes"])
        settings.signUpAttributes = Self.attributeNames(auth["standard_required_attributes"])
        settings.verificationMechanisms = Self.attributeNames(auth["user_verification_types"])
        settings.mfaConfiguration = Self.mfaConfiguration(auth["mfa_configuration"]?.stringValue)
        settings.mfaMethods = Self.mfaMethods(auth["mfa_methods"])
        for (key, value) in (auth.objectValue ?? [:]).sorted(by: { $0.key < $1.key })
        where !Self.gen2AuthKeysRead.contains(key) {
            // groups and keys of later versions: named once, unless empty.
            if value.objectValue?.isEmpty == true || value.arrayValue?.isEmpty == true || value == .null { continue }
            ignore("auth." + key)
        }
    }

    /// The hosted UI of `auth.oauth`.
    mutating func readGen2HostedUI(
        _ oauth: JSONValue, into configuration: inout AuthConfiguration
    ) throws(ConfigurationError) {
        readHostedUI(
            RawHostedUI(
                domain: try string(oauth["domain"], key: "auth.oauth.domain"), domainKey: "auth.oauth.domain",
                appClientId: nil,
                signIn: Self.stringList(oauth["redirect_sign_in_uri"]),
                signInKey: "auth.oauth.redirect_sign_in_uri",
                signOut: Self.stringList(oauth["redirect_sign_out_uri"]),
                signOutKey: "auth.oauth.redirect_sign_out_uri",
                scopes: Self.stringList(oauth["scopes"]), providers: Self.stringList(oauth["identity_providers"]),
                responseType: try string(oauth["response_type"], key: "auth.oauth.response_type"),
                responseTypeKey: "auth.oauth.response_type"),
            into: &configuration)
    }

    /// Reads the flat keys of `aws-exports.js`, also written by Gen 2 as `amplifyconfiguration.json`.
    mutating func readFlat(_ root: JSONValue) throws(ConfigurationError) -> AuthConfiguration {
        try refuseSection(format: "this flat Amplify configuration")
        var configuration = AuthConfiguration(sourcePath: path)
        let stated: [(value: String?, key: String)] = [
            (try string(root["aws_cognito_region"], key: "aws_cognito_region"), "aws_cognito_region"),
            (try string(root["aws_project_region"], key: "aws_project_region"), "aws_project_region"),
        ]
        if let userPoolId = try poolIdentifier(root["aws_user_pools_id"], key: "aws_user_pools_id") {
            let poolId = try checkedUserPoolId(userPoolId, key: "aws_user_pools_id")
            let clientId = try checkedClientId(
                required(
                    root["aws_user_pools_web_client_id"], key: "aws_user_pools_web_client_id",
                    fix: "Add \"aws_user_pools_web_client_id\" (the app client id)."),
                key: "aws_user_pools_web_client_id")
            let region = try self.region(
                for: "user pool region", stated: stated, poolId: poolId, missingKey: "aws_cognito_region")
            configuration.userPool = UserPoolConfiguration(poolId: poolId, appClientId: clientId, region: region)
        }
        try optionalSection(hasUserPool: configuration.userPool != nil) {
            (reader: inout ConfigurationReader) throws(ConfigurationError) in
            guard
                let identityId = try reader.poolIdentifier(
                    root["aws_cognito_identity_pool_id"], key: "aws_cognito_identity_pool_id")
            else { return }
            let poolId = try reader.checkedIdentityPoolId(identityId, key: "aws_cognito_identity_pool_id")
            let region = try reader.region(
                for: "identity pool region", stated: stated, poolId: poolId, missingKey: "aws_cognito_region")
            configuration.identityPool = IdentityPoolConfiguration(poolId: poolId, region: region)
        }
        guard configuration.userPool != nil || configuration.identityPool != nil else {
            let empty = root["aws_user_pools_id"]?.stringValue?.isEmpty == true
            throw error(
                "aws_user_pools_id",
                empty ? "this key is present but empty, and there is no identity pool either." : "this key is missing.",
                "Fill in aws_user_pools_id and aws_user_pools_web_client_id (Amplify writes them once auth is added).")
        }
        // Mobile Hub's aws-exports.js (before the Amplify CLI) names the project and the MFA type.
        if root["aws_mobile_analytics_app_id"] != nil || root["aws_project_id"] != nil
            || root["aws_user_pools"] != nil || root["aws_user_pools_mfa_type"] != nil
        {
            source.version = "Mobile Hub"
            if let mfa = root["aws_user_pools_mfa_type"]?.stringValue, root["aws_cognito_mfa_configuration"] == nil {
                settings.mfaConfiguration = Self.mfaConfiguration(mfa)
            }
        }
        var gen1: [String: JSONValue] = [:]
        for (flat, nested) in [
            ("aws_cognito_password_protection_settings", "passwordProtectionSettings"),
            ("aws_cognito_username_attributes", "usernameAttributes"),
            ("aws_cognito_signup_attributes", "signupAttributes"),
            ("aws_cognito_verification_mechanisms", "verificationMechanisms"),
            ("aws_cognito_mfa_configuration", "mfaConfiguration"), ("aws_cognito_mfa_types", "mfaTypes"),
        ] {
            gen1[nested] = root[flat]
        }
        readGen1Auth(.object(gen1), key: "")
        if let oauth = root["oauth"], oauth.objectValue?.isEmpty == false {
            readHostedUI(
                RawHostedUI(
                    domain: try string(oauth["domain"], key: "oauth.domain"), domainKey: "oauth.domain",
                    appClientId: nil,
                    signIn: Self.stringList(oauth["redirectSignIn"]), signInKey: "oauth.redirectSignIn",
                    signOut: Self.stringList(oauth["redirectSignOut"]), signOutKey: "oauth.redirectSignOut",
                    scopes: Self.stringList(oauth["scope"]),
                    providers: Self.stringList(root["aws_cognito_social_providers"]),
                    responseType: try string(oauth["responseType"], key: "oauth.responseType"),
                    responseTypeKey: "oauth.responseType"),
                into: &configuration)
        } else if root["aws_cognito_social_providers"]?.arrayValue?.isEmpty == false {
            ignore("aws_cognito_social_providers")
        }
        configuration.latchkey = try readLatchkey(root["Latchkey"])
        return configuration
    }

    /// Formats without sections refuse a section other than `Default`, rather than ignore it.
    func refuseSection(format: String) throws(ConfigurationError) {
        guard let section = requestedSection, section != "Default" else { return }
        throw error(
            nil,
            "\(format) has no named sections, so section \"\(section)\" (from \(source.sectionOrigin)) cannot be chosen.",
            "Load it without a section (or unset LATCHKEY_CONFIG_SECTION), or load the awsconfiguration.json that has it.",
            commandLine:
                "Drop --config-section / LATCHKEY_CONFIG_SECTION, or point --config at the awsconfiguration.json that has it."
        )
    }
}
