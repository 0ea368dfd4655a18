import Foundation
import Testing

/// The package's layering, checked on the sources: the drawn list of imports is the real one, and the
/// "never" rules hold (a module that must not know another cannot import it, even where the list
/// would draw it).
@Suite struct ModuleImportTests {
    /// The repository root, from this file's place in `Tests/LayeringTests/`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The documents that may hold the drawn list, in the order they are searched.
    static let listDocuments = ["docs/contributing.md", "README.md"]

    /// The modules under `Sources/`, each with the other package modules its Swift files import.
    static func realImports() throws -> [String: Set<String>] {
        let sources = root.appendingPathComponent("Sources")
        let modules = Set(try FileManager.default.contentsOfDirectory(atPath: sources.path))
        let pattern = try NSRegularExpression(
            pattern:
                #"^\s*(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)"#,
            options: [.anchorsMatchLines])
        var imports: [String: Set<String>] = [:]
        for module in modules {
            let directory = sources.appendingPathComponent(module)
            guard let files = FileManager.default.enumerator(atPath: directory.path) else { continue }
            for case let file as String in files where file.hasSuffix(".swift") {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                let range = NSRange(text.startIndex..., in: text)
                for match in pattern.matches(in: text, range: range) {
                    guard let name = Range(match.range(at: 1), in: text).map({ String(text[$0]) }),
                        modules.contains(name), name != module
                    else { continue }
                    imports[module, default: []].insert(name)
                }
            }
        }
        return imports
    }

    /// The list between `<!-- module-imports -->` and `<!-- end module-imports -->` in the first
    /// document of `listDocuments` that has it.
    static func drawnImports() throws -> [String: Set<String>] {
        for document in listDocuments {
            let url = root.appendingPathComponent(document)
            guard let text = try? String(contentsOf: url, encoding: .utf8),
                let start = text.range(of: "<!-- module-imports -->"),
                let end = text.range(of: "<!-- end module-imports -->", range: start.upperBound..<text.endIndex)
            else { continue }
            var drawn: [String: Set<String>] = [:]
            for line in text[start.upperBound..<end.lowerBound].split(separator: "\n") {
                let parts = line.components(separatedBy: " → ")
                guard parts.count == 2 else { continue }
                drawn[parts[0].trimmingCharacters(in: .whitespaces)] = Set(
                    parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
            }
            return drawn
        }
        return [:]
    }

    /// What a module must never import, whatever the list draws, and why.
    static let neverRules: [(module: String, never: Set<String>, why: String)] = [
        ("CognitoAuth", uiAndApp, "the core has no UI and knows no caller"),
        (
            "CognitoAuth", ["CFIDO2", "SecurityKeys", "SecurityKeysTesting"],
            "the core links no libfido2: security keys are an authenticator the app plugs in"
        ),
        ("AWSMobileClientCompat", uiAndApp, "the compat layer stands on the core alone"),
        (
            "AuthScreens", ["TerminalUI", "TerminalKit", "CNCurses", "latchkey", "AWSSigV4"],
            "view models are plain Swift: no curses, no toolkit, no request signing"
        ),
        ("TerminalKit", authAndApp, "the toolkit knows nothing of auth"),
        ("TerminalKeys", everything, "the key vocabulary is a leaf"),
        ("CivilTime", everything, "the calendar arithmetic is a leaf"),
        ("LatchkeyText", everything, "the text catalogs are a leaf"),
        ("SystemCrypto", everything.subtracting(["CLibCrypto"]), "the crypto wrapper stands on libcrypto alone"),
        ("AWSSigV4", everything.subtracting(["SystemCrypto", "CivilTime"]), "the signer needs only crypto and dates"),
        ("TerminalUI", ["latchkey"], "the executable is the top"),
    ]

    static let uiAndApp: Set<String> = [
        "AuthScreens", "AuthScreensTesting", "TerminalUI", "TerminalKit", "TerminalKeys", "CNCurses", "latchkey",
        "AWSMobileClientTerminalUI",
    ]
    static let authAndApp: Set<String> = [
        "CognitoAuth", "CognitoAuthTesting", "AuthScreens", "AuthScreensTesting", "AWSSigV4", "LatchkeyText",
        "TerminalUI", "latchkey", "AWSMobileClientCompat", "AWSMobileClientTerminalUI",
    ]
    static let everything: Set<String> = uiAndApp.union(authAndApp).union([
        "CBigNum", "CBuildInfo", "CCurl", "CKeyring", "CLibCrypto", "COpenSSL", "SystemCrypto", "CivilTime",
    ])

    @Test("every import between the package's modules is in the drawn list, and nothing else is")
    func theListIsTheRealImports() throws {
        let real = try Self.realImports()
        let drawn = try Self.drawnImports()
        #expect(!drawn.isEmpty, "the module-imports list is missing from \(Self.listDocuments)")
        for (module, imports) in real.sorted(by: { $0.key < $1.key }) {
            let missing = imports.subtracting(drawn[module] ?? [])
            #expect(missing.isEmpty, "\(module) imports \(missing.sorted()), which the list does not draw")
        }
        for (module, imports) in drawn.sorted(by: { $0.key < $1.key }) {
            let stale = imports.subtracting(real[module] ?? [])
            #expect(stale.isEmpty, "the list draws \(module) → \(stale.sorted()), which no source file imports")
        }
    }

    @Test("no module imports what its layer must never know")
    func neverRulesHold() throws {
        let real = try Self.realImports()
        for rule in Self.neverRules {
            let broken = (real[rule.module] ?? []).intersection(rule.never)
            #expect(broken.isEmpty, "\(rule.module) imports \(broken.sorted()): \(rule.why)")
        }
    }

    @Test("one module owns the curses calls: only TerminalKit imports CNCurses")
    func onlyTheToolkitImportsCurses() throws {
        let real = try Self.realImports()
        let importers = real.filter { $0.value.contains("CNCurses") }.keys.sorted()
        #expect(importers == ["TerminalKit"])
    }

    @Test("the rules can fail: a made-up import of the UI into the core is caught")
    func theRulesCatchABreak() throws {
        var real = try Self.realImports()
        real["CognitoAuth", default: []].insert("TerminalUI")
        let rule = try #require(Self.neverRules.first { $0.module == "CognitoAuth" })
        #expect(!(real["CognitoAuth"] ?? []).intersection(rule.never).isEmpty)
    }
}
