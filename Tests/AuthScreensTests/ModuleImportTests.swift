import Foundation
import Testing

/// The contributing guide's list of module imports (`docs/contributing.md`) is the real one: a new arrow
/// between the package's modules must be drawn there first (issue 28).
@Suite struct ModuleImportTests {
    /// The repository root, from this file's place in `Tests/AuthScreensTests/`.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

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

    /// The guide's list between `<!-- module-imports -->` and `<!-- end module-imports -->`.
    static func drawnImports() throws -> [String: Set<String>] {
        let readme = try String(contentsOf: root.appendingPathComponent("docs/contributing.md"), encoding: .utf8)
        guard let start = readme.range(of: "<!-- module-imports -->"),
            let end = readme.range(of: "<!-- end module-imports -->", range: start.upperBound..<readme.endIndex)
        else { throw CocoaError(.fileReadCorruptFile) }
        var drawn: [String: Set<String>] = [:]
        for line in readme[start.upperBound..<end.lowerBound].split(separator: "\n") {
            let parts = line.components(separatedBy: " → ")
            guard parts.count == 2 else { continue }
            drawn[parts[0].trimmingCharacters(in: .whitespaces)] = Set(
                parts[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) })
        }
        return drawn
    }

    @Test("every import between the package's modules is in docs/contributing.md's list, and nothing else is")
    func readmeListsTheRealImports() throws {
        let real = try Self.realImports()
        let drawn = try Self.drawnImports()
        #expect(!drawn.isEmpty, "docs/contributing.md's module-imports list is missing")
        for (module, imports) in real.sorted(by: { $0.key < $1.key }) {
            let missing = imports.subtracting(drawn[module] ?? [])
            #expect(
                missing.isEmpty,
                "\(module) imports \(missing.sorted()), which docs/contributing.md's list does not draw")
        }
        for (module, imports) in drawn.sorted(by: { $0.key < $1.key }) {
            let stale = imports.subtracting(real[module] ?? [])
            #expect(
                stale.isEmpty, "docs/contributing.md draws \(module) → \(stale.sorted()), which no source file imports")
        }
    }
}
