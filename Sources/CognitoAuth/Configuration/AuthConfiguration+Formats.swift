import Foundation

extension AuthConfiguration {
    /// The configuration object in a file's text: the whole text when it is JSON, the exported object of a
    /// JavaScript module (`aws-exports.js`), or the string a Dart file holds (`amplifyconfiguration.dart`).
    ///
    /// The kind is told from the content, not the name. Errors give the line and column in the file.
    static func embeddedObject(in data: Data, path: String?) throws(ConfigurationError) -> (
        root: JSONValue, container: ConfigurationSource.Container
    ) {
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        let firstSignificant = bytes.first { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }

        var container = ConfigurationSource.Container.json
        var range = 0..<bytes.count
        if firstSignificant != UInt8(ascii: "{") && firstSignificant != UInt8(ascii: "[") {
            if let dart = dartString(in: bytes) {
                container = .dart
                range = dart
            } else if looksLikeJavaScript(bytes) {
                container = .javaScript
                guard let object = exportedObject(in: bytes) else {
                    throw ConfigurationError(
                        file: path,
                        problem: "the file is JavaScript, but no object literal ({ ... }) was found in it.",
                        fix: javaScriptFix)
                }
                range = object
            }
        }
        let slice = Array(bytes[range])
        guard let root = JSONValue.parse(slice) else {
            let located = JSONSyntaxError.locate(in: slice)
            var place = ""
            if let located {
                let (line, column) = JSONSyntaxError.position(of: range.lowerBound + located.offset, in: bytes)
                place = " (line \(line), column \(column): \(located.message))"
            }
            switch container {
            case .json:
                throw ConfigurationError(
                    file: path, problem: "the file is not valid JSON\(place).",
                    fix:
                        "Fix the JSON at that place. A configuration is one object, such as "
                        + #"{"CognitoUserPool": {"Default": {"PoolId": "…", "AppClientId": "…", "Region": "…"}}}."#)
            case .javaScript:
                throw ConfigurationError(
                    file: path,
                    problem: "the file is JavaScript and the object it exports is not plain JSON\(place).",
                    fix: javaScriptFix)
            case .dart:
                throw ConfigurationError(
                    file: path, problem: "the file is Dart and the string it holds is not JSON\(place).",
                    fix: "Copy the text between the ''' quotes into a .json file and fix it there, or export JSON: "
                        + "Amplify Gen 2 `npx ampx generate outputs --format json`, Gen 1 `amplify pull` "
                        + "(writes amplifyconfiguration.json).")
            }
        }
        guard root.objectValue != nil else {
            throw ConfigurationError(
                file: path, problem: "the file holds JSON but not an object ({ ... }).",
                fix: "Point --config at awsconfiguration.json, amplifyconfiguration.json or amplify_outputs.json.")
        }
        return (root, container)
    }

    static let javaScriptFix =
        "Latchkey reads the object when it is plain JSON (keys and strings in double quotes, no comments or "
        + "trailing commas), as the Amplify CLI writes aws-exports.js. Otherwise export JSON: Gen 1 `amplify pull` "
        + "also writes amplifyconfiguration.json; Gen 2 `npx ampx generate outputs` writes amplify_outputs.json."

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
        return ["export default", "module.exports", "export const", "const ", "var ", "let ", "//", "/*"].contains {
            text.contains($0)
        }
    }

    /// The range of the object literal a module exports: the first `{` after the first `=` (or the first
    /// `{` at all), up to its matching `}`; strings, template literals and comments are skipped.
    static func exportedObject(in bytes: [UInt8]) -> Range<Int>? {
        var index = 0
        var seenAssignment = false
        var start: Int?
        var depth = 0
        while index < bytes.count {
            let byte = bytes[index]
            let next = index + 1 < bytes.count ? bytes[index + 1] : 0
            if byte == UInt8(ascii: "/") && next == UInt8(ascii: "/") {
                while index < bytes.count && bytes[index] != UInt8(ascii: "\n") { index += 1 }
                continue
            }
            if byte == UInt8(ascii: "/") && next == UInt8(ascii: "*") {
                index += 2
                while index + 1 < bytes.count
                    && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index += 2
                continue
            }
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "`") {
                index += 1
                while index < bytes.count && bytes[index] != byte {
                    if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                    index += 1
                }
                index += 1
                continue
            }
            if byte == UInt8(ascii: "=") { seenAssignment = true }
            if byte == UInt8(ascii: "{") {
                if start == nil {
                    // `export default {` has no `=`; otherwise wait for the assignment (skipping imports).
                    let before = String(decoding: bytes[..<index].suffix(24), as: UTF8.self)
                    if seenAssignment || before.hasSuffix("default ") || before.hasSuffix("exports ") {
                        start = index
                    }
                }
                if start != nil { depth += 1 }
            } else if byte == UInt8(ascii: "}"), let begin = start {
                depth -= 1
                if depth == 0 { return begin..<(index + 1) }
            }
            index += 1
        }
        return nil
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
