/// Where a configuration came from: the file, its format, the section and the origin of each setting.
///
/// `latchkey config` prints it, so a user can see what was read, from where, and what was left aside.
public struct ConfigurationSource: Sendable, Hashable {
    /// The configuration formats Latchkey reads, detected from the content (never from the file name).
    public enum Format: String, Sendable, Hashable, CaseIterable {
        /// AWSMobileClient's `awsconfiguration.json` (`CognitoUserPool.Default`, ...).
        case awsConfiguration = "awsconfiguration.json"
        /// Amplify Gen 1 `amplifyconfiguration.json`: the same sections under `auth.plugins.awsCognitoAuthPlugin`.
        case amplifyGen1 = "Amplify Gen 1 amplifyconfiguration.json"
        /// The flat keys of `aws-exports.js` (`aws_user_pools_id`, ...), which Gen 2 also writes as
        /// `amplifyconfiguration.json`.
        case amplifyFlat = "Amplify flat configuration (aws_user_pools_id)"
        /// Amplify Gen 2 `amplify_outputs.json` (`auth.user_pool_id`, ...), versions "1" to "1.4".
        case amplifyGen2 = "Amplify Gen 2 amplify_outputs.json"
        /// The `Auth` object of aws-amplify 3 to 5 (`userPoolId`, `userPoolWebClientId`, `oauth`, ...), as
        /// passed to `Amplify.configure` or `Auth.configure`.
        case amplifyJSAuth = "Amplify JS Auth configuration (userPoolWebClientId)"
        /// aws-amplify 6's `Auth.Cognito` (`userPoolClientId`, `loginWith`, ...), as passed to `Amplify.configure`.
        case amplifyJSResources = "Amplify JS resources configuration (Auth.Cognito)"
    }

    /// The text the configuration object was found in.
    public enum Container: String, Sendable, Hashable {
        /// A plain JSON file (`awsconfiguration.json`, `amplifyconfiguration.json`, `amplify_outputs.json`).
        case json = "JSON"
        /// A JavaScript or TypeScript module that embeds the object (`aws-exports.js`).
        case javaScript = "JavaScript"
        /// A Dart file that embeds the JSON in a string (`amplifyconfiguration.dart`).
        case dart = "Dart"
    }

    /// The file read, when there is one.
    public var file: String?
    /// The format detected from the content.
    public var format: Format
    /// The text the object was embedded in.
    public var container: Container
    /// The format's own version (Gen 2's `version`), when stated.
    public var version: String?
    /// The section read (`Default` unless chosen); nil for formats without sections.
    public var section: String?
    /// Where the section name came from: `default`, `--config-section` or `LATCHKEY_CONFIG_SECTION`.
    public var sectionOrigin: String
    /// Every section the file names, for messages and `latchkey config`.
    public var sections: [String]
    /// Where each resolved setting came from, by setting (`user pool region`, `user pool endpoint`, ...):
    /// a key path in the file, an environment variable, `the pool id` or `default`.
    public var origins: [String: String]
    /// Things worth saying once about the file (an unknown format version, ...).
    public var notes: [String]
    /// What was left out and why: an optional section that cannot be used (identity pool, hosted UI), a
    /// value that is an expression, an id that does not look real. Commands print them on stderr.
    public var warnings: [String] = []

    /// Creates a description; the defaults describe a JSON `awsconfiguration.json` read with no section chosen.
    public init(
        file: String? = nil, format: Format = .awsConfiguration, container: Container = .json, version: String? = nil,
        section: String? = nil, sectionOrigin: String = "default", sections: [String] = [],
        origins: [String: String] = [:], notes: [String] = []
    ) {
        self.file = file
        self.format = format
        self.container = container
        self.version = version
        self.section = section
        self.sectionOrigin = sectionOrigin
        self.sections = sections
        self.origins = origins
        self.notes = notes
    }
}
