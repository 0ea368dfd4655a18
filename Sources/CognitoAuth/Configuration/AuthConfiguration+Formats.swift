import Foundation

extension AuthConfiguration {
    /// The configuration object found in a file's text, with the values left unread.
    struct EmbeddedObject {
        var root: JSONValue
        var container: ConfigurationSource.Container
        /// Values of a JavaScript, TypeScript or Dart object literal that are expressions, not literals.
        var expressions: [ObjectLiteralReader.Expression] = []
    }

    /// The configuration object in a file's text: the whole text when it is JSON, the object literal a
    /// JavaScript or TypeScript module exports (``ObjectLiteralReader``), or the JSON string (or `Map`
    /// literal) a Dart file holds.
    ///
    /// The kind is told from the content, not the name. Errors give the line and column in the file. A key
    /// that appears twice in one object is refused: Latchkey would read one value and other tools another.
    static func embeddedObject(in data: Data, path: String?) throws(ConfigurationError) -> EmbeddedObject {
        let bytes = try utf8Text(data, path: path)
        let firstSignificant = bytes.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }
        if firstSignificant != UInt8(ascii: "{") && firstSignificant != UInt8(ascii: "[") {
            if let dart = dartString(in: bytes) {
                return try jsonObject(bytes, range: dart, container: .dart, path: path)
            }
            let isDart = looksLikeDart(bytes)
            if isDart || looksLikeJavaScript(bytes) {
                return try literalObject(bytes, container: isDart ? .dart : .javaScript, path: path)
            }
        }
        return try jsonObject(bytes, range: 0..<bytes.count, container: .json, path: path)
    }

    /// The JSON object in `bytes[range]`.
    private static func jsonObject(
        _ bytes: [UInt8], range: Range<Int>, container: ConfigurationSource.Container, path: String?
    ) throws(ConfigurationError) -> EmbeddedObject {
        // One strict pass gives the value, the first syntax error's place, and any key that appears twice
        // (Foundation would keep one value of a repeated key).
        let root: JSONValue
        do {
            root = try ObjectLiteralReader.json(in: range == bytes.indices ? bytes : Array(bytes[range]))
        } catch {
            throw literalError(
                error, bytes: bytes, base: range.lowerBound, container: container, path: path, json: true)
        }
        guard root.objectValue != nil else {
            throw ConfigurationError(
                file: path, problem: "the file holds JSON but not an object ({ ... }).",
                fix: "Load awsconfiguration.json, amplifyconfiguration.json or amplify_outputs.json instead.",
                commandLineFix:
                    "Point --config at awsconfiguration.json, amplifyconfiguration.json or amplify_outputs.json.")
        }
        return EmbeddedObject(root: root, container: container)
    }

    /// The object literal of a JavaScript, TypeScript or Dart module.
    private static func literalObject(
        _ bytes: [UInt8], container: ConfigurationSource.Container, path: String?
    ) throws(ConfigurationError) -> EmbeddedObject {
        let result: ObjectLiteralReader.Result?
        do {
            result = try ObjectLiteralReader.exportedObject(in: bytes)
        } catch {
            throw literalError(error, bytes: bytes, base: 0, container: container, path: path)
        }
        guard let result else {
            throw ConfigurationError(
                file: path,
                problem: container == .dart
                    ? "the file is Dart, but neither a ''' string nor a Map literal ({ ... }) was found in it."
                    : "the file is JavaScript, but no object literal ({ ... }) was found in it.",
                fix: container == .dart ? dartFix : javaScriptFix,
                commandLineFix: container == .dart ? dartCommandLineFix : javaScriptCommandLineFix)
        }
        return EmbeddedObject(root: result.value, container: container, expressions: result.expressions)
    }

    private static func literalError(
        _ failure: ObjectLiteralReader.Failure, bytes: [UInt8], base: Int, container: ConfigurationSource.Container,
        path: String?, json: Bool = false
    ) -> ConfigurationError {
        let place = "\(TextPosition.of(base + failure.offset, in: bytes)): \(failure.message)"
        if let keyPath = failure.keyPath {
            return ConfigurationError(
                file: path, key: keyPath, problem: place + ".",
                fix: "Keep one of them: Python, jq and JavaScript read the last, so Latchkey refuses to guess.")
        }
        switch container {
        case .dart where json:
            return ConfigurationError(
                file: path, problem: "the file is Dart and the string it holds is not JSON (\(place)).", fix: dartFix,
                commandLineFix: dartCommandLineFix)
        case .json:
            return ConfigurationError(
                file: path, problem: "the file is not valid JSON (\(place)).",
                fix:
                    "Fix the JSON at that place. A configuration is one object, such as "
                    + #"{"CognitoUserPool": {"Default": {"PoolId": "…", "AppClientId": "…", "Region": "…"}}}."#)
        case .javaScript:
            return ConfigurationError(
                file: path, problem: "the file is JavaScript and its object literal cannot be read (\(place)).",
                fix: javaScriptFix, commandLineFix: javaScriptCommandLineFix)
        case .dart:
            return ConfigurationError(
                file: path, problem: "the file is Dart and its Map literal cannot be read (\(place)).", fix: dartFix,
                commandLineFix: dartCommandLineFix)
        }
    }

    static let javaScriptFix =
        "Latchkey reads the exported object without running it: write the values as plain strings, numbers, "
        + "lists and objects at that place, or put the same object in a .json file and load that instead."
    static let javaScriptCommandLineFix =
        "Latchkey reads the exported object without running it: write the values as plain strings, numbers, "
        + "lists and objects at that place, or put the same object in a .json file and point --config at it."

    static let dartFix =
        "Latchkey reads the JSON between ''' quotes (as Amplify writes amplifyconfiguration.dart) and Map "
        + "literals of plain strings, numbers, lists and maps. Otherwise put the same object in a .json file "
        + "(or export it: Gen 2 `npx ampx generate outputs --format json`) and load that instead."
    static let dartCommandLineFix =
        "Latchkey reads the JSON between ''' quotes (as Amplify writes amplifyconfiguration.dart) and Map "
        + "literals of plain strings, numbers, lists and maps. Otherwise put the same object in a .json file "
        + "(or export it: Gen 2 `npx ampx generate outputs --format json`) and point --config at it."

    /// Whether the text reads like a Dart source file (and not JavaScript).
    static func looksLikeDart(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes.prefix(64 * 1024), as: UTF8.self)
        return ["import 'package:", "import \"package:", "Map<String", "final ", "library ", "<String, dynamic>"]
            .contains { text.contains($0) }
            && !text.contains("export default") && !text.contains("module.exports")
    }

    /// The bytes between the first `'''` (or `"""`) and its closing quotes, when the text is a Dart file.
    static func dartString(in bytes: [UInt8]) -> Range<Int>? {
        for quote in [UInt8(ascii: "'"), UInt8(ascii: "\"")] {
            let fence = [quote, quote, quote]
            guard let open = firstIndex(of: fence, in: bytes, from: 0),
                let close = firstIndex(of: fence, in: bytes, from: open + 3)
            else { continue }
            return (open + 3)..<close
        }
        return nil
    }

    /// Whether the text reads like a JavaScript or TypeScript module.
    static func looksLikeJavaScript(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes.prefix(64 * 1024), as: UTF8.self)
        return [
            "export default", "module.exports", "exports.", "export const", "Amplify.configure", "const ", "var ",
            "let ", "//", "/*",
        ].contains {
            text.contains($0)
        }
    }

    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count, start <= bytes.count - needle.count else { return nil }
        for index in start...(bytes.count - needle.count)
        where bytes[index..<index + needle.count].elementsEqual(needle) {
            return index
        }
        return nil
    }
}
