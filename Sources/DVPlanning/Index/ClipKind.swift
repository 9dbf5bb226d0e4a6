/// A kind of file the planner can choose for a day (`selection.prefer` lists these).
public enum ClipKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A movie with a video stream that is not part of a Live Photo.
    case video
    /// The short movie of a Live Photo: paired with a still by base name or by Apple content identifier.
    case livePhoto = "live_photo"
    /// A still picture shown for a while with a slow motion over it: a still of its own, or the still of a
    /// Live Photo or Motion Photo whose movie cannot be used.
    case photo

    /// Words for reasons and tables: `video`, `live photo`, `photo`.
    public var label: String {
        switch self {
        case .video: "video"
        case .livePhoto: "live photo"
        case .photo: "photo"
        }
    }

    /// True for the kinds that are movies: they have a speed, moments and sound; a photo has none of these.
    public var isMovie: Bool { self != .photo }
}
