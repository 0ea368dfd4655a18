/// Turns a byte offset in UTF-8 text into the line and column a person looks for.
///
/// Readers keep byte offsets only; a position is worked out when a message needs one, so reading
/// stays linear in the size of the text.
package struct TextPosition: Sendable, Hashable, CustomStringConvertible {
    /// The line, from 1.
    package var line: Int
    /// The column in characters (Unicode scalars), from 1.
    package var column: Int

    /// "line 3, column 14".
    package var description: String { "line \(line), column \(column)" }

    /// The position of `offset` in `bytes` (a line ends at LF; CR LF counts once).
    package static func of(_ offset: Int, in bytes: [UInt8]) -> TextPosition {
        var line = 1
        var column = 1
        for byte in bytes.prefix(max(0, offset)) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Continuation bytes of a UTF-8 sequence do not start a new character.
                column += 1
            }
        }
        return TextPosition(line: line, column: column)
    }

    /// The line of each offset, in the order given, in one pass over the text.
    package static func lines(of offsets: [Int], in bytes: [UInt8]) -> [Int] {
        guard !offsets.isEmpty else { return [] }
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var result = [Int](repeating: 1, count: offsets.count)
        var line = 1
        var scanned = 0
        for position in order {
            let target = min(max(0, offsets[position]), bytes.count)
            while scanned < target {
                if bytes[scanned] == UInt8(ascii: "\n") { line += 1 }
                scanned += 1
            }
            result[position] = line
        }
        return result
    }
}
