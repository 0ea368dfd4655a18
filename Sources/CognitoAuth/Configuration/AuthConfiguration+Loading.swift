import Foundation

#if canImport(Glibc)
    // `stat`, `pollfd` and friends resolve through these re-exports on Linux (MemberImportVisibility).
    import CoreFoundation
    import CDispatch
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    package static let maximumFileSize = 4 * 1024 * 1024

    /// Loads and validates the configuration file at `path`.
    ///
    /// - Parameters:
    ///   - path: the file (``locate(explicitPath:environment:)`` finds the default one).
    ///   - section: the section to read (`CognitoUserPool.<section>`, ...); nil means
    ///     `$LATCHKEY_CONFIG_SECTION`, else `Default`.
    ///   - environment: the variables that may fill in what the file leaves out: `AWS_REGION`,
    ///     `AWS_DEFAULT_REGION`, `AWS_ENDPOINT_URL`, `AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER`,
    ///     `AWS_ENDPOINT_URL_COGNITO_IDENTITY`, `AWS_ENDPOINT_URL_STS`, `LATCHKEY_CONFIG_SECTION`.
    ///     The file's own values always win.
    public static func load(
        path: String, section: String? = nil, environment: [String: String] = [:]
    ) throws(ConfigurationError) -> AuthConfiguration {
        let tooLarge = ConfigurationError(
            file: path, problem: "the configuration file is larger than \(maximumFileSize / (1024 * 1024)) MiB.",
            fix: "Load the configuration file itself (LATCHKEY_CONFIG, or the path given to AuthConfiguration.load).",
            commandLineFix: "Point --config or LATCHKEY_CONFIG at the configuration file itself.")
        // A regular file's size is known before reading it; anything else is checked after the read.
        // `lstat`, not FileManager's attributes, which also look up the owner's user and group names
        // (reading /etc/passwd and asking nscd), on the start-up path of every command.
        if let size = StoreDirectory.regularFileSize(path), size > Int64(maximumFileSize) { throw tooLarge }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            let example = (path.hasSuffix("/") ? path : path + "/") + "awsconfiguration.json"
            throw ConfigurationError(
                file: path, problem: "this is a directory, not a configuration file.",
                fix: "Load the file itself, such as \(example).",
                commandLineFix: "Pass the file itself, such as --config \(example).")
        }
        let data: Data
        if isStream(path) {
            // A pipe (`--config <(…)`, `/dev/stdin`) or a device: read up to the cap, within a deadline.
            data = try readStream(path, deadline: streamDeadline)
            guard data.count <= maximumFileSize else { throw tooLarge }
            return try parse(data, path: path, section: section, environment: environment)
        }
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let exists = FileManager.default.fileExists(atPath: path)
            throw ConfigurationError(
                file: path,
                problem: exists ? "the configuration file cannot be read." : "no configuration file here.",
                fix: exists
                    ? "Check its permissions."
                    : "Put the configuration file there, set LATCHKEY_CONFIG to its path, or load it from another "
                        + "path with AuthConfiguration.load(path:).",
                commandLineFix: exists
                    ? nil : "Pass --config PATH, set LATCHKEY_CONFIG, or run `latchkey demo` to create a local one."
            )
        }
        guard data.count <= maximumFileSize else { throw tooLarge }
        return try parse(data, path: path, section: section, environment: environment)
    }

    /// How long a configuration coming through a pipe may take to arrive in full.
    package static let streamDeadline: Duration = .seconds(10)

    /// Whether `path` (followed through symbolic links) is a pipe, socket or character device.
    static func isStream(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let type = info.st_mode & S_IFMT
        return type == S_IFIFO || type == S_IFCHR || type == S_IFSOCK
    }

    /// Reads a pipe or device to its end: at most ``maximumFileSize`` + 1 bytes, and never past
    /// `deadline` (a FIFO nobody writes to would otherwise block forever).
    package static func readStream(_ path: String, deadline: Duration) throws(ConfigurationError) -> Data {
        let notRegular = "the configuration is not a regular file (a pipe or device)"
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw ConfigurationError(
                file: path, problem: "\(notRegular) and cannot be opened: \(String(cString: strerror(errno))).",
                fix: "Check that it exists and that you may read it.")
        }
        defer { close(fd) }
        let clock = ContinuousClock()
        let end = clock.now.advanced(by: deadline)
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let remaining = clock.now.duration(to: end)
            guard remaining > .zero else {
                throw ConfigurationError(
                    file: path,
                    problem:
                        "\(notRegular), and it did not reach its end within \(deadline.components.seconds) seconds "
                        + "(\(data.count) bytes arrived).",
                    fix: "Make sure something writes the whole file into it and closes it, or pass the file itself.")
            }
            let milliseconds = Int32(clamping: remaining.components.seconds * 1000 + 1)
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0 && errno != EINTR {
                throw ConfigurationError(
                    file: path, problem: "\(notRegular) and cannot be read: \(String(cString: strerror(errno))).",
                    fix: "Pass the file itself.")
            }
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EAGAIN || errno == EINTR { continue }
                throw ConfigurationError(
                    file: path, problem: "\(notRegular) and cannot be read: \(String(cString: strerror(errno))).",
                    fix: "Pass the file itself.")
            }
            if count == 0 { return data }
            data.append(contentsOf: buffer[0..<count])
            guard data.count <= maximumFileSize else { return data }
        }
    }

    /// Parses a configuration in any supported format (see ``ConfigurationSource/Format``); `path` only
    /// names the source in errors. `section` and `environment` are as for ``load(path:section:environment:)``.
    public static func parse(
        _ data: Data, path: String? = nil, section: String? = nil, environment: [String: String] = [:]
    ) throws(ConfigurationError) -> AuthConfiguration {
        let embedded = try embeddedObject(in: data, path: path)
        let root = embedded.root
        var reader = ConfigurationReader(path: path, environment: environment)
        reader.source.container = embedded.container
        reader.expressions = embedded.expressions
        if let section, !section.isEmpty {
            reader.requestedSection = section
            reader.source.sectionOrigin = "--config-section"
        } else if let fromEnvironment = environment["LATCHKEY_CONFIG_SECTION"], !fromEnvironment.isEmpty {
            reader.requestedSection = fromEnvironment
            reader.source.sectionOrigin = "LATCHKEY_CONFIG_SECTION"
        }

        var configuration: AuthConfiguration
        do {
            configuration = try reader.readDetectedFormat(root)
        } catch {
            throw reader.explained(error)
        }
        try reader.resolveEndpoints(&configuration)
        reader.checkShapes(configuration)
        reader.warnAboutExpressions()
        configuration.poolSettings = reader.settings
        reader.source.file = path
        configuration.source = reader.source
        configuration.sourcePath = path
        return configuration
    }

    /// Whether `value` has the shape of a user pool id: `<region>_<alphanumerics>`.
    public static func isValidUserPoolId(_ value: String) -> Bool {
        let parts = value.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
        return parts[0].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            && parts[1].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    /// Whether `value` has the shape of an identity pool id: `<region>:<uuid>` (8-4-4-4-12 hex digits).
    public static func isValidIdentityPoolId(_ value: String) -> Bool {
        let parts = value.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
        let groups = parts[1].split(separator: "-", omittingEmptySubsequences: false)
        return parts[0].allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
            && groups.map(\.count) == [8, 4, 4, 4, 12] && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
    }

    /// Whether `value` reads as an AWS region name, such as `us-east-1` or `us-gov-west-1`.
    package static func looksLikeRegion<S: StringProtocol>(_ value: S) -> Bool {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count >= 3, let first = parts.first, let last = parts.last else { return false }
        let lower: (Character) -> Bool = { $0.isASCII && $0.isLowercase }
        return first.count == 2 && first.allSatisfy(lower)
            && last.allSatisfy { $0.isASCII && $0.isNumber }
            && parts.dropFirst().dropLast().allSatisfy { !$0.isEmpty && $0.allSatisfy(lower) }
    }

    /// The region a pool id names (`us-east-1_AbC` → `us-east-1`), when its prefix reads as one.
    public static func region(fromPoolId poolId: String) -> String? {
        guard let separator = poolId.firstIndex(where: { $0 == "_" || $0 == ":" }) else { return nil }
        let prefix = poolId[..<separator]
        return looksLikeRegion(prefix) ? String(prefix) : nil
    }

    static func bool(_ value: JSONValue) -> Bool? {
        switch value {
        case .bool(let flag): return flag
        case .string(let text): return ["true", "yes", "1"].contains(text.lowercased())
        default: return nil
        }
    }
}

/// Reads typed fields with errors that name the file and key path, and records where each setting came from.
struct ConfigurationReader {
    let path: String?
    let environment: [String: String]
    var source = ConfigurationSource()
    var settings = PoolSettings()
    /// The section asked for (`--config-section`, `$LATCHKEY_CONFIG_SECTION`); nil means `Default`.
    var requestedSection: String?
    /// `Auth.<section>.authenticationFlowType`, when it names a flow Latchkey knows.
    var authenticationFlow: AuthenticationFlow?
    /// Values of a JavaScript or Dart object literal that are expressions: they were not read.
    var expressions: [ObjectLiteralReader.Expression] = []
    /// The key each checked id came from (`user pool id`, `app client id`), for warnings.
    var shapeKeys: [String: String] = [:]

    init(path: String?, environment: [String: String]) {
        self.path = path
        self.environment = environment
    }

    func error(
        _ key: String?, _ problem: String, _ fix: String, commandLine commandLineFix: String? = nil
    ) -> ConfigurationError {
        ConfigurationError(file: path, key: key, problem: problem, fix: fix, commandLineFix: commandLineFix)
    }

    /// A string value: nil when absent or null; an error when not a string. Whitespace is trimmed.
    func string(_ value: JSONValue?, key: String) throws(ConfigurationError) -> String? {
        guard let value, value != .null else { return nil }
        guard case .string(let text) = value else {
            throw error(key, "expected a string.", "Write the value in double quotes.")
        }
        return text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A string that must be present and non-empty; "missing" and "empty" are told apart.
    func required(_ value: JSONValue?, key: String, fix: String) throws(ConfigurationError) -> String {
        guard let text = try string(value, key: key) else {
            throw error(key, "this key is missing.", fix)
        }
        guard !text.isEmpty else {
            throw error(key, "this key is present but empty.", fix.replacingOccurrences(of: "Add ", with: "Fill in "))
        }
        return text
    }

    /// A URL value, checked as an endpoint (and plain http only to this machine, unless allowed).
    func url(_ value: JSONValue?, key: String) throws(ConfigurationError) -> URL? {
        guard let text = try string(value, key: key), !text.isEmpty else { return nil }
        if let problem = AuthConfiguration.endpointProblem(text) {
            throw error(
                key, problem,
                "Use a full URL such as http://127.0.0.1:5000 (http or https, a host, a port from 1 to 65535).")
        }
        guard let url = URL(string: text) else {
            throw error(
                key, "\"\(AuthConfiguration.displayedURL(text))\" is not an http(s) URL.",
                "Use a full URL such as http://127.0.0.1:5000.")
        }
        if let problem = AuthConfiguration.insecureHTTPProblem(url, text: text, environment: environment) {
            throw error(key, problem, AuthConfiguration.insecureHTTPFix)
        }
        return url
    }

    /// The region of a pool: the first stated value in the file, else the pool id's prefix, else
    /// `AWS_REGION`, else `AWS_DEFAULT_REGION`. The pool id outranks the environment because it names
    /// the pool's own region, while `AWS_REGION` is the user's default for every service.
    mutating func region(
        for setting: String, stated: [(value: String?, key: String)], poolId: String, missingKey: String
    ) throws(ConfigurationError) -> String {
        var emptyKey: String?
        for candidate in stated {
            guard let value = candidate.value else { continue }
            if value.isEmpty {
                emptyKey = emptyKey ?? candidate.key
                continue
            }
            try checkRegion(value, key: candidate.key)
            try checkRegionAgainstPool(value, key: candidate.key, poolId: poolId)
            source.origins[setting] = candidate.key
            return value
        }
        if let fromId = AuthConfiguration.region(fromPoolId: poolId) {
            source.origins[setting] = "the pool id"
            return fromId
        }
        for name in ["AWS_REGION", "AWS_DEFAULT_REGION"] {
            if let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
                try checkRegion(value, key: name, isVariable: true)
                source.origins[setting] = name
                return value
            }
        }
        let key = emptyKey ?? missingKey
        throw error(
            key,
            (emptyKey == nil ? "this key is missing" : "this key is present but empty")
                + ", the pool id \"\(poolId)\" does not start with a region, and AWS_REGION is not set.",
            "Set the region in the file (such as \"us-east-1\"), or set AWS_REGION.")
    }

    func checkRegion(_ value: String, key: String, isVariable: Bool = false) throws(ConfigurationError) {
        guard !value.isEmpty, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
            throw ConfigurationError(
                file: isVariable ? nil : path, key: key, problem: "\"\(value)\" is not a region name.",
                fix: "Use a region such as us-east-1.")
        }
    }

    /// Fills in endpoints the file leaves out from the AWS SDKs' variables, and records every origin.
    ///
    /// Order, per service: the file's `Endpoint` (or `Latchkey.STSEndpoint`), then the service's
    /// variable (`AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER`, `AWS_ENDPOINT_URL_COGNITO_IDENTITY`,
    /// `AWS_ENDPOINT_URL_STS`), then `AWS_ENDPOINT_URL`, then AWS's public endpoint.
    /// `AWS_IGNORE_CONFIGURED_ENDPOINT_URLS=true` turns the variables off, as in the SDKs.
    mutating func resolveEndpoints(_ configuration: inout AuthConfiguration) throws(ConfigurationError) {
        if var pool = configuration.userPool {
            if pool.endpoint == nil {
                pool.endpoint = try endpointFromEnvironment(
                    "user pool endpoint", "AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER")
            }
            configuration.userPool = pool
            if configuration.latchkey.jwksURL != nil {
                source.origins["JWKS URL"] = source.origins["JWKS URL"] ?? "Latchkey.JWKSURL"
            } else {
                source.origins["JWKS URL"] =
                    pool.endpoint == nil
                    ? "the issuer (AWS)" : "the user pool endpoint + /<pool id>/.well-known/jwks.json"
            }
        }
        if var identity = configuration.identityPool {
            if identity.endpoint == nil {
                identity.endpoint = try endpointFromEnvironment(
                    "identity pool endpoint", "AWS_ENDPOINT_URL_COGNITO_IDENTITY")
            }
            configuration.identityPool = identity
        }
        if configuration.latchkey.stsEndpoint == nil {
            configuration.latchkey.stsEndpoint = try endpointFromEnvironment("STS endpoint", "AWS_ENDPOINT_URL_STS")
        }
    }

    private mutating func endpointFromEnvironment(_ setting: String, _ serviceVariable: String)
        throws(ConfigurationError) -> URL?
    {
        let ignore = environment["AWS_IGNORE_CONFIGURED_ENDPOINT_URLS"]?.lowercased() == "true"
        if !ignore {
            for name in [serviceVariable, "AWS_ENDPOINT_URL"] {
                guard let text = environment[name]?.trimmingCharacters(in: .whitespaces), !text.isEmpty else {
                    continue
                }
                let fix = "Set \(name) to a full URL such as http://127.0.0.1:5000, or unset it."
                if let problem = AuthConfiguration.endpointProblem(text) {
                    throw ConfigurationError(key: name, problem: problem, fix: fix)
                }
                guard let url = URL(string: text) else {
                    throw ConfigurationError(
                        key: name, problem: "\"\(AuthConfiguration.displayedURL(text))\" is not an http(s) URL.",
                        fix: fix)
                }
                if let problem = AuthConfiguration.insecureHTTPProblem(url, text: text, environment: environment) {
                    throw ConfigurationError(key: name, problem: problem, fix: AuthConfiguration.insecureHTTPFix)
                }
                source.origins[setting] = name
                return url
            }
        }
        source.origins[setting] = "default (AWS)"
        return nil
    }

    /// Records a key the file holds that Latchkey reads but does not act on.
    mutating func ignore(_ key: String) {
        if !settings.ignoredKeys.contains(key) { settings.ignoredKeys.append(key) }
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
        let shown = displayedURL(text)
        let notURL = "\"\(shown)\" is not an http(s) URL."
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
        guard !host.isEmpty else { return "\"\(shown)\" has no host." }
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }),
                let number = Int(port), (1...65535).contains(number)
            else {
                return "\"\(shown)\" has port \"\(port)\"; a port is a number from 1 to 65535."
            }
        }
        guard let url = URL(string: text), let parsedHost = url.host, !parsedHost.isEmpty else { return notURL }
        return nil
    }
}
