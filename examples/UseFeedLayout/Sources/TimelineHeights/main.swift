import FeedLayout    // RowHeights, LayoutContext, HeightCache
import Foundation
import StatusLayout  // StatusDecoder, Status, CellLayouter, CellStyle
import TextLayout    // TextEngine, TextStyle, FontStack

// The bundled Noto fonts, found in the package's resource bundle beside this executable.
let engine = try TextEngine()
print("fonts:", URL(fileURLWithPath: engine.fonts.fonts[0].path).deletingLastPathComponent().path)

let text = engine.layout("今天天气不错 #话题# @朋友 😀", width: 200, style: TextStyle(fontSize: 17))
print("text: \(text.lineCount) lines, \(text.height) pt high")

let json = """
    {"idstr": "4900000000000001", "text": "产品介绍没有说明该怎么去装XP，幸亏我有带Sata驱动的XP [二哈]", "user": {"screen_name": "fortune"}}
    {"idstr": "4900000000000002", "text": "转发 @新浪科技", "retweeted_status": {"idstr": "4900000000000003", "text": "外壳会粘手印"}}
    """
let statuses = StatusDecoder().decodeAll(Array(json.utf8)).compactMap { try? $0.result.get() }
let rows = RowHeights(engine: engine, context: LayoutContext(width: 375, scale: 3))
rows.prefetch(statuses)
for status in statuses {
    print("status \(status.id): \(rows.height(for: status)) pt")
}
