import Foundation

/// Draws a QR code with half-block characters (▀ ▄ █), two module rows per text row, with a
/// quiet zone around it.
///
/// With ``lightModulesInked`` (the default) the light modules and the quiet zone are drawn
/// with ink and the dark modules are left as background. The ``ThemeRole/qrCode`` role is
/// white on black in the colour theme, so the symbol is dark-on-light wherever it is shown;
/// without colour the inked blocks take the terminal's foreground, which suits the usual
/// light-on-dark terminal (set it to false for dark-on-light terminals without colour).
/// A rectangle too small for the whole symbol shows a message instead of a partial code,
/// which no phone could read.
public struct QRCodeView: Widget, Hashable, Sendable {
    /// The encoded symbol to draw.
    public var code: QRCode
    /// Light modules around the symbol on each side (the standard asks for 4).
    public var quietZone: Int
    /// Whether light modules are drawn with ink (see the type's discussion).
    public var lightModulesInked: Bool
    /// The message when the symbol does not fit, with `{columns}` and `{rows}` for the size it needs
    /// (the application passes it in the user's language).
    public var tooSmallMessage: String

    /// The default ``tooSmallMessage``, in English, with `{columns}` and `{rows}` to fill in.
    public static let englishTooSmallMessage = "Enlarge the terminal to {columns}×{rows} to show the QR code."

    /// A view of `code` with a `quietZone` of light modules around it (4, as the standard asks; negative reads as 0).
    public init(
        code: QRCode, quietZone: Int = 4, lightModulesInked: Bool = true,
        tooSmallMessage: String = QRCodeView.englishTooSmallMessage
    ) {
        self.code = code
        self.quietZone = max(0, quietZone)
        self.lightModulesInked = lightModulesInked
        self.tooSmallMessage = tooSmallMessage
    }

    /// The modules on a side, quiet zone included.
    public var modulesPerSide: Int { code.size + 2 * quietZone }

    /// The cells the view needs.
    public var size: TerminalSize {
        TerminalSize(columns: modulesPerSide, rows: (modulesPerSide + 1) / 2)
    }

    /// Whether the module at (row, column) of the padded symbol is dark; the quiet zone is
    /// light and rows past the bottom count as not inked.
    private func isInked(row: Int, column: Int) -> Bool {
        guard row < modulesPerSide else { return false }
        let dark = code[row - quietZone, column - quietZone]
        return lightModulesInked ? !dark : dark
    }

    /// The rows of text, each ``size``.columns wide.
    public func lines() -> [String] {
        (0..<size.rows).map { textRow in
            String(
                (0..<modulesPerSide).map { column -> Character in
                    let top = isInked(row: textRow * 2, column: column)
                    let bottom = isInked(row: textRow * 2 + 1, column: column)
                    switch (top, bottom) {
                    case (true, true): return "█"
                    case (true, false): return "▀"
                    case (false, true): return "▄"
                    case (false, false): return " "
                    }
                })
        }
    }

    /// Draws the symbol centred in `rect`, or a short message when it does not fit.
    public func draw(into grid: inout CellGrid, in rect: Rect) {
        guard rect.width >= size.columns, rect.height >= size.rows else {
            let message = tooSmallMessage.replacingOccurrences(of: "{columns}", with: String(size.columns))
                .replacingOccurrences(of: "{rows}", with: String(size.rows))
            Label(message, style: CellStyle(.warning), wraps: true).draw(into: &grid, in: rect)
            return
        }
        let area = rect.centered(width: size.columns, height: size.rows)
        for (index, line) in lines().enumerated() {
            grid.write(line, row: area.row + index, column: area.column, style: CellStyle(.qrCode))
        }
    }
}
