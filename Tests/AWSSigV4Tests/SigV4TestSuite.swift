import AWSSigV4
import Foundation

/// Finds, lists and reads the AWS SigV4 test suite (awslabs/aws-c-auth `v4` cases).
///
/// The suite is vendored under `Tests/Vectors/sigv4` (see `Tests/Vectors/README.md`); `LATCHKEY_SIGV4_VECTORS`
/// points elsewhere when set.
enum SigV4TestSuite {
    /// The number of `v4` cases in the suite.
    static let expectedCaseCount = 38

    /// The suite folder, or `nil` when it is absent (then `caseCount` fails).
    ///
    /// An explicit `LATCHKEY_SIGV4_VECTORS` is used even when it does not exist, so that a
    /// mistyped path fails the case-count test instead of skipping silently.
    static let directory: URL? = locate(filePath: #filePath)

    /// Names of the case folders (those with a `request.txt`), sorted.
    static let caseNames: [String] = {
        guard let directory,
            let entries = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        return entries.filter { name in
            FileManager.default.fileExists(
                atPath: directory.appendingPathComponent(name).appendingPathComponent("request.txt").path)
        }.sorted()
    }()

    /// The suite folder for a test source file at `filePath`, `Tests/AWSSigV4Tests/<file>.swift`.
    static func locate(filePath: String) -> URL? {
        if let override = ProcessInfo.processInfo.environment["LATCHKEY_SIGV4_VECTORS"],
            !override.isEmpty
        {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        let packageRoot = URL(fileURLWithPath: filePath)
            .deletingLastPathComponent()  // Tests/AWSSigV4Tests
            .deletingLastPathComponent()  // Tests
            .deletingLastPathComponent()  // package root
        let suite = packageRoot.appendingPathComponent("Tests/Vectors/sigv4").standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: suite.path, isDirectory: &isDirectory),
            isDirectory.boolValue
        else { return nil }
        return suite
    }

    /// `context.json` of a case.
    struct Context: Decodable {
        struct Credentials: Decodable {
            var accessKeyId: String
            var secretAccessKey: String
            var token: String?

            enum CodingKeys: String, CodingKey {
                case accessKeyId = "access_key_id"
                case secretAccessKey = "secret_access_key"
                case token
            }
        }

        var credentials: Credentials
        var region: String
        var service: String
        var normalize: Bool
        var signBody: Bool
        var timestamp: String
        var omitSessionToken: Bool?

        enum CodingKeys: String, CodingKey {
            case credentials, region, service, normalize, timestamp
            case signBody = "sign_body"
            case omitSessionToken = "omit_session_token"
        }
    }

    /// One case: its inputs and the expected header-signing results.
    struct Case {
        var name: String
        var context: Context
        var request: SigV4Request
        var canonicalRequest: String
        var stringToSign: String
        var signature: String
        var signedRequest: SigV4Request

        /// The signer the case's context describes.
        var signer: SigV4Signer {
            SigV4Signer(
                credentials: AWSSigningCredentials(
                    accessKeyId: context.credentials.accessKeyId,
                    secretAccessKey: context.credentials.secretAccessKey,
                    sessionToken: context.credentials.token
                ),
                region: context.region,
                service: context.service,
                options: SigV4Signer.Options(
                    normalizesPath: context.normalize,
                    doubleEncodesPath: true,
                    addsContentSHA256Header: context.signBody,
                    signsSessionToken: !(context.omitSessionToken ?? false)
                )
            )
        }
    }

    /// A problem reading a case.
    struct ParseError: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads the case folder `name`.
    static func load(_ name: String) throws -> Case {
        guard let directory else { throw ParseError(description: "the SigV4 test suite is absent") }
        let folder = directory.appendingPathComponent(name)
        func text(_ file: String) throws -> String {
            String(decoding: try Data(contentsOf: folder.appendingPathComponent(file)), as: UTF8.self)
        }
        let context = try JSONDecoder().decode(
            Context.self, from: Data(contentsOf: folder.appendingPathComponent("context.json")))
        return Case(
            name: name,
            context: context,
            request: try parseRequest(try text("request.txt")),
            canonicalRequest: try text("header-canonical-request.txt"),
            stringToSign: try text("header-string-to-sign.txt"),
            signature: try text("header-signature.txt").trimmingCharacters(in: .whitespacesAndNewlines),
            signedRequest: try parseRequest(try text("header-signed-request.txt"))
        )
    }

    /// Parses an HTTP/1.1 request in the suite's text form.
    ///
    /// The first line is `METHOD target HTTP/1.1` (the target may contain spaces); header lines
    /// are `Name:value` with the value kept verbatim; a line starting with a space or tab
    /// continues the previous header (joined with a line feed); a blank line (or the end of the
    /// file) ends the headers; the rest, byte for byte, is the body.
    static func parseRequest(_ text: String) throws -> SigV4Request {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.hasSuffix("\r") ? line.dropLast() : line
        }
        guard let requestLine = lines.first, let firstSpace = requestLine.firstIndex(of: " "),
            let lastSpace = requestLine.lastIndex(of: " "), firstSpace < lastSpace,
            requestLine[requestLine.index(after: lastSpace)...].hasPrefix("HTTP/")
        else {
            throw ParseError(description: "bad request line: \(lines.first ?? "")")
        }
        let method = String(requestLine[..<firstSpace])
        let target = requestLine[requestLine.index(after: firstSpace)..<lastSpace]
        let path: Substring
        let query: Substring
        if let questionMark = target.firstIndex(of: "?") {
            path = target[..<questionMark]
            query = target[target.index(after: questionMark)...]
        } else {
            path = target
            query = ""
        }

        var headers: [SigV4Request.Header] = []
        var index = 1
        while index < lines.count, !lines[index].isEmpty {
            let line = lines[index]
            if line.first == " " || line.first == "\t" {
                guard !headers.isEmpty else {
                    throw ParseError(description: "continuation line before any header: \(line)")
                }
                headers[headers.count - 1].value += "\n" + line
            } else {
                guard let colon = line.firstIndex(of: ":") else {
                    throw ParseError(description: "header line without a colon: \(line)")
                }
                headers.append(
                    .init(name: String(line[..<colon]), value: String(line[line.index(after: colon)...])))
            }
            index += 1
        }
        let body = index + 1 < lines.count ? lines[(index + 1)...].joined(separator: "\n") : ""
        return SigV4Request(
            method: method, path: String(path), query: String(query), headers: headers,
            body: Array(body.utf8))
    }
}
