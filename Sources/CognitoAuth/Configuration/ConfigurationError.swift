/// A configuration problem, naming the file, the key and the fix.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file involved, when there is one.
    public var file: String?
    /// The JSON key path involved, such as `CognitoUserPool.Default.PoolId`.
    public var key: String?
    /// What is wrong, as a sentence a person can act on together with ``fix``.
    public var problem: String
    /// What to do about it.
    public var fix: String

    /// Creates an error; `problem` says what is wrong and `fix` what to do about it.
    public init(file: String? = nil, key: String? = nil, problem: String, fix: String) {
        self.file = file
        self.key = key
        self.problem = problem
        self.fix = fix
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
