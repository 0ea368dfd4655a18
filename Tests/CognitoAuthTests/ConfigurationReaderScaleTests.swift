import Foundation
import Testing

@testable import CognitoAuth

/// rel-3 R4, R5, R8 and N14, and the text encodings of issue 35: configurations read in one linear pass,
/// deep nesting refused with a message, and modules whose result depends on running them refused.
@Suite("Configuration reading at scale: nesting, one pass, exports that need running, encodings")
struct ConfigurationReaderScaleTests {
    static let pool = "us-east-1_AbCdEf123"
    static let client = "1a2b3c4d5e6f7g8h9i0j1k2l3m"

    static func parse(_ data: Data) throws(ConfigurationError) -> AuthConfiguration {
        try AuthConfiguration.parse(data, path: "/c")
    }

    static func failure(_ text: String) -> ConfigurationError? {
        do {
            _ = try parse(Data(text.utf8))
            return nil
        } catch { return error }
    }

    /// aws-amplify 6's `Auth.Cognito` with this endpoint.
    static func cognito(_ endpoint: String) -> String {
        "{ Auth: { Cognito: { userPoolId: '\(pool)', userPoolClientId: '\(client)', userPoolEndpoint: \(endpoint) } } }"
    }

    // MARK: - R4

    @Test("R4: template substitutions nested 120,000 deep are refused with a message, not a stack overflow")
    func deeplyNestedTemplates() throws {
        let depth = 120_000
        let text =
            "export default { x: " + String(repeating: "`${", count: depth) + String(repeating: "}`", count: depth)
            + " };\n"
        let error = try #require(Self.failure(text))
        #expect(error.problem.contains("template strings nest too deeply"), "\(error)")
        #expect(error.problem.contains("line 1, column "), "\(error)")
        // Within the bound, a template with substitutions is an expression, named and not guessed.
        let shallow = Self.cognito("'http://127.0.0.1:9'").replacingOccurrences(
            of: "} } }", with: ", x: `a${`b${`c${1}`}`}` } } }")
        let configuration = try Self.parse(Data(("export default " + shallow + ";\n").utf8))
        #expect(configuration.userPool?.poolId == Self.pool)
    }

    // MARK: - R5

    /// `count` keys of one object, as JSON or as a JavaScript module.
    static func manyKeys(_ count: Int, javaScript: Bool) -> String {
        let keys = (0..<count).map { javaScript ? "  key\($0): 'value \($0)'," : "  \"key\($0)\": \"value \($0)\"," }
        let pool = javaScript ? "  aws_user_pools_id: '\(pool)', aws_user_pools_web_client_id: '\(client)'" : ""
        let json =
            "\"CognitoUserPool\": {\"Default\": {\"PoolId\": \"\(Self.pool)\", \"AppClientId\": \"\(client)\"}}"
        let body = keys.joined(separator: "\n") + "\n" + (javaScript ? pool : "  " + json)
        return javaScript ? "const awsmobile = {\n\(body)\n};\nexport default awsmobile;\n" : "{\n\(body)\n}\n"
    }

    @Test("R5: 10,000 keys load in one pass; a duplicate after them names both lines", arguments: [false, true])
    func manyKeysThenDuplicate(javaScript: Bool) throws {
        let text = Self.manyKeys(10_000, javaScript: javaScript)
        let configuration = try Self.parse(Data(text.utf8))
        #expect(configuration.userPool?.poolId == Self.pool)
        let duplicated = text.replacingOccurrences(
            of: javaScript ? "  key9999: 'value 9999'," : "  \"key9999\": \"value 9999\",",
            with: javaScript ? "  key5: 'again'," : "  \"key5\": \"again\",")
        let error = try #require(Self.failure(duplicated))
        #expect(error.key == "key5", "\(error)")
        #expect(error.problem.contains("lines 7 and 10001"), "\(error)")
    }

    @Test("R5: declared values that all refer to one large expression are refused, not read again and again")
    func sharedExpressionIsNotReadAgainAndAgain() throws {
        let large = "(" + String(repeating: "f(1) + ", count: 20_000) + "1)"
        let aliases = (0..<5_000).map { "const a\($0) = (big);" }.joined(separator: "\n")
        let error = try #require(Self.failure("const big = \(large);\n\(aliases)\n"))
        #expect(error.problem.contains("takes too long to read"), "\(error)")
    }

    @Test("R5: an expression's line is found after the read, in one pass, and is right")
    func expressionLines() throws {
        let text =
            "// header\nexport default {\n  aws_user_pools_id: '\(Self.pool)',\n"
            + "  aws_user_pools_web_client_id: '\(Self.client)',\n  oauth: { domain: process.env.DOMAIN,\n"
            + "    scope: [\n      `${a}`] }\n};\n"
        let result = try #require(try ObjectLiteralReader.exportedObject(in: Array(text.utf8)))
        #expect(result.expressions.map(\.line) == [5, 7], "\(result.expressions)")
        #expect(TextPosition.lines(of: [40, 0, 12, 9], in: Array(text.utf8)) == [3, 1, 2, 1])
    }

    @Test("A name longer than 4,096 bytes is refused (it would be copied at every look-ahead)")
    func longNameIsRefused() throws {
        let name = String(repeating: "a", count: 5_000)
        let error = try #require(Self.failure("export default { x: \(name) };\n"))
        #expect(error.problem.contains("a name longer than 4096 bytes"), "\(error)")
        let fine = String(repeating: "b", count: 4_000)
        #expect(
            Self.failure(
                "const \(fine) = 1;\nexport default { aws_user_pools_id: '\(Self.pool)', "
                    + "aws_user_pools_web_client_id: '\(Self.client)', x: \(fine) };\n") == nil)
    }

    // MARK: - R8 and N14

    /// rel-3 R8's table: each module JavaScript reads differently from its first candidate.
    static let needsRunning: [(String, String)] = [
        (
            "two module.exports",
            "module.exports = \(cognito("'http://127.0.0.1:1111'"));\nmodule.exports = \(cognito("'http://127.0.0.1:2222'"));\n"
        ),
        (
            "module.exports in if (false)",
            "if (false) { module.exports = \(cognito("'http://127.0.0.1:1111'")) }\n"
                + "module.exports = \(cognito("'http://127.0.0.1:2222'"));\n"
        ),
        (
            "exports.default, then module.exports",
            "exports.default = \(cognito("'http://127.0.0.1:1111'"));\nmodule.exports = \(cognito("'http://127.0.0.1:2222'"));\n"
        ),
        (
            "a member of the exported name changed",
            "const a = \(cognito("'http://127.0.0.1:1111'"));\na.Auth.Cognito.userPoolEndpoint = 'http://127.0.0.1:2222';\n"
                + "export default a;\n"
        ),
        (
            "a used name assigned again",
            "let E = 'http://127.0.0.1:1111';\nE = 'http://127.0.0.1:2222';\nexport default \(cognito("E"));\n"
        ),
        (
            "a used name assigned with +=",
            "let E = 'http://127.0.0.1:1111';\nE += '2';\nexport default \(cognito("E"));\n"
        ),
        (
            "a used name changed through Object.assign",
            "const a = \(cognito("'http://127.0.0.1:1111'"));\nObject.assign(a, {});\nexport default a;\n"
        ),
        (
            "a used name declared twice",
            "var E = 'http://127.0.0.1:1111';\nvar E = 'http://127.0.0.1:2222';\nexport default \(cognito("E"));\n"
        ),
        (
            "two Amplify.configure calls",
            "Amplify.configure(\(cognito("'http://127.0.0.1:1111'")));\nAmplify.configure(\(cognito("'http://127.0.0.1:2222'")));\n"
        ),
        (
            "export default and Amplify.configure",
            "Amplify.configure(\(cognito("'http://127.0.0.1:1111'")));\nexport default \(cognito("'http://127.0.0.1:2222'"));\n"
        ),
    ]

    @Test("R8: a module whose object depends on running it is refused, never read first-wins", arguments: 0..<10)
    func needsRunningIsRefused(_ row: Int) throws {
        let (name, text) = Self.needsRunning[row]
        let error = try #require(Self.failure(text), "\(name) loaded")
        #expect(
            error.problem.contains("more than once") || error.problem.contains("assigned or changed again"),
            "\(name): \(error)")
        #expect(error.problem.contains("line 2"), "\(name): \(error)")
    }

    @Test("R8: names that are only read, and assignments to other names, still load")
    func unchangedNamesLoad() throws {
        let text =
            "const endpoint = 'http://127.0.0.1:1111';\nlet other = 1;\nother = 2;\nconst copy = { ...x };\n"
            + "if (endpoint === 'x' || other != 3 || other <= 4) {}\nexport default \(Self.cognito("endpoint"));\n"
        let configuration = try Self.parse(Data(text.utf8))
        #expect(configuration.userPool?.endpoint?.absoluteString == "http://127.0.0.1:1111")
    }

    @Test("R8: <!-- and a --> that starts a line are comments, as JavaScript reads them")
    func htmlLikeComments() throws {
        let text =
            "<!-- export default \(Self.cognito("'http://127.0.0.1:1111'"))\n"
            + "  --> module.exports = \(Self.cognito("'http://127.0.0.1:3333'"))\n"
            + "module.exports = \(Self.cognito("'http://127.0.0.1:2222'"));\n"
        let configuration = try Self.parse(Data(text.utf8))
        #expect(configuration.userPool?.endpoint?.absoluteString == "http://127.0.0.1:2222")
        // Not at the start of a line, --> is an operator pair (x-- > y), not a comment.
        let operators = "let x = 2;\nif (x --> 0) {}\nexport default \(Self.cognito("'http://127.0.0.1:2222'"));\n"
        #expect(try Self.parse(Data(operators.utf8)).userPool?.poolId == Self.pool)
    }

    @Test("N14: an escaped identifier key is the same key, and a duplicate of it is refused")
    func escapedIdentifierKey() throws {
        let text =
            "export default { Auth: { Cognito: { userPoolId: '\(Self.pool)', userPoolClientId: '\(Self.client)',\n"
            + "  userPoolEndpoint: 'http://127.0.0.1:1111',\n  userPool\\u0045ndpoint: 'http://127.0.0.1:2222' } } };\n"
        let error = try #require(Self.failure(text))
        #expect(error.key == "Auth.Cognito.userPoolEndpoint", "\(error)")
        #expect(error.problem.contains("lines 2 and 3"), "\(error)")
        let alone = text.replacingOccurrences(of: "  userPoolEndpoint: 'http://127.0.0.1:1111',\n", with: "")
        let configuration = try Self.parse(Data(alone.utf8))
        #expect(configuration.userPool?.endpoint?.absoluteString == "http://127.0.0.1:2222")
    }

    // MARK: - Encodings

    static let encodings: [(String, @Sendable (String) -> Data)] = [
        ("UTF-8", { Data($0.utf8) }),
        ("UTF-8 with BOM", { Data([0xEF, 0xBB, 0xBF]) + Data($0.utf8) }),
        ("UTF-16 LE", { utf16($0, bigEndian: false) }),
        ("UTF-16 LE with BOM", { Data([0xFF, 0xFE]) + utf16($0, bigEndian: false) }),
        ("UTF-16 BE", { utf16($0, bigEndian: true) }),
        ("UTF-16 BE with BOM", { Data([0xFE, 0xFF]) + utf16($0, bigEndian: true) }),
    ]

    static func utf16(_ text: String, bigEndian: Bool) -> Data {
        Data(
            text.utf16.flatMap { bigEndian ? [UInt8($0 >> 8), UInt8($0 & 0xFF)] : [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
    }

    @Test(
        "UTF-8 and UTF-16 (LE and BE), each with or without a BOM, load; positions count characters", arguments: 0..<6)
    func encodings(_ row: Int) throws {
        let (name, encode) = Self.encodings[row]
        let json =
            "{\n  \"CognitoUserPool\": {\"Default\": {\"PoolId\": \"\(Self.pool)\", \"AppClientId\": \"\(Self.client)\","
            + " \"Note\": \"é ✓ 😀\"}}\n}\n"
        let configuration = try Self.parse(encode(json))
        #expect(configuration.userPool?.poolId == Self.pool, "\(name)")
        let module =
            "// ✓\nexport default { aws_user_pools_id: '\(Self.pool)', aws_user_pools_web_client_id: '\(Self.client)' };\n"
        #expect(try Self.parse(encode(module)).userPool?.appClientId == Self.client, "\(name)")
        do {
            _ = try Self.parse(encode("{\n  \"é\": tru\n}"))
            Issue.record("\(name): a broken file loaded")
        } catch {
            #expect(error.problem.contains("line 2, column 8"), "\(name): \(error)")
        }
    }

    @Test("A UTF-16 file cut short or holding a lone surrogate is refused, naming the encoding")
    func brokenUTF16() {
        #expect(Self.failure("{\u{0}{")?.problem.contains("UTF-16 little endian") == true)
        let lone = Data([0xFF, 0xFE, 0x7B, 0x00, 0x00, 0xD8, 0x7D, 0x00])
        do {
            _ = try Self.parse(lone)
            Issue.record("a lone surrogate loaded")
        } catch {
            #expect(error.problem.contains("lone surrogate"), "\(error)")
        }
    }
}
