extension TextWidth {
    /// Splits text into lines of at most `columns` columns, breaking at spaces where it can
    /// and inside words longer than a line; explicit newlines are kept.
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
                if lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                while wordWidth > columns {
                    let head = prefix(of: remaining, fitting: columns)
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
}
