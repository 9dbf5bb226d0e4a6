/// Everything drawn over one piece of the reel, resolved from the job: the date and caption of its day,
/// the timeline texts that reach into it (with the frames they cover), the pictures and the movies, in drawing order.
///
/// Pure data: which items show on a frame and how opaque, never pixels.
public struct PieceOverlays: Sendable, Hashable, Encodable {
    /// One layer, in the order it is drawn.
    public enum Item: Sendable, Hashable, Encodable {
        case text(OverlayText)
        case image(OverlayImage)
        case video(OverlayVideo)
    }

    public var items: [Item]

    public init(items: [Item] = []) {
        self.items = items
    }

    /// Nothing to draw.
    public var isEmpty: Bool { items.isEmpty }

    /// The items that show on the piece's frame `frame` (counted from its first frame), each with its
    /// opacity, in drawing order.
    public func visible(atFrame frame: Int) -> [(item: Item, opacity: Double)] {
        items.compactMap { item in
            switch item {
            case let .text(text):
                let opacity = text.opacity(atFrame: frame)
                return opacity > 0 ? (item, opacity) : nil
            case let .image(image):
                return image.opacity > 0 ? (item, 1) : nil
            case let .video(video):
                return video.opacity > 0 ? (item, 1) : nil
            }
        }
    }
}
