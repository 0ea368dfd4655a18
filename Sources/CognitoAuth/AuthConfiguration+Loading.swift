import Foundation

extension AuthConfiguration {
    /// Where the configuration file is looked for, in order: an explicit path, `$LATCHKEY_CONFIG`,
    /// then `$XDG_CONFIG_HOME/latchkey/awsconfiguration.json` (or `~/.config/...`).
    public static func locate(explicitPath: String?, environment: [String: String]) -> String {
        if let explicitPath, !explicitPath.isEmpty { return explicitPath }
        if let fromEnvironment = environment["LATCHKEY_CONFIG"], !fromEnvironment.isEmpty { return fromEnvironment }
        let configHome =
            environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.config")
        return configHome + "/latchkey/awsconfiguration.json"
    }

    /// The largest configuration file read: real ones are a few kilobytes.
    public static let maximumFileSize = 4 * 1024 * 1024

    /// Loads and validates the configuration file at `path`.
    public static func load(path: String) throws(ConfigurationError) -> AuthConfiguration {
        let tooLarge = ConfigurationError(
            file: path, problem: "the configuration file is larger than \(maximumFileSize / (1024 * 1024)) MiB.",
            fix: "Point --config or LATCHKEY_CONFIG at the awsconfiguration.json file itself.")
        // A regular file's size is known before reading it; anything else is checked after the read.
        if let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let size = (attributes[.size] as? NSNumber)?.uint64Value, size > UInt64(maximumFileSize)
        {
            throw tooLarge
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let exists = FileManager.default.fileExists(atPath: path)
            throw ConfigurationError(
                file: path,
                problem: exists ? "the configuration file cannot be read." : "no configuration file here.",
                fix: exists
                    ? "Check its permissions."
                    : "Pass --config PATH, set LATCHKEY_CONFIG, or run `latchkey demo` to create a local one."
            )
        }
        guard data.count <= maximumFileSize else { throw tooLarge }
        return try parse(data, path: path)
    }

    /// Parses configuration JSON; `path` only names the source in errors.
    public static func parse(_ data: Data, path: String? = nil) throws(ConfigurationError) -> AuthConfiguration {
        guard let root = JSONValue.parse(data), root.objectValue != nil else {
            throw ConfigurationError(
                file: path, problem: "the file is not a JSON object.",
                fix: "Fix the JSON syntax; it should look like Assets/awsconfiguration.sample.json.")
        }
        var document = root
        var prefix = ""
        // Amplify's amplifyconfiguration.json nests the same object.
        if let nested = root["auth"]?["plugins"]?["awsCognitoAuthPlugin"], nested.objectValue != nil {
            document = nested
            prefix = "auth.plugins.awsCognitoAuthPlugin."
        }
        let reader = SectionReader(document: document, prefix: prefix, path: path)
        let topRegion = document["Region"]?.stringValue

        var configuration = AuthConfiguration(sourcePath: path)
        if let pool = document["CognitoUserPool"]?["Default"] {
            let key = "CognitoUserPool.Default"
            let region = try reader.optionalString(pool, key, "Region") ?? topRegion
            guard let region else {
                throw reader.missing(key + ".Region", fix: "Add \"Region\": \"us-east-1\" (or your pool's region).")
            }
            let poolId = try reader.requiredString(pool, key, "PoolId")
            guard Self.isValidUserPoolId(poolId) else {
                throw ConfigurationError(
                    file: path, key: prefix + key + ".PoolId",
                    problem: "\"\(poolId)\" is not a user pool id.",
                    fix: "A user pool id looks like us-east-1_AbCdEf123; copy it from the Cognito console.")
            }
            let clientId = try reader.requiredString(pool, key, "AppClientId")
            configuration.userPool = UserPoolConfiguration(
                poolId: poolId,
                appClientId: clientId,
                appClientSecret: try reader.optionalString(pool, key, "AppClientSecret").flatMap {
                    $0.isEmpty ? nil : $0
                },
                region: region,
                endpoint: try reader.optionalURL(pool, key, "Endpoint")
            )
        }
        if let identity = document["CredentialsProvider"]?["CognitoIdentity"]?["Default"] {
            let key = "CredentialsProvider.CognitoIdentity.Default"
            let poolId = try reader.requiredString(identity, key, "PoolId")
            guard Self.isValidIdentityPoolId(poolId) else {
                throw ConfigurationError(
                    file: path, key: prefix + key + ".PoolId",
                    problem: "\"\(poolId)\" is not an identity pool id.",
                    fix: "An identity pool id looks like us-east-1:1a2b3c4d-…; copy it from the Cognito console.")
            }
            let region =
                try reader.optionalString(identity, key, "Region") ?? topRegion
                ?? poolId.split(separator: ":").first.map(String.init)
            guard let region else { throw reader.missing(key + ".Region", fix: "Add \"Region\".") }
            configuration.identityPool = IdentityPoolConfiguration(
                poolId: poolId, region: region, endpoint: try reader.optionalURL(identity, key, "Endpoint"))
        }
        if let manager = document["IdentityManager"]?["Default"] {
            let merging = manager["AllowIdentityMerging"].flatMap(Self.bool) ?? false
            let simultaneous = manager["AllowSimultaneousActiveAccounts"].flatMap(Self.bool) ?? false
            if simultaneous && !merging {
                throw ConfigurationError(
                    file: path, key: prefix + "IdentityManager.Default.AllowSimultaneousActiveAccounts",
                    problem: "simultaneous active accounts need identity merging.",
                    fix: "Set \"AllowIdentityMerging\": true as well, or turn simultaneous accounts off.")
            }
            configuration.identityManager = IdentityManagerConfiguration(
                allowIdentityMerging: merging, allowSimultaneousActiveAccounts: simultaneous)
        }
        if let own = document["Latchkey"] {
            configuration.latchkey = LatchkeyConfiguration(
                stsEndpoint: try reader.optionalURL(own, "Latchkey", "STSEndpoint"),
                jwksURL: try reader.optionalURL(own, "Latchkey", "JWKSURL"),
                testAidURL: try reader.optionalURL(own, "Latchkey", "TestAidURL"),
                ui: own["UI"]
            )
        }
        if configuration.userPool == nil && configuration.identityPool == nil {
            throw ConfigurationError(
                file: path, key: prefix + "CognitoUserPool.Default",
                problem: "neither a user pool nor an identity pool is configured.",
                fix: "Add a CognitoUserPool.Default section with PoolId, AppClientId and Region.")
        }
        return configuration
    }

    /// Whether `value` has the shape of a user pool id: `<region>_<alphanumerics>`.
    public static func isValidUserPoolId(_ value: String) -> Bool {
        let parts = value.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
        return parts[0].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            && parts[1].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    /// Whether `value` has the shape of an identity pool id: `<region>:<uuid>`.
    public static func isValidIdentityPoolId(_ value: String) -> Bool {
        let parts = value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
        return parts[0].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            && parts[1].allSatisfy { $0.isHexDigit || $0 == "-" }
    }

    private static func bool(_ value: JSONValue) -> Bool? {
        switch value {
        case .bool(let flag): return flag
        case .string(let text): return ["true", "yes", "1"].contains(text.lowercased())
        default: return nil
        }
    }
}

/// Reads typed fields from a configuration section with errors that name the key path.
private struct SectionReader {
    let document: JSONValue
    let prefix: String
    let path: String?

    func missing(_ key: String, fix: String) -> ConfigurationError {
        ConfigurationError(file: path, key: prefix + key, problem: "this key is missing.", fix: fix)
    }

    func requiredString(_ section: JSONValue, _ sectionKey: String, _ field: String) throws(ConfigurationError)
        -> String
    {
        guard let value = try optionalString(section, sectionKey, field), !value.isEmpty else {
            throw missing("\(sectionKey).\(field)", fix: "Add \"\(field)\" to the \(sectionKey) section.")
        }
        return value
    }

    func optionalString(_ section: JSONValue, _ sectionKey: String, _ field: String) throws(ConfigurationError)
        -> String?
    {
        guard let value = section[field], value != .null else { return nil }
        guard case .string(let text) = value else {
            throw ConfigurationError(
                file: path, key: "\(prefix)\(sectionKey).\(field)", problem: "expected a string.",
                fix: "Write the value in double quotes.")
        }
        return text.trimmingCharacters(in: .whitespaces)
    }

    func optionalURL(_ section: JSONValue, _ sectionKey: String, _ field: String) throws(ConfigurationError) -> URL? {
        guard let text = try optionalString(section, sectionKey, field), !text.isEmpty else { return nil }
        let key = "\(prefix)\(sectionKey).\(field)"
        if let problem = AuthConfiguration.endpointProblem(text) {
            throw ConfigurationError(
                file: path, key: key, problem: problem,
                fix: "Use a full URL such as http://127.0.0.1:5000 (http or https, a host, a port from 1 to 65535).")
        }
        guard let url = URL(string: text) else {
            throw ConfigurationError(
                file: path, key: key, problem: "\"\(text)\" is not an http(s) URL.",
                fix: "Use a full URL such as http://127.0.0.1:5000.")
        }
        return url
    }
}

extension AuthConfiguration {
    /// What is wrong with an endpoint URL, or nil when it is usable: the scheme must be http or
    /// https, the host non-empty, the port (when given) from 1 to 65535, and there must be no
    /// user name or password (they would never be sent, and messages would show them).
    ///
    /// The port is read from the text itself: Foundation reads a port too large for `Int` as no
    /// port at all, and the HTTP client traps on one above 65535.
    static func endpointProblem(_ text: String) -> String? {
        let notURL = "\"\(text)\" is not an http(s) URL."
        guard let schemeEnd = text.range(of: "://") else { return notURL }
        let scheme = text[..<schemeEnd.lowerBound].lowercased()
        guard scheme == "http" || scheme == "https" else { return notURL }
        let rest = text[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        if authority.contains("@") {
            return "the URL holds a user name or password (user:password@host); they are never sent."
        }
        let host: Substring
        var port: Substring?
        if authority.hasPrefix("[") {
            guard let close = authority.firstIndex(of: "]") else { return notURL }
            host = authority[authority.index(after: authority.startIndex)..<close]
            let after = authority[authority.index(after: close)...]
            if !after.isEmpty {
                guard after.hasPrefix(":") else { return notURL }
                port = after.dropFirst()
            }
        } else if let colon = authority.lastIndex(of: ":") {
            host = authority[..<colon]
            port = authority[authority.index(after: colon)...]
        } else {
            host = authority
        }
        guard !host.isEmpty else { return "\"\(text)\" has no host." }
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = Int(port), (1...65535).contains(number)
            else {
                return "\"\(text)\" has port \"\(port)\"; a port is a number from 1 to 65535."
            }
        }
        guard let url = URL(string: text), let parsedHost = url.host, !parsedHost.isEmpty else { return notURL }
        return nil
    }
}
