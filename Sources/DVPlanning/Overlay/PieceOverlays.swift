/// Everything drawn over one piece of the reel, resolved from the job: the date and caption of its day,
/// the timeline texts that reach into it (with the frames they cover), the pictures and the movies, in drawing order.
///
/// Pure data, never pixels: the render maps it into the painter's `OverlayDrawing`, which says which items
/// show on a frame and how opaque.
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
}
