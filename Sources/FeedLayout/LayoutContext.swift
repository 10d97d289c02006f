import StatusLayout

/// What a cell's height depends on besides the status: the width, the screen scale and the
/// style (font scale included). A height computed in one context is never served in another.
public struct LayoutContext: Sendable, Hashable {
    /// The cell width in points.
    public var width: Double
    /// Pixels per point.
    public var scale: Double
    /// Every number of the cell, ``CellStyle/fontScale`` (Dynamic Type) included.
    public var style: CellStyle

    /// Makes a context of a cell `width` in points, a screen `scale` in pixels per point and a style.
    ///
    /// Not checked here (the fields stay settable): laying a cell out in a context traps unless
    /// `width` is finite and more than twice ``CellStyle/padding`` and `scale` is finite and at
    /// least 1, as a bad index does. The CLI checks its options before it makes one.
    public init(width: Double, scale: Double, style: CellStyle = .weibo) {
        self.width = width
        self.scale = scale
        self.style = style
    }
}
