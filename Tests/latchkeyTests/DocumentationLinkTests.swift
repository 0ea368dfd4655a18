import Foundation
import Testing

/// Every relative link in `README.md`, `CHANGELOG.md`, `DECISIONS.md` and under `docs/` leads somewhere: the
/// file exists and, with a `#fragment`, the Markdown file has a heading of that anchor (GitHub's rule: lower
/// case, spaces to hyphens, punctuation other than `-` and `_` dropped, `-1`, `-2`… for repeats) or an
/// `<a id="…">`. The README also stays short (issue 36: at most 150 lines).
@Suite("The documentation's relative links resolve")
struct DocumentationLinkTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The top-level documents and every Markdown file under docs/.
    static func documents() -> [URL] {
        var files = ["README.md", "CHANGELOG.md", "DECISIONS.md"].map { root.appendingPathComponent($0) }
        let docs = root.appendingPathComponent("docs")
        if let walker = FileManager.default.enumerator(at: docs, includingPropertiesForKeys: nil) {
            for case let url as URL in walker where url.pathExtension == "md" { files.append(url) }
        }
        return files
    }

    /// The targets of `](target)` outside code spans and fenced blocks.
    static func links(in text: String) -> [String] {
        var targets: [String] = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle() }
            if fenced { continue }
            // Drop code spans, whose `](` is text.
            let prose = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                .filter { $0.offset % 2 == 0 }.map(\.element).joined(separator: " ")
            var rest = Substring(prose)
            while let open = rest.range(of: "](") {
                let after = rest[open.upperBound...]
                guard let close = after.firstIndex(of: ")") else { break }
                targets.append(String(after[..<close]))
                rest = after[close...]
            }
        }
        return targets
    }

    /// GitHub's anchors of a Markdown file's headings.
    static func anchors(in text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors: Set<String> = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle() }
            if !fenced, line.hasPrefix("<a id=\""), let end = line.dropFirst(7).firstIndex(of: "\"") {
                anchors.insert(String(line.dropFirst(7)[..<end]))
            }
            guard !fenced, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
            let slug = String(
                title.lowercased().compactMap { character -> Character? in
                    if character == " " { return "-" }
                    if character.isLetter || character.isNumber || character == "-" || character == "_" {
                        return character
                    }
                    return nil
                })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    @Test("The README is at most 150 lines")
    func readmeIsShort() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        #expect(lines <= 150, "README.md has \(lines) lines")
    }

    @Test(
        "README, CHANGELOG, DECISIONS and docs/: every relative link names a file that exists, and a heading that does")
    func relativeLinksResolve() throws {
        let documents = Self.documents()
        #expect(documents.count > 10, "found only \(documents.map(\.lastPathComponent))")
        for document in documents {
            let text = try String(contentsOf: document, encoding: .utf8)
            let name = document.path.replacingOccurrences(of: Self.root.path + "/", with: "")
            for link in Self.links(in: text) where !link.contains("://") && !link.hasPrefix("mailto:") {
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(parts[0])
                let target = path.isEmpty ? document : document.deletingLastPathComponent().appendingPathComponent(path)
                guard FileManager.default.fileExists(atPath: target.path) else {
                    Issue.record("\(name): the link \(link) leads to no file")
                    continue
                }
                guard parts.count == 2, target.pathExtension == "md" else { continue }
                let anchors = Self.anchors(in: try String(contentsOf: target, encoding: .utf8))
                #expect(anchors.contains(String(parts[1])), "\(name): the link \(link) names no heading there")
            }
        }
    }

    @Test("The anchor rule: punctuation dropped, spaces to hyphens, repeats numbered")
    func anchorRule() {
        let anchors = Self.anchors(
            in:
                "# AWS credentials for every tool: `exec`, `aws-profile`\n## Exit codes\n## Exit codes\n<a id=\"short\"></a>\n"
        )
        #expect(anchors == ["aws-credentials-for-every-tool-exec-aws-profile", "exit-codes", "exit-codes-1", "short"])
    }
}
