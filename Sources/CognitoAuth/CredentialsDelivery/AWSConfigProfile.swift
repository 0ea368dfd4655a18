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
            case .io(let path, let reason):
                return "Could not update \(TerminalText.sanitized(path)): \(reason). Nothing was changed."
            }
        }
    }

    /// A profile; throws ``Failure/badName(_:)`` for a name the AWS tools would not read back.
    public init(name: String, command: [String], region: String?) throws(Failure) {
        guard !name.isEmpty, name.count <= 128,
            name.unicodeScalars.allSatisfy({
                $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_.".unicodeScalars.contains($0))
            })
        else { throw .badName(name) }
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

    /// A word as botocore's `credential_process` splitting (POSIX shlex) reads it back.
    static func shellQuoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "-_./=:@+,".unicodeScalars.contains($0))
        }
        if plain && !word.isEmpty { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\"'\"'") + "'"
    }

    /// `text` with this profile installed: Latchkey's earlier block replaced in place, else appended.
    /// Throws ``Failure/foreignProfile(name:path:)`` when another `[profile NAME]` is there.
    public func installing(into text: String, path: String) throws(Failure) -> String {
        var lines = Self.lines(text)
        let range = ownRange(in: lines)
        if hasForeignHeader(lines, outside: range) { throw .foreignProfile(name: name, path: path) }
        if let range {
            lines.replaceSubrange(range, with: block)
        } else {
            if let last = lines.last, !last.trimmingCharacters(in: .whitespaces).isEmpty { lines.append("") }
            lines += block
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` without Latchkey's block for this name, or nil when there is none.
    public func uninstalling(from text: String) -> String? {
        var lines = Self.lines(text)
        guard let range = ownRange(in: lines) else { return nil }
        lines.removeSubrange(range)
        // The blank line installing added before the block goes with it.
        if range.lowerBound > 0, range.lowerBound == lines.count || lines[range.lowerBound].isEmpty,
            lines[range.lowerBound - 1].isEmpty
        {
            lines.remove(at: range.lowerBound - 1)
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// Installs into the file at `path` (created with its directory, mode 0700, when missing),
    /// first copying the old file to `path.latchkey-backup`. Writes only when the text changes.
    public func install(at path: String) throws(Failure) -> Outcome {
        let old = try Self.read(path)
        let new = try installing(into: old ?? "", path: path)
        guard new != old else { return .unchanged }
        try Self.write(new, to: path, backingUp: old)
        return .written
    }

    /// Removes Latchkey's block for this name from the file at `path` (after the same backup).
    public func uninstall(at path: String) throws(Failure) -> Outcome {
        guard let old = try Self.read(path), let new = uninstalling(from: old) else { return .absent }
        try Self.write(new, to: path, backingUp: old)
        return .written
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

    private static func lines(_ text: String) -> [String] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.hasSuffix("\r") ? String($0.dropLast()) : String($0)
        }
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    private func ownRange(in lines: [String]) -> Range<Int>? {
        guard let start = lines.firstIndex(of: beginMarker),
            let end = lines[start...].firstIndex(of: endMarker)
        else { return nil }
        return start..<(end + 1)
    }

    private func hasForeignHeader(_ lines: [String], outside range: Range<Int>?) -> Bool {
        let wanted = header.filter { !$0.isWhitespace }
        return lines.indices.contains { index in
            guard range?.contains(index) != true else { return false }
            return lines[index].filter { !$0.isWhitespace } == wanted
        }
    }

    private static func read(_ path: String) throws(Failure) -> String? {
        guard FileManager.default.fileExists(atPath: path) else { return nil }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .io(path: path, reason: "it cannot be read")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw .io(path: path, reason: "it is not UTF-8 text")
        }
        return text
    }

    private static func write(_ text: String, to path: String, backingUp old: String?) throws(Failure) {
        let directory = (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(
                atPath: directory.isEmpty ? "." : directory, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw .io(path: path, reason: "its directory cannot be created")
        }
        do {
            if let old {
                try AtomicFile.replace(
                    with: Data(old.utf8), at: path + ".latchkey-backup", directory: directory.isEmpty ? "." : directory)
            }
            try AtomicFile.replace(with: Data(text.utf8), at: path, directory: directory.isEmpty ? "." : directory)
        } catch {
            throw .io(path: path, reason: error.description)
        }
    }
}
