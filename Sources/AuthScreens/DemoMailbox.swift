import CognitoAuth
import Foundation
import LatchkeyText

/// One code the local backend "sent": a line of its mailbox file (`mailbox.jsonl` in its state directory).
///
/// Only the local backend writes such a file; a real pool sends its codes by email or SMS itself.
public struct DemoMailboxEntry: Hashable, Sendable, Decodable {
    /// When the code was made (ISO 8601, UTC, as the backend wrote it).
    public var time: String
    /// The user the code is for.
    public var username: String
    /// What the code is for: `sign-up`, `forgot-password`, `sign-in`, `verify-email` or `verify-phone`.
    public var purpose: String
    /// The address or number the code went "to" (empty when the user has none).
    public var destination: String
    /// The code.
    public var code: String

    /// Creates an entry.
    public init(time: String, username: String, purpose: String, destination: String, code: String) {
        self.time = time
        self.username = username
        self.purpose = purpose
        self.destination = destination
        self.code = code
    }

    /// The entry `line` holds, or nil for a line that is not one (a torn or foreign line is skipped).
    public init?(line: some StringProtocol) {
        guard let entry = try? JSONDecoder().decode(Self.self, from: Data(line.utf8)) else { return nil }
        self = entry
    }

    /// The event log's line for this code, marked as the demo's mailbox; the backend's words are sanitised.
    public var logLine: String {
        Localized.format(
            \.demoMailboxLine,
            [
                "purpose": TerminalText.sanitized(purpose), "code": TerminalText.sanitized(code),
                "username": TerminalText.sanitized(username), "destination": TerminalText.sanitized(destination),
            ])
    }
}

/// Reads the demo's mailbox file: all of it, or the lines added since the last read.
///
/// A reference type so that ``AuthScreensRuntime`` can keep its place in the file between ticks;
/// `@unchecked Sendable`: the offset is only read and written under `lock`.
public final class DemoMailbox: @unchecked Sendable, Hashable {
    /// The mailbox file.
    public let path: String
    private let lock = NSLock()
    private var offset: UInt64
    /// The file's inode when `offset` was taken: a backend started again makes a new file.
    private var fileNumber: UInt64?

    /// Reads `path`; with `fromEnd`, ``newEntries()`` starts after what the file holds now.
    public init(path: String, fromEnd: Bool) {
        self.path = path
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        self.offset = fromEnd ? ((attributes?[.size] as? NSNumber)?.uint64Value ?? 0) : 0
        self.fileNumber = (attributes?[.systemFileNumber] as? NSNumber)?.uint64Value
    }

    /// Every entry in `path`, oldest first; nil when the file cannot be read.
    public static func entries(at path: String) -> [DemoMailboxEntry]? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap(DemoMailboxEntry.init(line:))
    }

    /// The entries written since the last call (only whole lines); none when the file is missing.
    /// A new file (the backend started again) or a shorter one is read from its start.
    public func newEntries() -> [DemoMailboxEntry] {
        lock.lock()
        defer { lock.unlock() }
        guard let handle = FileHandle(forReadingAtPath: path) else { return [] }
        defer { try? handle.close() }
        guard let size = try? handle.seekToEnd() else { return [] }
        let number = (try? FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?
            .uint64Value
        if size < offset || number != fileNumber {
            offset = 0
            fileNumber = number
        }
        guard size > offset, (try? handle.seek(toOffset: offset)) != nil,
            let data = try? handle.read(upToCount: Int(clamping: size - offset)),
            let lastNewline = data.lastIndex(of: UInt8(ascii: "\n"))
        else { return [] }
        let whole = data[data.startIndex...lastNewline]
        offset += UInt64(whole.count)
        return String(decoding: whole, as: UTF8.self).split(separator: "\n").compactMap(DemoMailboxEntry.init(line:))
    }

    /// Mailboxes are the same when they read the same file (for ``AuthUIOptions``'s `Hashable`).
    public static func == (lhs: DemoMailbox, rhs: DemoMailbox) -> Bool { lhs.path == rhs.path }

    /// Hashes the path.
    public func hash(into hasher: inout Hasher) { hasher.combine(path) }
}
