import CTextShims

/// A table of one value per code point of the Basic Multilingual Plane: the one generated from
/// ICU and committed in `CTextShims` (read-only data, nothing computed at start-up) when this
/// machine's ICU is the one it was made from, else computed from ICU once, at first use.
///
/// Thread-safety: immutable; the memory is never freed.
struct BMPTable<Element>: @unchecked Sendable {  // Immutable memory, never written after init.
    static var count: Int { 0x10000 }

    let base: UnsafePointer<Element>
    /// Whether `base` is the committed generated table (false: computed at start-up).
    let isGenerated: Bool

    /// The generated table when ``GeneratedTables/matchesICU``, else `compute` of every BMP code point.
    init(generated: UnsafePointer<Element>, compute: (UInt32) -> Element) {
        if GeneratedTables.matchesICU {
            self.init(base: generated, isGenerated: true)
        } else {
            self.init(computing: compute)
        }
    }

    /// `compute` of every BMP code point, whatever the generated table holds.
    init(computing compute: (UInt32) -> Element) {
        let memory = UnsafeMutablePointer<Element>.allocate(capacity: Self.count)
        for codePoint in 0..<Self.count { (memory + codePoint).initialize(to: compute(UInt32(codePoint))) }
        self.init(base: UnsafePointer(memory), isGenerated: false)
    }

    private init(base: UnsafePointer<Element>, isGenerated: Bool) {
        self.base = base
        self.isGenerated = isGenerated
    }

    /// The value of BMP code point `index` (0..<65,536).
    @inline(__always) subscript(index: Int) -> Element { base[index] }

    /// Calls `body` with the table as a buffer of 65,536 values.
    @inline(__always)
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Element>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: Self.count))
    }
}

/// What the committed tables of `CTextShims` were made from, and whether this machine's ICU is
/// the same: ICU stays the source of truth, and the tables are only a copy of what it says.
enum GeneratedTables {
    /// The ICU version and Unicode version of the tables ("72.1", "15.0").
    static let icuVersion = String(cString: ctextshims_tables_icu_version())
    static let unicodeVersion = String(cString: ctextshims_tables_unicode_version())

    /// This machine's ICU and Unicode versions.
    static let machineICUVersion = version(ctextshims_icu_version)
    static let machineUnicodeVersion = version(ctextshims_unicode_version)

    /// Whether the committed tables were made from this machine's ICU (same ICU and Unicode
    /// versions): the engine then reads them instead of asking ICU about every code point.
    static let matchesICU = icuVersion == machineICUVersion && unicodeVersion == machineUnicodeVersion

    private static func version(_ read: (UnsafeMutablePointer<CChar>, Int) -> Void) -> String {
        var buffer = [CChar](repeating: 0, count: 32)
        read(&buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
