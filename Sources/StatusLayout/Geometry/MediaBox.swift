/// The frames of 1 to 4 media in one box, as Twitter's and Mastodon's clients place them: 1 the
/// whole box; 2 halves side by side; 3 a tall left half and two quarters on the right; 4
/// quarters; `gap` between them.
enum MediaBox {
    static func frames(count: Int, in box: CellRect, gap: Double) -> [CellRect] {
        let halfWidth = max(0, (box.width - gap) / 2)
        let halfHeight = max(0, (box.height - gap) / 2)
        let right = box.maxX - halfWidth
        let bottom = box.maxY - halfHeight
        switch count {
        case ..<1: return []
        case 1: return [box]
        case 2:
            return [
                CellRect(x: box.x, y: box.y, width: halfWidth, height: box.height),
                CellRect(x: right, y: box.y, width: halfWidth, height: box.height),
            ]
        case 3:
            return [
                CellRect(x: box.x, y: box.y, width: halfWidth, height: box.height),
                CellRect(x: right, y: box.y, width: halfWidth, height: halfHeight),
                CellRect(x: right, y: bottom, width: halfWidth, height: halfHeight),
            ]
        default:
            return [
                CellRect(x: box.x, y: box.y, width: halfWidth, height: halfHeight),
                CellRect(x: right, y: box.y, width: halfWidth, height: halfHeight),
                CellRect(x: box.x, y: bottom, width: halfWidth, height: halfHeight),
                CellRect(x: right, y: bottom, width: halfWidth, height: halfHeight),
            ]
        }
    }

    /// The images of `media` in `box`: each with its role (a video's, a GIF's, audio's mark).
    static func images(_ media: [StatusPicture], in box: CellRect, gap: Double) -> [CellImage] {
        zip(media, frames(count: media.count, in: box, gap: gap)).enumerated().map { index, pair in
            CellImage(role: role(of: pair.0), frame: pair.1, index: index)
        }
    }

    static func role(of picture: StatusPicture) -> CellImage.Role {
        switch picture.kind {
        case .photo: .picture
        case .video: .video
        case .gif: .gif
        case .audio: .audio
        }
    }
}
