import Foundation

extension ConfigurationReader {
    /// Reads the object aws-amplify 3 to 5 take in `Amplify.configure({ Auth: {…} })` or `Auth.configure({…})`:
    /// `region`, `userPoolId`, `userPoolWebClientId`, `identityPoolId`, `identityPoolRegion`, `endpoint`,
    /// `authenticationFlowType` and `oauth` (`domain`, `scope`, `redirectSignIn`, `redirectSignOut`,
    /// `responseType`). `prefix` is `Auth.` when the object sits under `Auth`, else empty.
    mutating func readAmplifyJSAuth(_ auth: JSONValue, prefix: String, root: JSONValue) throws(ConfigurationError)
        -> AuthConfiguration
    {
        try refuseSection(format: "this Amplify JS configuration")
        source.version = "3 to 5"
        var configuration = AuthConfiguration(sourcePath: path)
        let region = try string(auth["region"], key: prefix + "region")
        configuration.userPool = try amplifyJSUserPool(
            auth, prefix: prefix, clientKey: "userPoolWebClientId", endpointKey: "endpoint", region: region,
            missingRegionKey: prefix + "region")
        configuration.identityPool = try amplifyJSIdentityPool(
            auth, prefix: prefix, regionKey: "identityPoolRegion", region: region,
            missingRegionKey: prefix + "identityPoolRegion", hasUserPool: configuration.userPool != nil)
        try requireAPool(configuration, key: prefix + "userPoolId", fix: "Add userPoolId and userPoolWebClientId.")
        if let value = auth["authenticationFlowType"]?.stringValue {
            if let flow = AuthenticationFlow(configurationValue: value) {
                configuration.userPool?.authenticationFlow = flow
                source.origins["authentication flow"] = prefix + "authenticationFlowType"
            } else {
                ignore(prefix + "authenticationFlowType")
            }
        }
        if let oauth = auth["oauth"], oauth.objectValue?.isEmpty == false {
            let key = prefix + "oauth."
            readHostedUI(
                RawHostedUI(
                    domain: try string(oauth["domain"], key: key + "domain"), domainKey: key + "domain",
                    appClientId: nil,
                    signIn: Self.stringList(oauth["redirectSignIn"]), signInKey: key + "redirectSignIn",
                    signOut: Self.stringList(oauth["redirectSignOut"]), signOutKey: key + "redirectSignOut",
                    scopes: Self.stringList(oauth["scope"] ?? oauth["scopes"]), providers: [],
                    responseType: try string(oauth["responseType"], key: key + "responseType"),
                    responseTypeKey: key + "responseType"),
                into: &configuration)
        }
        for key in (auth.objectValue ?? [:]).keys.sorted() where !Self.amplifyJSAuthKeys.contains(key) {
            if prefix.isEmpty && (key.hasPrefix("aws_") || Self.amplifyJSCategories.contains(key)) { continue }
            ignore(prefix + key)
        }
        configuration.latchkey = try readLatchkey(root["Latchkey"])
        return configuration
    }

    /// The keys of aws-amplify 3 to 5's `Auth` object (`AuthOptions`).
    static let amplifyJSAuthKeys: Set<String> = [
        "userPoolId", "userPoolWebClientId", "identityPoolId", "region", "identityPoolRegion", "mandatorySignIn",
        "cookieStorage", "oauth", "refreshHandlers", "storage", "authenticationFlowType", "clientMetadata",
        "endpoint", "signUpVerificationMethod", "Latchkey",
    ]
    /// The other categories an Amplify JS configuration object may carry beside `Auth`.
    static let amplifyJSCategories: Set<String> = [
        "API", "Storage", "Analytics", "Interactions", "PubSub", "Geo", "Predictions", "Notifications", "DataStore",
        "Logging", "ssr", "Auth", "Latchkey", "oauth",
    ]
    /// The keys of aws-amplify 6's `Auth.Cognito` (user pool and identity pool configuration).
    static let amplifyJSResourcesKeys: Set<String> = [
        "userPoolId", "userPoolClientId", "identityPoolId", "userPoolEndpoint", "allowGuestAccess", "loginWith",
        "userAttributes", "passwordFormat", "mfa", "signUpVerificationMethod", "groups", "region",
    ]

    /// Reads aws-amplify 6's `Auth.Cognito` (the `ResourcesConfig` passed to `Amplify.configure`):
    /// `userPoolId`, `userPoolClientId`, `identityPoolId`, `userPoolEndpoint`, `allowGuestAccess`,
    /// `loginWith` (`email`, `phone`, `username`, `oauth`), `userAttributes`, `passwordFormat` and `mfa`.
    /// Version 6 has no region key: the region is the pool id's.
    mutating func readAmplifyJSResources(_ cognito: JSONValue, root: JSONValue) throws(ConfigurationError)
        -> AuthConfiguration
    {
        try refuseSection(format: "this Amplify JS configuration")
        source.version = "6"
        let prefix = "Auth.Cognito."
        var configuration = AuthConfiguration(sourcePath: path)
        let region = try string(cognito["region"], key: prefix + "region")
        configuration.userPool = try amplifyJSUserPool(
            cognito, prefix: prefix, clientKey: "userPoolClientId", endpointKey: "userPoolEndpoint", region: region,
            missingRegionKey: prefix + "userPoolId")
        configuration.identityPool = try amplifyJSIdentityPool(
            cognito, prefix: prefix, regionKey: nil, region: region, missingRegionKey: prefix + "identityPoolId",
            hasUserPool: configuration.userPool != nil)
        try requireAPool(configuration, key: prefix + "userPoolId", fix: "Add userPoolId and userPoolClientId.")
        readAmplifyJSResourcesSettings(cognito)
        if let oauth = cognito["loginWith"]?["oauth"], oauth.objectValue?.isEmpty == false {
            let key = prefix + "loginWith.oauth."
            let providers = (oauth["providers"]?.arrayValue ?? []).compactMap { provider in
                provider.stringValue ?? provider["custom"]?.stringValue
            }
            readHostedUI(
                RawHostedUI(
                    domain: try string(oauth["domain"], key: key + "domain"), domainKey: key + "domain",
                    appClientId: nil,
                    signIn: Self.stringList(oauth["redirectSignIn"]), signInKey: key + "redirectSignIn",
                    signOut: Self.stringList(oauth["redirectSignOut"]), signOutKey: key + "redirectSignOut",
                    scopes: Self.stringList(oauth["scopes"]), providers: providers,
                    responseType: try string(oauth["responseType"], key: key + "responseType"),
                    responseTypeKey: key + "responseType"),
                into: &configuration)
        }
        for key in (cognito.objectValue ?? [:]).keys.sorted() where !Self.amplifyJSResourcesKeys.contains(key) {
            ignore(prefix + key)
        }
        configuration.latchkey = try readLatchkey(root["Latchkey"])
        return configuration
    }

    /// The user pool of an Amplify JS object: `userPoolId`, the client id under `clientKey`, the endpoint
    /// under `endpointKey`; nil when `userPoolId` is absent or empty.
    mutating func amplifyJSUserPool(
        _ object: JSONValue, prefix: String, clientKey: String, endpointKey: String, region: String?,
        missingRegionKey: String
    ) throws(ConfigurationError) -> UserPoolConfiguration? {
        guard let poolId = try poolIdentifier(object["userPoolId"], key: prefix + "userPoolId") else { return nil }
        let checked = try checkedUserPoolId(poolId, key: prefix + "userPoolId")
        let clientId = try checkedClientId(
            required(
                object[clientKey], key: prefix + clientKey,
                fix: "Add \"\(clientKey)\" (the app client id) beside userPoolId."),
            key: prefix + clientKey)
        let pool = UserPoolConfiguration(
            poolId: checked, appClientId: clientId,
            region: try self.region(
                for: "user pool region", stated: [(region, prefix + "region")], poolId: checked,
                missingKey: missingRegionKey),
            endpoint: try url(object[endpointKey], key: prefix + endpointKey))
        if pool.endpoint != nil { source.origins["user pool endpoint"] = prefix + endpointKey }
        return pool
    }

    /// The identity pool of an Amplify JS object: `identityPoolId`, in the region under `regionKey` (3 to 5's
    /// `identityPoolRegion`; version 6 has none), else the object's `region`, else the pool id's; nil when
    /// `identityPoolId` is absent or empty. It is an optional section: when it cannot be read and
    /// `hasUserPool`, the failure is a warning and the result nil.
    mutating func amplifyJSIdentityPool(
        _ object: JSONValue, prefix: String, regionKey: String?, region: String?, missingRegionKey: String,
        hasUserPool: Bool
    ) throws(ConfigurationError) -> IdentityPoolConfiguration? {
        var identityPool: IdentityPoolConfiguration?
        try optionalSection(hasUserPool: hasUserPool) {
            (reader: inout ConfigurationReader) throws(ConfigurationError) in
            guard let identityId = try reader.poolIdentifier(object["identityPoolId"], key: prefix + "identityPoolId")
            else { return }
            let poolId = try reader.checkedIdentityPoolId(identityId, key: prefix + "identityPoolId")
            var stated: [(value: String?, key: String)] = []
            if let regionKey {
                stated.append((try reader.string(object[regionKey], key: prefix + regionKey), prefix + regionKey))
            }
            stated.append((region, prefix + "region"))
            identityPool = IdentityPoolConfiguration(
                poolId: poolId,
                region: try reader.region(
                    for: "identity pool region", stated: stated, poolId: poolId, missingKey: missingRegionKey))
        }
        return identityPool
    }

    /// Version 6's pool settings, in ``PoolSettings``' (Cognito's) terms.
    mutating func readAmplifyJSResourcesSettings(_ cognito: JSONValue) {
        if let format = cognito["passwordFormat"], format.objectValue != nil {
            settings.passwordPolicy = PoolPasswordPolicy(
                minimumLength: Self.integer(format["minLength"]) ?? 8,
                requiresLowercase: format["requireLowercase"].flatMap(AuthConfiguration.bool) ?? false,
                requiresUppercase: format["requireUppercase"].flatMap(AuthConfiguration.bool) ?? false,
                requiresNumbers: format["requireNumbers"].flatMap(AuthConfiguration.bool) ?? false,
                requiresSymbols: format["requireSpecialCharacters"].flatMap(AuthConfiguration.bool) ?? false)
        }
        let loginWith = cognito["loginWith"]
        var signIn: [String] = []
        if loginWith?["email"].flatMap(AuthConfiguration.bool) == true { signIn.append("email") }
        if loginWith?["phone"].flatMap(AuthConfiguration.bool) == true { signIn.append("phone_number") }
        settings.usernameAttributes = signIn
        var required: [String] = []
        for (name, attribute) in (cognito["userAttributes"]?.objectValue ?? [:]).sorted(by: { $0.key < $1.key })
        where attribute["required"].flatMap(AuthConfiguration.bool) == true {
            required.append(name.lowercased())
        }
        settings.signUpAttributes = required
        if let method = cognito["signUpVerificationMethod"]?.stringValue, method != "code" {
            ignore("Auth.Cognito.signUpVerificationMethod")
        }
        if let mfa = cognito["mfa"] {
            settings.mfaConfiguration = Self.mfaConfiguration(mfa["status"]?.stringValue)
            var methods: [String] = []
            if mfa["smsEnabled"].flatMap(AuthConfiguration.bool) == true { methods.append("SMS") }
            if mfa["totpEnabled"].flatMap(AuthConfiguration.bool) == true { methods.append("TOTP") }
            if mfa["emailEnabled"].flatMap(AuthConfiguration.bool) == true { methods.append("EMAIL") }
            settings.mfaMethods = methods
        }
        settings.allowsGuestAccess = cognito["allowGuestAccess"].flatMap(AuthConfiguration.bool)
        if cognito["groups"]?.arrayValue?.isEmpty == false { ignore("Auth.Cognito.groups") }
    }

    /// A pool id: nil when absent, null or empty (an empty id means no such pool, in every format).
    func poolIdentifier(_ value: JSONValue?, key: String) throws(ConfigurationError) -> String? {
        guard let text = try string(value, key: key), !text.isEmpty else { return nil }
        return text
    }

    /// Runs `body`, which reads an optional section (the identity pool); when it fails and the user pool
    /// loaded, the failure becomes a warning and the section is left out, as Amplify does.
    mutating func optionalSection(
        hasUserPool: Bool, _ body: (inout ConfigurationReader) throws(ConfigurationError) -> Void
    ) throws(ConfigurationError) {
        do {
            try body(&self)
        } catch {
            guard hasUserPool else { throw error }
            warn(
                error,
                lead: "the identity pool cannot be used, so only the user pool was loaded (no AWS credentials)")
        }
    }

    /// Refuses a configuration with neither pool.
    func requireAPool(_ configuration: AuthConfiguration, key: String, fix: String) throws(ConfigurationError) {
        guard configuration.userPool == nil && configuration.identityPool == nil else { return }
        throw error(key, "neither a user pool nor an identity pool is configured.", fix)
    }
}
