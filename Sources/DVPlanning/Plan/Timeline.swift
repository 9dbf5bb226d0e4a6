/// The reel laid out in whole frames: title cards and clips in order, each overlapping the previous one by
/// the transition.
public struct Timeline: Sendable, Hashable, Codable {
    /// Intro, one clip per day with media, outro; empty when no day has a clip.
    public var items: [TimelineItem]
    /// The transition asked for between every pair of neighbours (a short piece shortens its own).
    public var transition: Job.Transition
    /// The reel's frame rate: every position and length of the timeline is a whole number of its frames.
    public var fps: Int
    /// The reel's length: the end of the last item.
    public var totalDuration: TimeSpan
    /// Frames in the reel: the last item's end frame.
    public var frameCount: Int { items.last?.endFrame ?? 0 }

    /// Lays out pieces of the given lengths in order, at `fps` frames per second.
    ///
    /// Each piece lasts its length rounded to the nearest frame, but at least one frame: a clip shorter than
    /// half a frame is held for one. Neighbours overlap by the transition's frames, but never by more than
    /// half of either one's frames (rounded down), so the transitions into and out of a piece never meet and
    /// every piece keeps at least one frame that no earlier piece shows; a piece of one frame meets both
    /// neighbours with a cut, and a `cut` never overlaps. The reel is thus shorter than the sum of its pieces
    /// by the sum of the overlaps.
    public init(pieces: [(role: TimelineItem.Role, date: CalendarDay?, duration: TimeSpan)], transition: Job.Transition, fps: Int) {
        precondition(fps > 0, "a timeline has a positive frame rate")
        let transitionFrames = transition.overlap.nearestFrame(fps: fps)
        var items: [TimelineItem] = []
        items.reserveCapacity(pieces.count)
        for piece in pieces {
            let frames = max(1, piece.duration.nearestFrame(fps: fps))
            let overlap = items.last.map { min(transitionFrames, $0.frameCount / 2, frames / 2) } ?? 0
            let first = (items.last?.endFrame ?? 0) - overlap
            items.append(
                TimelineItem(role: piece.role, date: piece.date, firstFrame: first, frameCount: frames, transitionInFrames: overlap, fps: fps))
        }
        self.items = items
        self.transition = transition
        self.fps = fps
        self.totalDuration = items.last?.outputEnd ?? .zero
    }

    /// A timeline of items already placed (cut on the beat), with the transition they were asked for.
    public init(items: [TimelineItem], transition: Job.Transition, fps: Int) {
        self.items = items
        self.transition = transition
        self.fps = fps
        self.totalDuration = items.last?.outputEnd ?? .zero
    }

    /// How many frames the transition asks for between two pieces long enough for it.
    public var transitionFrames: Int { transition.overlap.nearestFrame(fps: fps) }

    enum CodingKeys: String, CodingKey {
        case items, fps
        case transitionStyle = "transition_style"
        case transitionDuration = "transition_duration"
        case totalDuration = "total_duration"
        case frameCount = "frame_count"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        items = try container.decode([TimelineItem].self, forKey: .items)
        fps = try container.decode(Int.self, forKey: .fps)
        transition = Job.Transition(
            style: try container.decode(Job.Transition.Style.self, forKey: .transitionStyle),
            duration: try container.decodeSeconds(forKey: .transitionDuration))
        totalDuration = try container.decodeSeconds(forKey: .totalDuration)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(items, forKey: .items)
        try container.encode(fps, forKey: .fps)
        try container.encode(transition.style, forKey: .transitionStyle)
        try container.encode(seconds: transition.duration, forKey: .transitionDuration)
        try container.encode(seconds: totalDuration, forKey: .totalDuration)
        try container.encode(frameCount, forKey: .frameCount)
    }
}

extension TimeSpan {
    /// The whole millisecond nearest to the start of frame `frame` at `fps`: `nearestFrame(fps:)` gives `frame` back.
    public init(frame: Int, fps: Int) {
        self.init(milliseconds: (Int64(frame) * 2000 + Int64(fps)) / (2 * Int64(fps)))
    }
}
