import StatusLayout

/// What a cell's height depends on besides the status: the width, the screen scale and the
/// style (font scale included). A height computed in one context is never served in another.
public struct LayoutContext: Sendable, Hashable {
    /// The cell width in points.
    public var width: Double
    /// Pixels per point.
    public var scale: Double
    /// Every number of the cell, `CellStyle.fontScale` (Dynamic Type) included.
    public var style: CellStyle

    /// Makes a context of a cell `width` in points, a screen `scale` in pixels per point and a style.
    ///
    /// Not checked here (the fields stay settable): laying a cell out in a context traps when
    /// ``problem`` finds something wrong, as a bad index does. The CLI checks its options before
    /// it makes one.
    public init(width: Double, scale: Double, style: CellStyle = .automatic) {
        self.width = width
        self.scale = scale
        self.style = style
    }

    /// What is wrong with the width or scale for the style (`CellStyle.problem(width:scale:)`),
    /// or nil when a cell can be laid out in this context.
    public var problem: String? { style.problem(width: width, scale: scale) }
}
