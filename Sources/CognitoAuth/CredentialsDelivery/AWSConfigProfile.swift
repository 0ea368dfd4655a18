import Foundation

/// A `[profile NAME]` Latchkey writes into the AWS config file, between marker comments, so that it
/// can be rewritten and removed exactly: `credential_process` runs `latchkey credentials`.
///
/// The text holds no secret, only the command line. A profile of that name that Latchkey did not
/// write is never touched.
public struct AWSConfigProfile: Sendable, Equatable {
    /// The profile's name (`default` is written as `[default]`).
    public var name: String
    /// The `credential_process` command words (the first is the absolute path of `latchkey`).
    public var command: [String]
    /// The region line, when one is known.
    public var region: String?

    /// What editing the file did.
    public enum Outcome: Sendable, Equatable {
        /// The file was written (created, or the profile added or replaced).
        case written
        /// The file already held exactly this profile.
        case unchanged
        /// Uninstall found nothing Latchkey wrote under that name.
        case absent
    }

    /// Why the file was left alone.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The name is not one the AWS tools accept in a section header.
        case badName(String)
        /// A `[profile NAME]` exists that Latchkey did not write.
        case foreignProfile(name: String, path: String)
        /// A value for the block (`--region`, a path in the command) holds a control character or a line
        /// break, which would start a new line in the file (rel-3 R7).
        case badValue(what: String)
        /// `--region` is not a region name.
        case badRegion(String)
        /// The file is not one Latchkey edits: owned by another user, too large, or a link to nothing.
        case refused(path: String, reason: String)
        /// The file could not be read or written.
        case io(path: String, reason: String)

        public var description: String {
            switch self {
            case .badName(let name):
                return "The profile name \"\(TerminalText.sanitized(name))\" is not valid: use letters, digits, "
                    + "'-', '_' and '.' only."
            case .foreignProfile(let name, let path):
                return "\(TerminalText.sanitized(path)) already has a profile \"\(name)\" that Latchkey did not write; "
                    + "it was left as it is. Choose another name, or remove that profile by hand first."
            case .badValue(let what):
                return "The \(what) holds a line break or another control character, which the AWS config file "
                    + "cannot hold safely; nothing was written."
            case .badRegion(let region):
                return "The region \"\(TerminalText.sanitized(region))\" is not a region name such as us-east-1."
            case .refused(let path, let reason):
                return "Latchkey leaves \(TerminalText.sanitized(path)) alone: \(reason)."
            case .io(let path, let reason):
                return "Could not update \(TerminalText.sanitized(path)): \(reason). Nothing was changed."
            }
        }
    }

    /// A profile; throws ``Failure/badName(_:)`` for a name the AWS tools would not read back,
    /// ``Failure/badRegion(_:)`` for a region that is not one (the configuration's region rule), and
    /// ``Failure/badValue(what:)`` when a command word holds a control character (C0, DEL, C1, U+2028 or
    /// U+2029): botocore reads the file with universal newlines, so a `\r` would start a line of its own.
    public init(name: String, command: [String], region: String?) throws(Failure) {
        guard !name.isEmpty, name.count <= 128,
            name.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0))
            })
        else { throw .badName(name) }
        if let region, !region.isEmpty, !AuthConfiguration.looksLikeRegion(region) || Self.hasControl(region) {
            throw .badRegion(region)
        }
        if command.contains(where: Self.hasControl) { throw .badValue(what: "credential_process command") }
        self.name = name
        self.command = command
        self.region = region
    }

    /// The opening marker line.
    var beginMarker: String {
        "# >>> latchkey profile \(name) (written by `latchkey aws-profile install`; do not edit)"
    }
    /// The closing marker line.
    var endMarker: String { "# <<< latchkey profile \(name)" }
    /// The section header.
    var header: String { name == "default" ? "[default]" : "[profile \(name)]" }

    /// The block written, markers included.
    public var block: [String] {
        var lines = [
            beginMarker, header, "credential_process = " + command.map(Self.shellQuoted).joined(separator: " "),
        ]
        if let region, !region.isEmpty { lines.append("region = \(region)") }
        lines.append(endMarker)
        return lines
    }

    /// Whether `value` holds a character that could end or break a line of the file: C0, DEL, C1,
    /// U+2028 or U+2029.
    static func hasControl(_ value: String) -> Bool {
        value.unicodeScalars.contains {
            $0.value < 0x20 || (0x7F...0x9F).contains($0.value) || $0.value == 0x2028 || $0.value == 0x2029
        }
    }

    /// A word as botocore's `credential_process` splitting (POSIX shlex) reads it back.
    static func shellQuoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_./=:@+,".unicodeScalars.contains($0))
        }
        if plain && !word.isEmpty { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\"'\"'") + "'"
    }

    /// `text` with this profile installed: Latchkey's earlier block replaced in place, else appended with the
    /// file's own line breaks. Throws ``Failure/foreignProfile(name:path:)`` when any other section is one that
    /// botocore reads as this profile (`[profile NAME] ; comment`, `[profile "NAME"]`, `[profile default]`…),
    /// and ``Failure/io(path:reason:)`` when the result would not read back as exactly one such section.
    public func installing(into text: String, path: String) throws(Failure) -> String {
        var file = AWSConfigINI(text)
        let range = ownRange(in: file)
        let foreign = file.sectionLines(forProfile: name).filter { range?.contains($0) != true }
        if !foreign.isEmpty { throw .foreignProfile(name: name, path: path) }
        let lineBreak = file.lineBreak
        let lines = block.map { AWSConfigINI.Line(text: $0, terminator: lineBreak) }
        if let range {
            file.lines.replaceSubrange(range, with: lines)
        } else {
            if let last = file.lines.indices.last, file.lines[last].terminator.isEmpty {
                file.lines[last].terminator = lineBreak
            }
            if let last = file.lines.last, !last.text.trimmingCharacters(in: .whitespaces).isEmpty {
                file.lines.append(.init(text: "", terminator: lineBreak))
            }
            file.lines += lines
        }
        try checkReadsBack(file.text, path: path, expecting: 1)
        return file.text
    }

    /// `text` without Latchkey's block for this name, or nil when there is none.
    public func uninstalling(from text: String) -> String? {
        var file = AWSConfigINI(text)
        guard let range = ownRange(in: file) else { return nil }
        file.lines.removeSubrange(range)
        // The blank line installing added before the block goes with it.
        let before = range.lowerBound - 1
        if before >= 0, file.lines[before].text.isEmpty,
            range.lowerBound == file.lines.count || file.lines[range.lowerBound].text.isEmpty
        {
            file.lines.remove(at: before)
        }
        return file.text
    }

    /// Throws unless `text` holds exactly `count` sections botocore reads as this profile, and no section twice.
    func checkReadsBack(_ text: String, path: String, expecting count: Int) throws(Failure) {
        let file = AWSConfigINI(text)
        let found = file.sectionLines(forProfile: name).count
        guard found == count, file.duplicateSections.isEmpty else {
            throw .io(
                path: path,
                reason: "read back the way the AWS CLI reads it, it has \(found) sections for profile \"\(name)\" "
                    + "(\(count) expected) or a section twice")
        }
    }

    /// The AWS config file: `AWS_CONFIG_FILE` (a leading `~` is the home directory), else `~/.aws/config`.
    public static func configPath(environment: [String: String]) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        if let given = environment["AWS_CONFIG_FILE"], !given.isEmpty {
            return given.hasPrefix("~/") ? home + given.dropFirst() : given
        }
        return home + "/.aws/config"
    }

    // MARK: Internals

    private func ownRange(in file: AWSConfigINI) -> Range<Int>? {
        guard let start = file.lines.firstIndex(where: { $0.text == beginMarker }),
            let end = file.lines[start...].firstIndex(where: { $0.text == endMarker })
        else { return nil }
        return start..<(end + 1)
    }
}
