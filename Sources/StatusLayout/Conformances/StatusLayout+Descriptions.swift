extension Status: CustomStringConvertible {
    /// "4900000000000000 @fortune: "产品介绍没有说明该怎么去装XP…" (1 picture, reposts 4900000000000001)":
    /// the ID, the author, the text's first 24 characters, the pictures and the status reposted.
    public var description: String {
        var result = id.description
        if let user { result += " @" + user.screenName }
        let shown = text.string.count > 24 ? String(text.string.prefix(24)) + "…" : text.string
        result += ": " + String(reflecting: shown)
        var notes: [String] = []
        if !pictures.isEmpty { notes.append("\(pictures.count) picture\(pictures.count == 1 ? "" : "s")") }
        if let retweetedStatus { notes.append("reposts \(retweetedStatus.id)") }
        if isDeleted { notes.append("deleted") }
        return notes.isEmpty ? result : result + " (" + notes.joined(separator: ", ") + ")"
    }
}

extension CellLayout: CustomStringConvertible {
    /// "4900000000000000 original: 183.5 pt, text 3 of 3 lines, 1 picture".
    public var description: String {
        var result = "\(statusID) \(kind.rawValue): \(height) pt"
        if expandedHeight != height { result += " (\(expandedHeight) pt expanded)" }
        result += ", text \(textLines) of \(fullTextLines) lines"
        if retweetBlock != nil { result += ", repost text \(retweetTextLines) of \(fullRetweetTextLines) lines" }
        let pictureCount = pictures.count + retweetPictures.count
        if pictureCount > 0 { result += ", \(pictureCount) picture\(pictureCount == 1 ? "" : "s")" }
        return result
    }
}

extension DecodedStatus: CustomStringConvertible {
    /// "3: <status>" or "3: error: <message>" (the line where the status begins).
    public var description: String {
        let repaired = repairedUTF8 ? " (invalid UTF-8 replaced)" : ""
        switch result {
        case .success(let status): return "\(line): \(status)\(repaired)"
        case .failure(let error): return "\(line): error: \(error.message)\(repaired)"
        }
    }
}
