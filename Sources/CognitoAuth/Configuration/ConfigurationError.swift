/// A configuration problem, naming the file, the key and the fix.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file involved, when there is one.
    public var file: String?
    /// The JSON key path involved, such as `CognitoUserPool.Default.PoolId`.
    public var key: String?
    /// What is wrong, as a sentence a person can act on together with ``fix``.
    public var problem: String
    /// What to do about it, in the words of the library and the configuration file (an app's words).
    public var fix: String
    /// What to do about it on the `latchkey` command line, where that names its flags (`--config`), or nil
    /// when ``fix`` says it already.
    public var commandLineFix: String?

    /// Creates an error; `problem` says what is wrong and `fix` what to do about it, and `commandLineFix`
    /// the same in the command line's words when they differ.
    public init(
        file: String? = nil, key: String? = nil, problem: String, fix: String, commandLineFix: String? = nil
    ) {
        self.file = file
        self.key = key
        self.problem = problem
        self.fix = fix
        self.commandLineFix = commandLineFix
    }

    /// The error as the command line says it: its own fix, which names flags, in place of ``fix``.
    public var forCommandLine: ConfigurationError {
        var error = self
        if let commandLineFix { error.fix = commandLineFix }
        error.commandLineFix = nil
        return error
    }

    /// The full message: where, what, and the fix.
    public var description: String {
        var parts: [String] = []
        if let file { parts.append("\(file):") }
        if let key { parts.append("\(key):") }
        parts.append(problem)
        return parts.joined(separator: " ") + " " + fix
    }
}
