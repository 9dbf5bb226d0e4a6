/// The counts under a plan.
public struct PlanTotals: Sendable, Hashable, Codable {
    /// Days in the timeframe.
    public var days: Int = 0
    /// Days with a clip (chosen or pinned).
    public var daysWithMedia: Int = 0
    /// Days left out for lack of a usable clip.
    public var daysWithoutMedia: Int = 0
    /// Days left out by `skip: true`.
    public var daysSkipped: Int = 0
    /// Days whose clip is pinned.
    public var daysPinned: Int = 0
    /// Usable clips filmed in the timeframe.
    public var clipsInTimeframe: Int = 0
    /// Photos (stills of no usable Live Photo) taken in the timeframe that the reel does not show.
    public var stillsNotUsed: Int = 0
    /// Photos the reel shows, each once however many days or layers show it.
    public var photosUsed: Int = 0
    /// Files filmed in the timeframe (or pinned) that cannot be used.
    public var unreadableFiles: Int = 0
    /// The reel's length, title cards and transitions included.
    public var reelDuration: TimeSpan = .zero

    public init() {}

    enum CodingKeys: String, CodingKey {
        case days
        case daysWithMedia = "days_with_media"
        case daysWithoutMedia = "days_without_media"
        case daysSkipped = "days_skipped"
        case daysPinned = "days_pinned"
        case clipsInTimeframe = "clips_in_timeframe"
        case stillsNotUsed = "stills_not_used"
        case photosUsed = "photos_used"
        case unreadableFiles = "unreadable_files"
        case reelDuration = "reel_duration"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        days = try container.decode(Int.self, forKey: .days)
        daysWithMedia = try container.decode(Int.self, forKey: .daysWithMedia)
        daysWithoutMedia = try container.decode(Int.self, forKey: .daysWithoutMedia)
        daysSkipped = try container.decode(Int.self, forKey: .daysSkipped)
        daysPinned = try container.decode(Int.self, forKey: .daysPinned)
        clipsInTimeframe = try container.decode(Int.self, forKey: .clipsInTimeframe)
        stillsNotUsed = try container.decode(Int.self, forKey: .stillsNotUsed)
        photosUsed = try container.decodeIfPresent(Int.self, forKey: .photosUsed) ?? 0
        unreadableFiles = try container.decode(Int.self, forKey: .unreadableFiles)
        reelDuration = try container.decodeSeconds(forKey: .reelDuration)
    }

    /// Writes every key; `photos_used` only when the reel shows a photo, so a plan of movies keeps its shape.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(days, forKey: .days)
        try container.encode(daysWithMedia, forKey: .daysWithMedia)
        try container.encode(daysWithoutMedia, forKey: .daysWithoutMedia)
        try container.encode(daysSkipped, forKey: .daysSkipped)
        try container.encode(daysPinned, forKey: .daysPinned)
        try container.encode(clipsInTimeframe, forKey: .clipsInTimeframe)
        try container.encode(stillsNotUsed, forKey: .stillsNotUsed)
        if photosUsed > 0 { try container.encode(photosUsed, forKey: .photosUsed) }
        try container.encode(unreadableFiles, forKey: .unreadableFiles)
        try container.encode(seconds: reelDuration, forKey: .reelDuration)
    }
}
