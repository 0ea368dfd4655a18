import Foundation

/// Reads the object literal a JavaScript, TypeScript or Dart configuration file holds, without running it,
/// and reads JSON configuration files (``json(in:)``) in the same single pass.
///
/// The static subset people and generators write is read: single- or double-quoted strings, unquoted
/// keys, comments, trailing commas, `export default`, `module.exports =`, `const x = {…}; export default x`,
/// the argument of `Amplify.configure(…)`, TypeScript annotations, `as const` and `satisfies`, template
/// strings without substitutions, and names that refer to another literal in the same file. Anything
/// else is an expression (`process.env.X`, a ternary, a call): it is never evaluated or guessed; the
/// keys that hold literals are read, and each expression is listed in ``Result/expressions`` with its
/// key path. A key that appears twice in one object is an error (tools disagree on which value wins),
/// and so is a module whose result depends on code that would have to run: two exports, or a name the
/// object uses that is assigned or changed again.
///
/// Only byte offsets are kept while reading; a line number is worked out when a message needs one, so
/// the time grows linearly with the text. Nesting (of values and of template substitutions) is bounded by
/// ``JSONValue/maximumDepth``, the input by the configuration size cap, and the work by ``workLimit``.
package struct ObjectLiteralReader {
    /// A value that was not read because it is an expression.
    package struct Expression: Sendable, Hashable {
        /// The key path that holds it, such as `oauth.redirectSignIn` or `Auth.oauth.scope[1]`.
        package var keyPath: String
        /// The expression's source text, on one line and shortened.
        package var text: String
        /// The line it starts on, from 1.
        package var line: Int
    }

    /// The object read, and the expressions left unread.
    package struct Result: Sendable, Hashable {
        /// The object, without the keys whose values are expressions.
        package var value: JSONValue
        /// The values not read, in the file's order.
        package var expressions: [Expression]
    }

    /// Why the text could not be read, at a byte offset.
    package struct Failure: Error, Sendable, Hashable {
        /// The byte offset of the problem.
        package var offset: Int
        /// What is wrong, such as "expected ',' or '}' after a value".
        package var message: String
        /// The key path involved, for a key that appears twice.
        package var keyPath: String? = nil
    }

    /// Reads the object a module exports (or passes to `Amplify.configure`, or declares), or nil when the
    /// text holds no object literal at all.
    ///
    /// A module with more than one export (`export default`, `module.exports =`, `exports.default =`,
    /// `Amplify.configure(`) is refused, as is one that assigns or changes a name the object uses: which
    /// object JavaScript ends with depends on code that Latchkey does not run.
    package static func exportedObject(in bytes: [UInt8]) throws(Failure) -> Result? {
        var reader = ObjectLiteralReader(bytes: bytes)
        let module = try reader.scanModule()
        for offset in module.candidates {
            reader.index = offset
            reader.expressions = []
            reader.expressionOffsets = []
            reader.usedNames = [:]
            reader.allowsRegex = true
            reader.valuesRead = 0
            // A candidate that is not an object (an expression, a string) passes to the next; one that is
            // an object but cannot be read is the error to report.
            guard let value = try reader.value(path: "", depth: 0), value.objectValue != nil else { continue }
            try reader.checkUnchanged(module.changes)
            return Result(value: value, expressions: reader.locatedExpressions())
        }
        return nil
    }

    // MARK: - State

    let bytes: [UInt8]
    var index = 0
    /// Whether a `/` at this point starts a regular expression (an operand is expected) rather than a division.
    var allowsRegex = true
    var expressions: [Expression] = []
    /// The byte offset of each of ``expressions``; their lines are found in one pass at the end.
    var expressionOffsets: [Int] = []
    /// `const|let|var|final NAME = <value>`: the offset of each name's value.
    var bindings: [String: Int] = [:]
    /// The names being resolved, against `const a = b; const b = a`.
    var resolving: Set<String> = []
    /// The names the value read refers to, with the offset of their first use.
    var usedNames: [String: Int] = [:]
    /// Values read so far: names may refer to names many times over (`const b = {x: a, y: a}`, …), so
    /// the work, and the size of the result, are capped rather than left to grow exponentially.
    var valuesRead = 0
    /// The most values one read produces; real configuration files hold a few hundred.
    let maximumValues: Int
    /// The template strings open around the current offset (each `${…}` inside one is read recursively).
    var templateDepth = 0
    /// Bytes tokenised so far, peeks and re-reads of named values included.
    var work = 0
    /// The most bytes tokenised for one text: a fixed multiple of its size, so that any text, however
    /// its names refer to each other, is read in linear time or refused.
    let workLimit: Int

    init(bytes: [UInt8]) {
        self.bytes = bytes
        maximumValues = max(200_000, bytes.count)
        workLimit = 32 * bytes.count + 1_000_000
    }

    func fail(_ message: String, at offset: Int? = nil, keyPath: String? = nil) -> Failure {
        Failure(offset: offset ?? index, message: message, keyPath: keyPath)
    }

    /// The line of `offset`, from 1 (for messages only: it counts from the start of the text).
    func line(of offset: Int) -> Int { TextPosition.of(offset, in: bytes).line }

    /// ``expressions`` with their lines filled in.
    func locatedExpressions() -> [Expression] {
        let lines = TextPosition.lines(of: expressionOffsets, in: bytes)
        var located = expressions
        for position in located.indices where position < lines.count { located[position].line = lines[position] }
        return located
    }
}
