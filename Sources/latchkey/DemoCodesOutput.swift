import AuthScreens
import CognitoAuth
import Foundation
import LatchkeyText
import TerminalKit

/// `latchkey demo --codes`: the demo's mailbox, the codes the local backend "sent", newest last.
enum DemoCodesOutput {
    /// Prints the mailbox at `mailbox` as a table (or, with `json`, its lines as they are).
    /// - Throws: ``CLIFailure`` (exit 2) when there is no mailbox: the demo never ran here.
    static func print(mailbox: String, json: Bool) throws {
        guard let entries = DemoMailbox.entries(at: mailbox) else {
            throw CLIFailure(code: 2, message: Localized.format(\.cliDemoMailboxMissing, ["path": mailbox]))
        }
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            for entry in entries {
                let object = [
                    "time": entry.time, "username": entry.username, "purpose": entry.purpose,
                    "destination": entry.destination, "code": entry.code,
                ]
                if let data = try? encoder.encode(object) { Swift.print(String(decoding: data, as: UTF8.self)) }
            }
            return
        }
        guard !entries.isEmpty else {
            CLIOutput.info(Localized.format(\.cliDemoMailboxEmpty, ["path": mailbox]))
            return
        }
        for line in table(entries) { Swift.print(line) }
    }

    /// The table's lines: a header, then one row an entry (the time of day in local time), columns aligned.
    static func table(_ entries: [DemoMailboxEntry], timeZone: TimeZone = .current) -> [String] {
        let header = Localized.text(\.cliDemoMailboxHeader).split(separator: "|").map(String.init)
        let rows = entries.map { entry in
            [
                timeOfDay(entry.time, timeZone: timeZone), entry.username, entry.purpose, entry.destination,
                entry.code,
            ].map { TerminalText.sanitized($0) }
        }
        let all = [header] + rows
        let widths = (0..<header.count).map { column in
            all.map { TextWidth.width(of: $0.indices.contains(column) ? $0[column] : "") }.max() ?? 0
        }
        return all.map { cells in
            cells.enumerated().map { column, cell in
                guard column < cells.count - 1, column < widths.count else { return cell }
                return cell + String(repeating: " ", count: max(widths[column] - TextWidth.width(of: cell), 0))
            }
            .joined(separator: "  ")
        }
    }

    /// `HH:mm:ss` in `timeZone` for the backend's ISO 8601 time; the text as written when it is not one.
    static func timeOfDay(_ text: String, timeZone: TimeZone) -> String {
        let parser = ISO8601DateFormatter()
        guard let date = parser.date(from: text) else { return text }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = timeZone
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date)
    }
}
