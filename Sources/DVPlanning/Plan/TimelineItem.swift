/// One piece of the reel in output order: a title card or a day's clip, placed on whole frames.
public struct TimelineItem: Sendable, Hashable, Codable {
    /// What the piece is.
    public enum Role: String, Sendable, Hashable, Codable {
        case intro
        case clip
        case outro
    }

    public var role: Role
    /// For a clip, the day it stands for.
    public var date: CalendarDay?
    /// The reel's frame where the piece starts (its incoming transition starts here too).
    public var firstFrame: Int
    /// How many frames the piece lasts, transitions included: at least one.
    public var frameCount: Int
    /// How many frames it overlaps the previous piece (the incoming transition); 0 for the first piece, for
    /// cuts and where a neighbour is too short to share any.
    public var transitionInFrames: Int
    /// Where the piece starts in the reel: its first frame's time, to the nearest millisecond.
    public var outputStart: TimeSpan
    /// How long the piece is, transitions included: from its first frame's time to its end frame's.
    public var duration: TimeSpan
    /// How long it overlaps the previous piece: from its first frame's time to the previous piece's end.
    public var transitionIn: TimeSpan

    /// The piece on frames `firstFrame ..< firstFrame + frameCount` of a reel at `fps`, overlapping the
    /// previous one by `transitionInFrames`; its times are those frames' times.
    public init(role: Role, date: CalendarDay?, firstFrame: Int, frameCount: Int, transitionInFrames: Int, fps: Int) {
        self.role = role
        self.date = date
        self.firstFrame = firstFrame
        self.frameCount = frameCount
        self.transitionInFrames = transitionInFrames
        outputStart = TimeSpan(frame: firstFrame, fps: fps)
        duration = TimeSpan(frame: firstFrame + frameCount, fps: fps) - outputStart
        transitionIn = TimeSpan(frame: firstFrame + transitionInFrames, fps: fps) - outputStart
    }

    /// One past the piece's last frame.
    public var endFrame: Int { firstFrame + frameCount }
    /// Where the piece ends in the reel.
    public var outputEnd: TimeSpan { outputStart + duration }

    enum CodingKeys: String, CodingKey {
        case role, date
        case outputStart = "output_start"
        case duration
        case transitionIn = "transition_in"
        case firstFrame = "first_frame"
        case frameCount = "frame_count"
        case transitionInFrames = "transition_in_frames"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        role = try container.decode(Role.self, forKey: .role)
        date = try container.decodeIfPresent(CalendarDay.self, forKey: .date)
        outputStart = try container.decodeSeconds(forKey: .outputStart)
        duration = try container.decodeSeconds(forKey: .duration)
        transitionIn = try container.decodeSeconds(forKey: .transitionIn)
        firstFrame = try container.decode(Int.self, forKey: .firstFrame)
        frameCount = try container.decode(Int.self, forKey: .frameCount)
        transitionInFrames = try container.decode(Int.self, forKey: .transitionInFrames)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(role, forKey: .role)
        try container.encode(date, forKey: .date)
        try container.encode(seconds: outputStart, forKey: .outputStart)
        try container.encode(seconds: duration, forKey: .duration)
        try container.encode(seconds: transitionIn, forKey: .transitionIn)
        try container.encode(firstFrame, forKey: .firstFrame)
        try container.encode(frameCount, forKey: .frameCount)
        try container.encode(transitionInFrames, forKey: .transitionInFrames)
    }
}
