/// The pieces too short for what the job asks of them, as `plan` reports them.
extension Timeline {
    /// A piece whose transitions were shortened (each takes at most half of it, down to a cut), or that is
    /// held for a frame because it lasts less than half of one.
    public struct ShortPiece: Sendable, Hashable {
        public var item: TimelineItem
        /// How long the piece asked to last (a clip's window at its speed, a card's duration).
        public var wanted: TimeSpan
        /// True when it lasts one frame because it asked for less than half of one.
        public var held: Bool
        /// Frames of the transition into it and out of it; nil where it has no neighbour on that side.
        public var transitionIn: Int?, transitionOut: Int?

        /// `2024-12-08: a 0.1s clip lasts 3 frames: crossfade in 1 frame and out 1 frame of 15`, or
        /// `intro: a 0.01s card is held for 1 frame: cut in and out`.
        public func sentence(style: Job.Transition.Style, asked: Int) -> String {
            let subject = "\(item.date?.description ?? item.role.rawValue): a \(wanted.secondsText)s \(item.role == .clip ? "clip" : "card")"
            let length = held ? "is held for 1 frame" : "lasts \(frames(item.frameCount))"
            let sides = [("in", transitionIn), ("out", transitionOut)].compactMap { side, count in count.map { (side, $0) } }
            let cuts = sides.filter { $0.1 == 0 }.map(\.0), blends = sides.filter { $0.1 > 0 }.map { "\($0.0) \(frames($0.1))" }
            let joins = [
                cuts.isEmpty ? nil : "cut " + cuts.joined(separator: " and "),
                blends.isEmpty ? nil : "\(style.rawValue) " + blends.joined(separator: " and ") + " of \(asked)"
            ].compactMap { $0 }
            return "\(subject) \(length): " + joins.joined(separator: ", ")
        }

        private func frames(_ count: Int) -> String { count == 1 ? "1 frame" : "\(count) frames" }
    }

    /// The pieces too short for the transition (for a style other than `cut`): shorter than twice its
    /// frames, they shorten the transitions into and out of them to half of their own frames; and the pieces
    /// that last one frame though they asked for less than half of one. `wanted` gives how long each item
    /// asked to last.
    public func shortPieces(wanted: (TimelineItem) -> TimeSpan) -> [ShortPiece] {
        let asked = transition.style == .cut ? 0 : transitionFrames
        return items.indices.compactMap { index in
            let item = items[index]
            let incoming = index > 0 ? item.transitionInFrames : nil
            let outgoing = index + 1 < items.count ? items[index + 1].transitionInFrames : nil
            let length = wanted(item)
            let held = length.nearestFrame(fps: fps) == 0
            let shortened = item.frameCount / 2 < asked && items.count > 1
            guard held || shortened else { return nil }
            return ShortPiece(item: item, wanted: length, held: held, transitionIn: incoming, transitionOut: outgoing)
        }
    }
}

extension Plan {
    /// The sentences `plan` prints for the reel's short pieces (see `Timeline.shortPieces`).
    public var shortPieceSentences: [String] {
        let lengths = Dictionary(days.compactMap { day in day.reelDuration.map { (day.date, $0) } }, uniquingKeysWith: { first, _ in first })
        return timeline.shortPieces { item in
            item.date.flatMap { lengths[$0] } ?? item.duration
        }.map { $0.sentence(style: timeline.transition.style, asked: timeline.transitionFrames) }
    }
}
