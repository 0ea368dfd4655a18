/// An activity indicator and the verb for what is happening: "⠋ Signing in…".
public struct Spinner: Widget, Hashable, Sendable {
    /// Braille dots, ten frames.
    public static let brailleFrames: [Character] = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"]
    /// ASCII fallback, four frames.
    public static let asciiFrames: [Character] = ["|", "/", "-", "\\"]

    /// The frames cycled through.
    public var frames: [Character]
    /// The animation step; each tick shows the next frame.
    public var tick: Int
    /// The message after the glyph.
    public var message: String

    /// A spinner showing `message` at step `tick`; empty `frames` fall back to ``asciiFrames``.
    public init(message: String, tick: Int = 0, frames: [Character] = Spinner.brailleFrames) {
        self.message = message
        self.tick = tick
        self.frames = frames.isEmpty ? Spinner.asciiFrames : frames
    }

    /// The frame for the current tick.
    public var frame: Character {
        let count = frames.count
        return frames[((tick % count) + count) % count]
    }

    /// This spinner one tick later.
    public func advanced() -> Spinner {
        var next = self
        next.tick = tick &+ 1
        return next
    }

    /// Draws the frame and the message on the first row of `rect`.
    public func draw(into grid: inout CellGrid, in rect: Rect) {
        guard rect.width > 0, rect.height > 0 else { return }
        grid.put(frame, row: rect.row, column: rect.column, style: CellStyle(.accent))
        guard rect.width > 2, !message.isEmpty else { return }
        grid.write(
            TextWidth.truncate(message, toWidth: rect.width - 2), row: rect.row, column: rect.column + 2,
            style: CellStyle(.normal))
    }
}
