import Foundation
import TerminalKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--help` wrapped by display width. ArgumentParser wraps by characters, so a Japanese line (two
/// columns a character) would run to twice the terminal's width; in a language other than English
/// the help is generated unwrapped and wrapped here, keeping ArgumentParser's hanging indents.
enum HelpText {
    /// `text` with every line wider than `width` columns wrapped; the continuation lines start at the
    /// column where the line's description starts (after the option's name and two spaces), else
    /// at the line's own indentation.
    static func wrapped(_ text: String, width: Int) -> String {
        let width = max(20, width)
        var out: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            guard TextWidth.width(of: line) > width else {
                out.append(line)
                continue
            }
            let column = descriptionColumn(of: line, width: width)
            let head = String(line.prefix(column))
            let body = String(line.dropFirst(column))
            let pieces = TextWidth.wrap(body, toWidth: width - column)
            for (index, piece) in pieces.enumerated() {
                out.append((index == 0 ? head : String(repeating: " ", count: column)) + piece)
            }
        }
        return out.joined(separator: "\n")
    }

    /// Where the text of `line` starts: after "  --name <value>  " when the name is ASCII and ends
    /// before half the width, else after the leading spaces.
    static func descriptionColumn(of line: String, width: Int) -> Int {
        let characters = Array(line)
        let lead = characters.prefix { $0 == " " }.count
        var index = lead
        while index + 1 < characters.count, index < width / 2, characters[index].isASCII {
            if characters[index] == " ", characters[index + 1] == " " {
                var start = index
                while start < characters.count, characters[start] == " " { start += 1 }
                return start < width / 2 ? start : lead
            }
            index += 1
        }
        return lead
    }

    /// The terminal's width: standard output's window size, else `COLUMNS`, else 80.
    static func terminalWidth(environment: [String: String]) -> Int {
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return 80
    }
}
