/// Something that draws itself into a rectangle of a cell grid.
public protocol Widget {
    /// Draws into `rect` of `grid`, touching no cell outside it.
    func draw(into grid: inout CellGrid, in rect: Rect)
}

extension CellGrid {
    /// Draws a widget into a rectangle of this grid.
    public mutating func draw(_ widget: some Widget, in rect: Rect) {
        widget.draw(into: &self, in: rect)
    }
}
