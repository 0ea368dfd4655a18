import Foundation

extension ConfigurationReader {
    /// Reads `awsconfiguration.json`, or the same object nested in Gen 1's `amplifyconfiguration.json`
    /// (`prefix` is then `auth.plugins.awsCognitoAuthPlugin.`).
    mutating func readSections(_ document: JSONValue, prefix: String, root: JSONValue) throws(ConfigurationError)
        -> AuthConfiguration
    {
        let userPools = document["CognitoUserPool"]?.objectValue ?? [:]
        let identityPools = document["CredentialsProvider"]?["CognitoIdentity"]?.objectValue ?? [:]
        var names: [String] = []
        for name in userPools.keys.sorted() + identityPools.keys.sorted() where !names.contains(name) {
            names.append(name)
        }
        source.sections = names
        let section = requestedSection ?? "Default"
        source.section = section

        var configuration = AuthConfiguration(sourcePath: path)
        if userPools[section] == nil && identityPools[section] == nil {
            if !names.isEmpty {
                throw error(
                    prefix + "CognitoUserPool." + section,
                    "there is no section named \"\(section)\"; the file has \(names.map { "\"\($0)\"" }.joined(separator: ", ")).",
                    "Choose section \(names[0]) (the section AuthConfiguration.load is given, or "
                        + "LATCHKEY_CONFIG_SECTION), or rename the section.",
                    commandLine:
                        "Pass --config-section \(names[0]) (or set LATCHKEY_CONFIG_SECTION), or rename the section.")
            }
            throw error(
                prefix + "CognitoUserPool.Default", "neither a user pool nor an identity pool is configured.",
                "Add a CognitoUserPool.Default section with PoolId, AppClientId and Region, or load "
                    + "amplifyconfiguration.json or amplify_outputs.json instead.",
                commandLine:
                    "Add a CognitoUserPool.Default section with PoolId, AppClientId and Region, or point --config at "
                    + "amplifyconfiguration.json or amplify_outputs.json.")
        }
        let topRegion = try string(document["Region"], key: prefix + "Region")

        func isBlank(_ value: JSONValue?) -> Bool {
            value?.stringValue?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty == true
        }
        let identityIsEmpty = isBlank(identityPools[section]?["PoolId"])
        let hasIdentityPool = identityPools[section]?["PoolId"] != nil && !identityIsEmpty
        if let pool = userPools[section], !(isBlank(pool["PoolId"]) && hasIdentityPool) {
            let key = prefix + "CognitoUserPool." + section
            guard pool.objectValue != nil else {
                throw error(
                    key, "expected an object.", "Write the section as { \"PoolId\": ..., \"AppClientId\": ... }.")
            }
            let poolId = try checkedUserPoolId(
                required(pool["PoolId"], key: key + ".PoolId", fix: "Add \"PoolId\" to the \(key) section."),
                key: key + ".PoolId")
            let clientId = try checkedClientId(
                required(
                    pool["AppClientId"], key: key + ".AppClientId", fix: "Add \"AppClientId\" to the \(key) section."),
                key: key + ".AppClientId")
            let region = try self.region(
                for: "user pool region",
                stated: [
                    (try string(pool["Region"], key: key + ".Region"), key + ".Region"),
                    (topRegion, prefix + "Region"),
                ], poolId: poolId, missingKey: key + ".Region")
            let endpoint = try url(pool["Endpoint"], key: key + ".Endpoint")
            if endpoint != nil { source.origins["user pool endpoint"] = key + ".Endpoint" }
            configuration.userPool = UserPoolConfiguration(
                poolId: poolId, appClientId: clientId,
                appClientSecret: try string(pool["AppClientSecret"], key: key + ".AppClientSecret").flatMap {
                    $0.isEmpty ? nil : $0
                },
                region: region, endpoint: endpoint)
            if pool["MigrationEnabled"].flatMap(AuthConfiguration.bool) == true {
                configuration.userPool?.authenticationFlow = .userPassword
                source.origins["authentication flow"] = key + ".MigrationEnabled"
            }
        }
        // An empty identity PoolId means there is no identity pool (as in every format); a broken
        // identity section beside a working user pool is a warning.
        if let identity = identityPools[section], !identityIsEmpty {
            let key = prefix + "CredentialsProvider.CognitoIdentity." + section
            // A malformed Endpoint is a mistake to fix, never a section to drop.
            let endpoint = try url(identity["Endpoint"], key: key + ".Endpoint")
            try optionalSection(hasUserPool: configuration.userPool != nil) {
                (reader: inout ConfigurationReader) throws(ConfigurationError) in
                let poolId = try reader.checkedIdentityPoolId(
                    reader.required(
                        identity["PoolId"], key: key + ".PoolId", fix: "Add \"PoolId\" to the \(key) section."),
                    key: key + ".PoolId")
                let region = try reader.region(
                    for: "identity pool region",
                    stated: [
                        (try reader.string(identity["Region"], key: key + ".Region"), key + ".Region"),
                        (topRegion, prefix + "Region"),
                    ], poolId: poolId, missingKey: key + ".Region")
                if endpoint != nil { reader.source.origins["identity pool endpoint"] = key + ".Endpoint" }
                configuration.identityPool = IdentityPoolConfiguration(
                    poolId: poolId, region: region, endpoint: endpoint)
            }
        }
        if configuration.userPool == nil && configuration.identityPool == nil {
            let key = prefix + "CognitoUserPool." + section + ".PoolId"
            throw error(
                key,
                userPools[section] == nil
                    ? "neither a user pool nor an identity pool is configured."
                    : "this key is present but empty, and there is no identity pool either.",
                "Fill in PoolId and AppClientId in the \(prefix)CognitoUserPool.\(section) section.")
        }
        if let manager = document["IdentityManager"]?[section] ?? document["IdentityManager"]?["Default"] {
            let merging = manager["AllowIdentityMerging"].flatMap(AuthConfiguration.bool) ?? false
            let simultaneous = manager["AllowSimultaneousActiveAccounts"].flatMap(AuthConfiguration.bool) ?? false
            if simultaneous && !merging {
                throw error(
                    prefix + "IdentityManager.\(section).AllowSimultaneousActiveAccounts",
                    "simultaneous active accounts need identity merging.",
                    "Set \"AllowIdentityMerging\": true as well, or turn simultaneous accounts off.")
            }
            configuration.identityManager = IdentityManagerConfiguration(
                allowIdentityMerging: merging, allowSimultaneousActiveAccounts: simultaneous)
        }
        if let auth = document["Auth"]?[section] ?? document["Auth"]?["Default"] {
            readGen1Auth(auth, key: prefix + "Auth." + (document["Auth"]?[section] != nil ? section : "Default"))
            if let authenticationFlow { configuration.userPool?.authenticationFlow = authenticationFlow }
            let authKey = prefix + "Auth." + (document["Auth"]?[section] != nil ? section : "Default")
            if let oauth = auth["OAuth"], oauth.objectValue?.isEmpty == false {
                let key = authKey + ".OAuth"
                readHostedUI(
                    RawHostedUI(
                        domain: try string(oauth["WebDomain"], key: key + ".WebDomain"), domainKey: key + ".WebDomain",
                        appClientId: try string(oauth["AppClientId"], key: key + ".AppClientId"),
                        signIn: Self.stringList(oauth["SignInRedirectURI"]), signInKey: key + ".SignInRedirectURI",
                        signOut: Self.stringList(oauth["SignOutRedirectURI"]), signOutKey: key + ".SignOutRedirectURI",
                        scopes: Self.stringList(oauth["Scopes"]),
                        providers: Self.stringList(auth["socialProviders"]),
                        responseType: try string(
                            oauth["responseType"] ?? oauth["ResponseType"], key: key + ".responseType"),
                        responseTypeKey: key + ".responseType"),
                    into: &configuration)
            }
        }
        configuration.latchkey = try readLatchkey(document["Latchkey"] ?? root["Latchkey"])
        return configuration
    }

    /// Reads Latchkey's own section (any format may carry it).
    mutating func readLatchkey(_ own: JSONValue?) throws(ConfigurationError) -> LatchkeyConfiguration {
        guard let own else { return LatchkeyConfiguration() }
        var latchkey = LatchkeyConfiguration(
            stsEndpoint: try url(own["STSEndpoint"], key: "Latchkey.STSEndpoint"),
            jwksURL: try url(own["JWKSURL"], key: "Latchkey.JWKSURL"),
            testAidURL: try url(own["TestAidURL"], key: "Latchkey.TestAidURL"),
            ui: own["UI"]
        )
        latchkey.passkeys = own["Passkeys"]
        if latchkey.stsEndpoint != nil { source.origins["STS endpoint"] = "Latchkey.STSEndpoint" }
        if latchkey.jwksURL != nil { source.origins["JWKS URL"] = "Latchkey.JWKSURL" }
        return latchkey
    }

    /// Gen 1's `Auth.Default`: password policy, sign-up and username attributes, MFA (upper-case names).
    mutating func readGen1Auth(_ auth: JSONValue, key: String) {
        func path(_ name: String) -> String { key.isEmpty ? name : key + "." + name }
        if let settings = auth["passwordProtectionSettings"] {
            let characters = Set((settings["passwordPolicyCharacters"]?.arrayValue ?? []).compactMap(\.stringValue))
            if let length = Self.integer(settings["passwordPolicyMinLength"]) {
                self.settings.passwordPolicy = PoolPasswordPolicy(
                    minimumLength: length, requiresLowercase: characters.contains("REQUIRES_LOWERCASE"),
                    requiresUppercase: characters.contains("REQUIRES_UPPERCASE"),
                    requiresNumbers: characters.contains("REQUIRES_NUMBERS"),
                    requiresSymbols: characters.contains("REQUIRES_SYMBOLS"))
            } else {
                ignore(path("passwordProtectionSettings"))
            }
        }
        settings.usernameAttributes = Self.attributeNames(auth["usernameAttributes"])
        settings.signUpAttributes = Self.attributeNames(auth["signupAttributes"])
        settings.verificationMechanisms = Self.attributeNames(auth["verificationMechanisms"])
        settings.mfaConfiguration = Self.mfaConfiguration(auth["mfaConfiguration"]?.stringValue)
        settings.mfaMethods = Self.mfaMethods(auth["mfaTypes"])
        if let value = auth["authenticationFlowType"]?.stringValue {
            if let flow = AuthenticationFlow(configurationValue: value) {
                authenticationFlow = flow
                source.origins["authentication flow"] = path("authenticationFlowType")
            } else {
                ignore(path("authenticationFlowType"))
            }
        }
    }

    /// An integer from a number or numeric string, without trapping on fractions or huge values.
    static func integer(_ value: JSONValue?) -> Int? {
        guard let number = value?.doubleValue, number.isFinite, number >= 0, number <= 1000 else { return nil }
        return Int(exactly: number.rounded(.towardZero))
    }

    /// Attribute names in Cognito's spelling: Gen 1 writes `EMAIL`, `PHONE_NUMBER`, `GIVEN_NAME`; Cognito's
    /// names are the same in lower case (`email`, `phone_number`, `given_name`).
    static func attributeNames(_ value: JSONValue?) -> [String] {
        var names: [String] = []
        for name in (value?.arrayValue ?? []).compactMap(\.stringValue) {
            let normalised = name.trimmingCharacters(in: .whitespaces).lowercased()
            if !normalised.isEmpty && !names.contains(normalised) { names.append(normalised) }
        }
        return names
    }

    /// The MFA setting in ``PoolSettings/mfaConfiguration``'s terms: `OFF`, `ON` or `OPTIONAL`
    /// (Gen 2 writes `NONE` and `REQUIRED`).
    static func mfaConfiguration(_ value: String?) -> String? {
        switch value?.uppercased() {
        case "OFF"?, "NONE"?: return "OFF"
        case "ON"?, "REQUIRED"?: return "ON"
        case "OPTIONAL"?: return "OPTIONAL"
        default: return nil
        }
    }

    /// MFA methods as `SMS`, `TOTP`, `EMAIL` (Gen 1 and 2 may write `SMS_MFA`, `SOFTWARE_TOKEN_MFA`).
    static func mfaMethods(_ value: JSONValue?) -> [String] {
        var methods: [String] = []
        for method in (value?.arrayValue ?? []).compactMap(\.stringValue) {
            let upper = method.uppercased()
            let name =
                switch upper {
                case "SMS_MFA": "SMS"
                case "SOFTWARE_TOKEN_MFA": "TOTP"
                case "EMAIL_OTP": "EMAIL"
                default: upper
                }
            if !methods.contains(name) { methods.append(name) }
        }
        return methods
    }
}
