/// What happened to a day of the timeframe.
public enum DayStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// One of the day's own clips was chosen by `selection`.
    case chosen
    /// A pinned file stands for the day.
    case pinned
    /// `skip: true`: the day is left out.
    case skipped
    /// No usable clip: the day is left out.
    case noMedia = "no_media"

    /// The reason in words a plan gives for a day without a usable clip.
    public static let noMediaReason = "no media"

    /// True when the day has a clip in the reel.
    public var hasClip: Bool { self == .chosen || self == .pinned }
}
