import FeedLayout  // RowHeights, LayoutContext, StatusHeight, HeightCache
import Foundation
import StatusLayout  // StatusDecoder, Status, CellLayouter, CellLayout, CellStyle
import TextLayout  // TextEngine, TextStyle, AttributedText, FontStack

// The bundled Noto fonts, found in the package's resource bundle beside this executable.
let engine = try TextEngine()
print("fonts:", URL(fileURLWithPath: engine.fonts.fonts[0].path).deletingLastPathComponent().path)

let text = engine.layout("今天天气不错 #话题# @朋友 😀", width: 200, style: TextStyle(fontSize: 17))
print("text:", text)  // 2 lines, 199.087 × 49.232 pt

/// A page of a timeline as an app loads it: every height worked out ahead, on every core.
func heights(of statuses: [Status]) async throws -> [StatusHeight] {
    let rows = RowHeights(engine: engine, context: LayoutContext(width: 375, scale: 3))
    await rows.prefetch(statuses)  // blocks no thread; stops when the task is cancelled
    return try await rows.heights(for: statuses)
}

let json = """
    {"idstr": "4900000000000001", "text": "产品介绍没有说明该怎么去装XP，幸亏我有带Sata驱动的XP [二哈]", "user": {"screen_name": "fortune"}}
    {"idstr": "4900000000000002", "text": "转发 @新浪科技", "retweeted_status": {"idstr": "4900000000000003", "text": "外壳会粘手印"}}
    """
let statuses = StatusDecoder().decodeAll(json).compactMap { try? $0.result.get() }
let encoder = JSONEncoder()
encoder.outputFormatting = .sortedKeys
for height in try await heights(of: statuses) {
    // {"height":…,"id":"…","kind":"original"}
    print("status", String(decoding: try encoder.encode(height), as: UTF8.self))
}
