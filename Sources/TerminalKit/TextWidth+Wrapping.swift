extension TextWidth {
    /// Splits text into lines of at most `columns` columns, breaking at spaces where it can
    /// and inside words longer than a line; explicit newlines are kept.
    ///
    /// Japanese (and Chinese) has no spaces between words: beside a double-width character a
    /// line may break between any two characters, so a run of Japanese fills the line it starts
    /// on instead of moving whole to the next. Closing punctuation (、。」) and the long-vowel
    /// mark never begin a line, and opening brackets never end one (kinsoku).
    public static func wrap(_ text: String, toWidth columns: Int) -> [String] {
        guard columns > 0 else { return [] }
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
                var remaining = String(word)
                var wordWidth = width(of: remaining)
                if lineWidth > 0 && lineWidth + 1 + wordWidth <= columns {
                    line += " " + remaining
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0, containsWide(remaining) {
                    // Fill this line with the head of the run, then carry on below.
                    let head = breakablePrefix(of: remaining, fitting: columns - lineWidth - 1)
                    if !head.text.isEmpty {
                        lines.append(line + " " + head.text)
                        remaining = String(remaining.dropFirst(head.text.count))
                        wordWidth -= head.width
                        line = ""
                        lineWidth = 0
                    }
                }
                if lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                while wordWidth > columns {
                    var head = breakablePrefix(of: remaining, fitting: columns)
                    if head.text.isEmpty { head = prefix(of: remaining, fitting: columns) }
                    guard !head.text.isEmpty else { break }
                    lines.append(head.text)
                    remaining = String(remaining.dropFirst(head.text.count))
                    wordWidth -= head.width
                }
                line = remaining
                lineWidth = wordWidth
            }
            lines.append(line)
        }
        return lines
    }

    /// Whether `text` holds a double-width character (where lines may break between characters).
    static func containsWide(_ text: some StringProtocol) -> Bool {
        text.contains { width(of: $0) == 2 }
    }

    /// The longest prefix of `text` that fits in `columns` and ends where a line may break:
    /// beside a double-width character, not before closing punctuation nor after an opening
    /// bracket. Empty when there is no such place.
    static func breakablePrefix(of text: String, fitting columns: Int) -> (text: String, width: Int) {
        guard columns > 0 else { return ("", 0) }
        let characters = Array(text)
        let fitted = prefix(of: text, fitting: columns)
        var count = fitted.text.count
        var used = fitted.width
        if count == characters.count { return fitted }
        while count > 0 {
            let before = characters[count - 1]
            let after = characters[count]
            let besideWide = width(of: before) == 2 || width(of: after) == 2
            if besideWide, !noLineStart.contains(after), !noLineEnd.contains(before) {
                return (String(characters[..<count]), used)
            }
            count -= 1
            used -= width(of: before)
        }
        return ("", 0)
    }

    /// Characters that never begin a line (closing punctuation, small kana's long-vowel mark).
    static let noLineStart: Set<Character> = [
        "、", "。", "，", "．", "・", "：", "；", "？", "！", "）", "」", "』", "】", "〉", "》", "ー", "…",
        ")", "]", "}", ",", ".", ":", ";", "!", "?",
    ]

    /// Characters that never end a line (opening brackets).
    static let noLineEnd: Set<Character> = ["（", "「", "『", "【", "〈", "《", "(", "[", "{"]
}
