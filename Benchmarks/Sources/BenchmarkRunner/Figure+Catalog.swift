extension Figure {
    /// The figures printed after the table, in order. Add an entry for a new ratio; a figure
    /// whose scenarios did not all run is shown as not computed.
    public static let all: [Figure] = [
        Figure(["measure-cold"], over: ["hb-raw", "icu-breaks"], goal: .atMost(1.5),
               meaning: "measuring from nothing costs little more than shaping and breaking alone"),
        Figure(["pango"], over: ["measure-warm"], goal: .atLeast(20),
               meaning: "a new paragraph measured with warm caches, against Pango"),
        Figure(["pango"], over: ["rebreak"], goal: .atLeast(200),
               meaning: "a prepared paragraph laid out at a new width, against Pango"),
    ]
}
