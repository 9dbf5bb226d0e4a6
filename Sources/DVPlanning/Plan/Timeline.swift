/// The reel laid out in time: title cards and clips in order, each overlapping the previous one by the
/// transition.
public struct Timeline: Sendable, Hashable, Codable {
    /// Intro, one clip per day with media, outro; empty when no day has a clip.
    public var items: [TimelineItem]
    /// The transition used between every pair of neighbours.
    public var transition: Job.Transition
    /// The reel's length: the end of the last item.
    public var totalDuration: TimeSpan

    /// Lays out pieces of the given lengths in order.
    ///
    /// Neighbours overlap by the transition's duration, but never by more than half of either one (so a short
    /// clip keeps a moment of its own between its two transitions); a `cut` does not overlap. The reel is
    /// thus shorter than the sum of its pieces by the sum of the overlaps.
    public init(pieces: [(role: TimelineItem.Role, date: CalendarDay?, duration: TimeSpan)], transition: Job.Transition) {
        var items: [TimelineItem] = []
        items.reserveCapacity(pieces.count)
        for piece in pieces {
            let overlap = items.last.map { min(transition.overlap, $0.duration.half, piece.duration.half) } ?? .zero
            let start = (items.last?.outputEnd ?? .zero) - overlap
            items.append(TimelineItem(
                role: piece.role, date: piece.date, outputStart: start, duration: piece.duration, transitionIn: overlap))
        }
        self.items = items
        self.transition = transition
        self.totalDuration = items.last?.outputEnd ?? .zero
    }

    enum CodingKeys: String, CodingKey {
        case items
        case transitionStyle = "transition_style"
        case transitionDuration = "transition_duration"
        case totalDuration = "total_duration"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode([TimelineItem].self, forKey: .items)
        transition = Job.Transition(
            style: try container.decode(Job.Transition.Style.self, forKey: .transitionStyle),
            duration: try container.decodeSeconds(forKey: .transitionDuration))
        totalDuration = try container.decodeSeconds(forKey: .totalDuration)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(transition.style, forKey: .transitionStyle)
        try container.encode(seconds: transition.duration, forKey: .transitionDuration)
        try container.encode(seconds: totalDuration, forKey: .totalDuration)
    }
}
