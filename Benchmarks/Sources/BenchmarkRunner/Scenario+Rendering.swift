import Rendering
import StatusLayout
import TextLayout

extension Scenario {
    /// Drawing a cell: what a `--debug` picture or a server-side thumbnail costs.
    public static let renderCell = Scenario(
        "render-cell",
        operation:
            "Renderer.renderCell of a status (Weibo style, 375 pt at scale 2, pixels in memory, no PNG), statuses in turn, by an engine and renderer warmed on them"
    ) { context in
        try renderCellWorkload(context) { $0.pixelHeight }
    }

    /// `render-cell` and the PNG: what `feedlayout render` does once its input is read.
    public static let renderCellPNG = Scenario(
        "render-cell-png",
        operation: "render-cell, then the image encoded as PNG by cairo (in memory, not written)"
    ) { context in
        try renderCellWorkload(context) { (try? $0.pngData())?.count ?? 0 }
    }

    /// Draws the statuses' cells in turn (after drawing the first 200 to warm the engine and
    /// renderer), handing each image to `finish`, whose answer is kept from the optimizer.
    static func renderCellWorkload(_ context: ScenarioContext, finish: @escaping (RenderedImage) -> Int) throws
        -> ClosureWorkload
    {
        let renderer = Renderer(engine: TextEngine(fonts: try context.fonts()))
        let statuses = try context.statuses()
        let cell = context.cellContext
        let options = RenderOptions(scale: cell.scale)
        for status in statuses.prefix(200) {
            blackHole(try renderer.renderCell(status, width: cell.width, style: cell.style, options: options))
        }
        var next = 0
        return ClosureWorkload { count in
            for _ in 0..<count {
                let image = try? renderer.renderCell(
                    statuses[next % statuses.count], width: cell.width, style: cell.style, options: options)
                blackHole(image.map(finish) ?? 0)
                next += 1
            }
        }
    }

    /// The peer of `render-cell`: the same cells laid out with their frames, no drawing.
    public static let cellLayoutWarm = Scenario(
        "cell-layout-warm",
        operation:
            "CellLayouter.layout (every frame, the rich text) of a status at 375 pt, scale 2, statuses in turn, by a warm engine: the layout render-cell draws"
    ) { context in
        let engine = TextEngine(fonts: try context.fonts())
        let statuses = try context.statuses()
        let cell = context.cellContext
        let layouter = CellLayouter(measurer: engine, style: cell.style)
        for status in statuses { blackHole(layouter.layout(status, width: cell.width, scale: cell.scale).height) }
        var next = 0
        return ClosureWorkload { count in
            for _ in 0..<count {
                blackHole(layouter.layout(statuses[next % statuses.count], width: cell.width, scale: cell.scale).height)
                next += 1
            }
        }
    }
}
