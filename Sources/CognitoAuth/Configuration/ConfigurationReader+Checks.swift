import Foundation

extension ConfigurationReader {
    /// Tells the format from the keys present and reads it.
    mutating func readDetectedFormat(_ root: JSONValue) throws(ConfigurationError) -> AuthConfiguration {
        let auth = root["Auth"]
        let amplifyJSKeys = ["userPoolId", "userPoolWebClientId", "identityPoolId"]
        // A key whose value is an expression still tells the format (the error then names the expression).
        let unread = Set(expressions.map(\.keyPath))
        func has(_ value: JSONValue?, _ keyPath: String) -> Bool { value != nil || unread.contains(keyPath) }
        if let nested = root["auth"]?["plugins"]?["awsCognitoAuthPlugin"], nested.objectValue != nil {
            source.format = .amplifyGen1
            return try readSections(nested, prefix: "auth.plugins.awsCognitoAuthPlugin.", root: root)
        } else if root["CognitoUserPool"] != nil || root["CredentialsProvider"] != nil {
            source.format = .awsConfiguration
            return try readSections(root, prefix: "", root: root)
        } else if let cognito = auth?["Cognito"], cognito.objectValue != nil {
            source.format = .amplifyJSResources
            return try readAmplifyJSResources(cognito, root: root)
        } else if let auth, amplifyJSKeys.contains(where: { has(auth[$0], "Auth." + $0) }) {
            source.format = .amplifyJSAuth
            return try readAmplifyJSAuth(auth, prefix: "Auth.", root: root)
        } else if !has(root["aws_user_pools_id"], "aws_user_pools_id"),
            amplifyJSKeys.contains(where: { has(root[$0], $0) })
        {
            source.format = .amplifyJSAuth
            return try readAmplifyJSAuth(root, prefix: "", root: root)
        } else if root["auth"]?["user_pool_id"] != nil || root["auth"]?["identity_pool_id"] != nil
            || (root["version"] != nil && root["aws_user_pools_id"] == nil)
        {
            source.format = .amplifyGen2
            return try readGen2(root)
        } else if has(root["aws_user_pools_id"], "aws_user_pools_id")
            || has(root["aws_cognito_identity_pool_id"], "aws_cognito_identity_pool_id")
        {
            source.format = .amplifyFlat
            return try readFlat(root)
        }
        // Nothing recognisable: read it as awsconfiguration.json, whose error names what is expected.
        source.format = .awsConfiguration
        return try readSections(root, prefix: "", root: root)
    }

    // MARK: - Warnings

    /// Records `error` as a warning: `lead`, then what is wrong and the fix.
    mutating func warn(_ error: ConfigurationError, lead: String) {
        let key = error.key.map { "\($0): " } ?? ""
        source.warnings.append("\(lead). \(key)\(error.problem) \(error.fix)")
    }

    /// The expression a key holds (or the nearest enclosing key holds), when the value was not read.
    func expression(at key: String) -> ObjectLiteralReader.Expression? {
        expressions.first { key == $0.keyPath || key.hasPrefix($0.keyPath + ".") || key.hasPrefix($0.keyPath + "[") }
    }

    /// `error` with the reason its key is missing, when the key holds an expression that was not read.
    func explained(_ error: ConfigurationError) -> ConfigurationError {
        guard let key = error.key, let expression = expression(at: key) else { return error }
        var explained = error
        explained.problem =
            "this key holds an expression (\(TerminalText.sanitized(expression.text)), line \(expression.line)), "
            + "which Latchkey does not evaluate."
        let others = expressions.filter { $0 != expression && Self.concernsSignIn($0.keyPath) }.map(\.keyPath)
        if !others.isEmpty { explained.problem += " Also not read: \(others.joined(separator: ", "))." }
        explained.fix =
            "Write the value itself in the file (such as \"us-east-1_AbCdEf123\"), or put the same object with "
            + "its values in a .json file and load that instead."
        explained.commandLineFix =
            "Write the value itself in the file (such as \"us-east-1_AbCdEf123\"), or put the same object with "
            + "its values in a .json file and point --config at it."
        return explained
    }

    /// One warning per expression left unread in a part of the file that is about sign-in.
    mutating func warnAboutExpressions() {
        for expression in expressions where Self.concernsSignIn(expression.keyPath) {
            source.warnings.append(
                "\(expression.keyPath) (line \(expression.line)) holds an expression, "
                    + "\(TerminalText.sanitized(expression.text)), which Latchkey does not evaluate: it was not read. "
                    + "Write the value itself there to use it.")
        }
    }

    /// Whether a key path is in a part of the file Latchkey reads (not `API`, `Storage`, `aws_appsync_…`).
    static func concernsSignIn(_ keyPath: String) -> Bool {
        let first = keyPath.split(whereSeparator: { $0 == "." || $0 == "[" }).first.map(String.init) ?? keyPath
        let others: Set<String> = [
            "API", "Storage", "Analytics", "Interactions", "PubSub", "Geo", "Predictions", "Notifications",
            "DataStore", "Logging", "ssr", "data", "storage", "analytics", "geo", "notifications", "custom",
        ]
        if others.contains(first) { return false }
        if first.hasPrefix("aws_") {
            return first.hasPrefix("aws_cognito") || first.hasPrefix("aws_user_pools") || first == "aws_project_region"
        }
        return true
    }

    // MARK: - Shapes

    /// Why `value` is a placeholder rather than a real id or region, or nil.
    static func placeholderReason(_ value: String) -> String? {
        let lower = value.lowercased()
        if value.contains(where: { "<>{}[]$…".contains($0) }) || value.contains("...") {
            return "it is a placeholder (it holds brackets or an ellipsis)"
        }
        for word in ["your", "xxx", "example", "placeholder", "replace", "todo", "changeme", "change_me", "insert"]
        where lower.contains(word) {
            return "it is a placeholder (\"\(word)\")"
        }
        let name = value.split(whereSeparator: { $0 == "_" || $0 == ":" }).last.map(String.init) ?? value
        let letters = name.filter { $0 != "-" }
        if letters.count >= 3, let first = letters.first, letters.allSatisfy({ $0 == first }) {
            return "it is a placeholder (the same character repeated)"
        }
        return nil
    }

    /// `poolId` when it has the shape of a user pool id and is not a placeholder.
    mutating func checkedUserPoolId(_ poolId: String, key: String) throws(ConfigurationError) -> String {
        if let reason = Self.placeholderReason(poolId) {
            throw error(
                key, "\"\(TerminalText.sanitized(poolId))\" is not a user pool id: \(reason).",
                "Replace it with the pool's id from the Cognito console (User pools → the pool → User pool ID), "
                    + "such as us-east-1_AbCdEf123.")
        }
        guard AuthConfiguration.isValidUserPoolId(poolId) else {
            throw error(
                key, "\"\(TerminalText.sanitized(poolId))\" is not a user pool id.",
                "A user pool id looks like us-east-1_AbCdEf123 (a region, an underscore, nine letters or digits); "
                    + "copy it from the Cognito console.")
        }
        shapeKeys["user pool id"] = key
        return poolId
    }

    /// `clientId` unless it is a placeholder.
    mutating func checkedClientId(_ clientId: String, key: String) throws(ConfigurationError) -> String {
        if let reason = Self.placeholderReason(clientId) {
            throw error(
                key, "\"\(TerminalText.sanitized(clientId))\" is not an app client id: \(reason).",
                "Replace it with the app client's id from the Cognito console (the pool → App clients), "
                    + "26 lower-case letters and digits.")
        }
        shapeKeys["app client id"] = key
        return clientId
    }

    /// `poolId` when it has the shape of an identity pool id (`<region>:<uuid>`) and is not a placeholder.
    func checkedIdentityPoolId(_ poolId: String, key: String) throws(ConfigurationError) -> String {
        let fix =
            "An identity pool id looks like us-east-1:1a2b3c4d-5e6f-7a8b-9c0d-1e2f3a4b5c6d; copy it from the "
            + "Cognito console (Identity pools)."
        if let reason = Self.placeholderReason(poolId) {
            throw error(key, "\"\(TerminalText.sanitized(poolId))\" is not an identity pool id: \(reason).", fix)
        }
        guard AuthConfiguration.isValidIdentityPoolId(poolId) else {
            throw error(
                key,
                "\"\(TerminalText.sanitized(poolId))\" is not an identity pool id (a region, a colon and a UUID).",
                fix)
        }
        return poolId
    }

    /// Refuses a stated region that is a placeholder or contradicts the region the pool id names.
    func checkRegionAgainstPool(_ region: String, key: String, poolId: String) throws(ConfigurationError) {
        if let reason = Self.placeholderReason(region) {
            throw error(
                key, "\"\(TerminalText.sanitized(region))\" is not a region: \(reason).",
                "Use the pool's region, such as us-east-1.")
        }
        if let named = AuthConfiguration.region(fromPoolId: poolId), named != region {
            throw error(
                key,
                "the region \"\(TerminalText.sanitized(region))\" contradicts the pool id \"\(poolId)\", which is in "
                    + "\(named): every call would go to the wrong endpoint.",
                "Set it to \(named), or correct the pool id.")
        }
    }

    /// Warnings for ids that pass the syntax check but do not look like AWS's (only when the calls go to
    /// AWS: a local backend makes ids of other lengths).
    mutating func checkShapes(_ configuration: AuthConfiguration) {
        guard let pool = configuration.userPool, pool.endpoint == nil else { return }
        if pool.poolName.count != 9 {
            source.warnings.append(
                "\(shapeKeys["user pool id"] ?? "user pool id"): \"\(pool.poolId)\" does not look like a real user "
                    + "pool id (after the underscore Cognito writes nine letters or digits, here "
                    + "\(pool.poolName.count)). Check it against the Cognito console.")
        }
        let client = pool.appClientId
        if !(25...26).contains(client.count)
            || !client.allSatisfy({ $0.isASCII && ($0.isLowercase || $0.isNumber) })
        {
            source.warnings.append(
                "\(shapeKeys["app client id"] ?? "app client id"): \"\(TerminalText.sanitized(client))\" does not "
                    + "look like a real app client id (Cognito writes 26 lower-case letters and digits). Check it "
                    + "against the Cognito console.")
        }
        if !AuthConfiguration.looksLikeRegion(pool.region) {
            source.warnings.append(
                "\"\(pool.region)\" does not look like an AWS region (such as us-east-1), and the calls go to AWS.")
        }
    }
}
