/// A kind of file the planner can choose for a day (`selection.prefer` lists these).
public enum ClipKind: String, Sendable, Hashable, Codable, CaseIterable {
    /// A movie with a video stream that is not part of a Live Photo.
    case video
    /// The short movie of a Live Photo: paired with a still by base name or by Apple content identifier.
    case livePhoto = "live_photo"

    /// Words for reasons and tables: `video`, `live photo`.
    public var label: String {
        switch self {
        case .video: "video"
        case .livePhoto: "live photo"
        }
    }
}
