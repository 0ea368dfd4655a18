import CognitoAuth
import Foundation
import LatchkeyText
import Testing

@testable import latchkey

@Suite("latchkey config: the text and --json forms carry the same fields")
struct ConfigurationSummaryTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../CognitoAuthTests/Fixtures/configs").standardizedFileURL

    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []
        return names.filter { $0 != "SOURCES.md" }.sorted()
    }()

    /// The text of a JSON value as `config` prints it, for the values that are printed as they are.
    static func plain(_ value: JSONValue) -> [String] {
        switch value {
        case .string(let text): return [text]
        case .array(let items): return items.flatMap(plain)
        case .number(let number): return [JSONValue.number(number).stringValue ?? ""]
        case .bool: return []
        case .object(let members): return members.values.flatMap(plain)
        case .null: return []
        }
    }

    @Test("Every field printed for every corpus file is in config --json, with the same value", arguments: files)
    func textAndJSONAgree(_ file: String) throws {
        guard let configuration = try? AuthConfiguration.load(path: Self.corpus.appendingPathComponent(file).path)
        else { return }  // refused files print no fields; ConfigurationFormatTests checks their errors
        let (fields, json) = Language.$override.withValue(.english) {
            (ConfigurationSummary.fields(configuration), ConfigurationSummary.json(configuration))
        }
        #expect(!fields.isEmpty)
        // The JSON survives encoding (what scripts read).
        let decoded = try #require(JSONValue.parse(Array(json.encoded())))
        #expect(decoded == json)
        for field in fields {
            let value = try #require(json[field.key], "\(file): \(field.key) missing from --json")
            switch field.json {
            case .string(let text):
                #expect(value == .string(field.text) && text == field.text, "\(file): \(field.key)")
            case .array where ["notes", "warnings"].contains(field.key):
                #expect(value.arrayValue?.contains(.string(field.text)) == true, "\(file): \(field.key)")
            default:
                #expect(value == field.json, "\(file): \(field.key)")
                // Every word the JSON holds is on the printed line (numbers, names, factors, URLs).
                for part in Self.plain(field.json) {
                    #expect(field.text.contains(part), "\(file): \(field.key): \(part) not in \"\(field.text)\"")
                }
            }
        }
        // The settings and remarks are there even when the file states none.
        for key in ["passwordPolicy", "signInWith", "signUpAttributes", "mfa", "warnings", "oauth", "formatName"] {
            #expect(json[key] != nil, "\(file): \(key)")
        }
        #expect(json["formatName"] == .string(configuration.source.format.rawValue))
        #expect(json["formatVersion"] == (configuration.source.version.map(JSONValue.string) ?? .null))
        if let problem = configuration.hostedUIProblem {
            #expect(json["oauth"]?["usable"] == .bool(false))
            #expect(json["oauth"]?["problem"]?["problem"] == .string(problem.problem))
            #expect(json["oauth"]?["domain"] == (configuration.hostedUIDomain.map(JSONValue.string) ?? .null))
        }
    }

    @Test("The corpus is found (the comparison above ran on real files)")
    func corpusIsThere() {
        #expect(Self.files.count >= 39, "\(Self.corpus.path)")
    }
}
