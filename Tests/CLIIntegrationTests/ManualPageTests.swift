import CognitoAuthTesting
import Foundation
import IntegrationTestSupport
import Testing

/// `docs/manual/commands/` is the binary's own help: every top-level command has a page, the page holds
/// one `## latchkey …` section per command under it (subcommands included) whose text block is that
/// command's `--help` exactly, and there is no page for a command that is gone. `Scripts/generate-manual`
/// writes the pages; run it when this test fails.
@Suite("The manual's command pages agree with --help", .timeLimit(.minutes(5)))
struct ManualPageTests {
    static var pages: URL {
        LocalBackend.repositoryRoot.appendingPathComponent("docs/manual/commands")
    }

    /// The help as the generator takes it: English, 80 columns.
    static func help(_ path: [String]) async throws -> String {
        let output = try await LatchkeyBinary.run(
            path + ["--help"], environment: ExactCLITextTests.environment, removing: ExactCLITextTests.removing,
            timeout: .seconds(30))
        #expect(output.status == 0, "latchkey \(path.joined(separator: " ")) --help: \(output.stderr)")
        return output.stdout
    }

    /// `path` and every command under it, with its help, depth first.
    static func tree(_ path: [String]) async throws -> [(path: String, help: String)] {
        let text = try await help(path)
        var found = [(path: (["latchkey"] + path).joined(separator: " "), help: text)]
        for name in BackendTests.CommandStateMatrixTests.subcommands(inHelp: text) {
            found += try await tree(path + [name])
        }
        return found
    }

    /// A page's sections: the heading's command (`latchkey mfa enable`) and its ```text block.
    static func sections(of page: String) -> [String: String] {
        var sections: [String: String] = [:]
        var heading: String?
        var block: [Substring]?
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if var lines = block {
                if line == "```" {
                    if let heading { sections[heading] = lines.joined(separator: "\n") }
                    block = nil
                } else {
                    lines.append(line)
                    block = lines
                }
            } else if line.hasPrefix("## ") {
                heading = String(line.dropFirst(3))
            } else if line == "```text" {
                block = []
            }
        }
        return sections
    }

    /// The help text as a page holds it: without its trailing newlines.
    static func trimmed(_ help: String) -> String {
        var text = Substring(help)
        while text.hasSuffix("\n") { text = text.dropLast() }
        return String(text)
    }

    @Test("Every command has a page, and every page's text is that command's --help")
    func pagesMatchHelp() async throws {
        let rootHelp = try await Self.help([])
        let commands = BackendTests.CommandStateMatrixTests.subcommands(inHelp: rootHelp)
        #expect(commands.count > 15, "the help listed only \(commands)")
        for command in commands {
            let url = Self.pages.appendingPathComponent("\(command).md")
            guard let page = try? String(contentsOf: url, encoding: .utf8) else {
                Issue.record(
                    "latchkey \(command) has no page (docs/manual/commands/\(command).md): run Scripts/generate-manual")
                continue
            }
            let sections = Self.sections(of: page)
            let tree = try await Self.tree([command])
            #expect(
                Set(sections.keys) == Set(tree.map(\.path)),
                "docs/manual/commands/\(command).md: run Scripts/generate-manual")
            for (path, help) in tree {
                guard let text = sections[path] else { continue }
                expectExactText(text, Self.trimmed(help))
            }
        }
        let index = try String(contentsOf: Self.pages.appendingPathComponent("README.md"), encoding: .utf8)
        expectExactText(Self.sections(of: index)["latchkey"] ?? "(no `## latchkey` section)", Self.trimmed(rootHelp))
        let present = try FileManager.default.contentsOfDirectory(atPath: Self.pages.path)
            .filter { $0.hasSuffix(".md") && $0 != "README.md" }.map { String($0.dropLast(3)) }
        #expect(Set(present).subtracting(commands).sorted() == [], "pages of commands the binary does not have")
    }
}
