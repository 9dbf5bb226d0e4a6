/// One piece of the reel in output order: a title card or a day's clip.
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
    /// Where the piece starts in the reel (its incoming transition starts here too).
    public var outputStart: TimeSpan
    /// How long the piece is, transitions included.
    public var duration: TimeSpan
    /// How long it overlaps the previous piece (the incoming transition); zero for the first piece and for cuts.
    public var transitionIn: TimeSpan

    public init(role: Role, date: CalendarDay?, outputStart: TimeSpan, duration: TimeSpan, transitionIn: TimeSpan) {
        self.role = role
        self.date = date
        self.outputStart = outputStart
        self.duration = duration
        self.transitionIn = transitionIn
    }

    /// Where the piece ends in the reel.
    public var outputEnd: TimeSpan { outputStart + duration }

    enum CodingKeys: String, CodingKey {
        case role, date
        case outputStart = "output_start"
        case duration
        case transitionIn = "transition_in"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        role = try container.decode(Role.self, forKey: .role)
        date = try container.decodeIfPresent(CalendarDay.self, forKey: .date)
        outputStart = try container.decodeSeconds(forKey: .outputStart)
        duration = try container.decodeSeconds(forKey: .duration)
        transitionIn = try container.decodeSeconds(forKey: .transitionIn)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(role, forKey: .role)
        try container.encode(date, forKey: .date)
        try container.encode(seconds: outputStart, forKey: .outputStart)
        try container.encode(seconds: duration, forKey: .duration)
        try container.encode(seconds: transitionIn, forKey: .transitionIn)
    }
}
