import BenchmarkSupport

extension Scenario {
    /// The HarfBuzz floor of measuring: one `hb_shape` of a whole paragraph.
    public static let hbRaw = Scenario(
        "hb-raw",
        operation: "one hb_shape of a whole paragraph with Noto Sans CJK SC (one run, reused buffer), advances summed"
    ) { context in
        let shaper = try HarfBuzzShaper(path: context.fontFile("NotoSansCJK-Regular.ttc"), faceIndex: 2)
        let texts = context.texts.map { Array($0.utf8) }
        var next = 0
        return ClosureWorkload { count in
            for _ in 0..<count {
                let advance = texts[next].withUnsafeBufferPointer { shaper.advanceInFontUnits(utf8: $0) }
                blackHole(advance)
                next = next + 1 == texts.count ? 0 : next + 1
            }
        }
    }

    /// The ICU floor of breaking: one line-break pass over a paragraph.
    public static let icuBreaks = Scenario(
        "icu-breaks",
        operation:
            "one ICU line-break pass over a paragraph (root rules, UTF-8 UText, iterator reused), boundaries counted"
    ) { context in
        let breaker = try ICULineBreaker(locale: "@lb=normal")
        let texts = context.texts.map { Array($0.utf8) }
        var next = 0
        return ClosureWorkload { count in
            for _ in 0..<count {
                let breaks = texts[next].withUnsafeBufferPointer { breaker.breakCount(utf8: $0) }
                blackHole(breaks)
                next = next + 1 == texts.count ? 0 : next + 1
            }
        }
    }

    /// The peer: Pango laying out a paragraph as the accuracy oracle does.
    public static let pango = Scenario(
        "pango",
        operation:
            "Pango lays out a paragraph at 343 px (one reused PangoLayout: set_text, line count, height, widest line)"
    ) { context in
        let peer = try PangoPeer(fontsDirectory: context.fontsDirectory, fontSize: context.fontSize)
        let texts = context.texts.map { Array($0.utf8) }
        let width = context.width
        var next = 0
        return ClosureWorkload { count in
            for _ in 0..<count {
                let measurement = texts[next].withUnsafeBufferPointer { peer.measure(utf8: $0, width: width) }
                blackHole(measurement)
                next = next + 1 == texts.count ? 0 : next + 1
            }
        }
    }
}
