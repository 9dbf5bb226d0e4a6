import DVPlanning

/// How two neighbouring clips meet: the transition style and how many frames they overlap.
package struct Join: Sendable, Hashable, Codable {
    package var style: Job.Transition.Style
    /// Frames shared by the end of one clip and the start of the next (0 for a cut).
    package var frameCount: Int

    package init(style: Job.Transition.Style, frameCount: Int) {
        self.style = style
        self.frameCount = frameCount
    }
}

/// Cuts the timeline into segments: one per piece, holding the transition into it (the overlap of the
/// two pieces) and then its body, so a change to one piece touches its own segment and the next one,
/// whose transition shows its end.
///
/// One segment per piece rather than one per body and one per transition halves the number of
/// encoders opened and flushed, and lets a piece's frames be read in one pass.
package enum SegmentLayout {
    /// The segments for `clips` in order, where `joins[i]` is how clip `i` meets clip `i + 1`.
    /// A join longer than half of either clip is shortened so every body keeps at least zero frames.
    package static func segments(clips: [SegmentSource], joins: [Join], canvas: CanvasSettings) throws -> [SegmentSpec] {
        precondition(joins.count == max(clips.count - 1, 0), "one join between each pair of clips")
        let overlaps = joins.indices.map { index in
            min(joins[index].frameCount, clips[index].frameCount / 2, clips[index + 1].frameCount / 2)
        }
        var segments: [[SegmentContent]] = []
        for (index, clip) in clips.enumerated() {
            let incoming = index > 0 ? overlaps[index - 1] : 0
            let outgoing = index < overlaps.count ? overlaps[index] : 0
            var parts: [SegmentContent] = []
            if incoming > 0 {
                parts.append(.transition(style: joins[index - 1].style, from: clips[index - 1], to: clip, frameCount: incoming))
            }
            let bodyFrames = clip.frameCount - incoming - outgoing
            if bodyFrames > 0 {
                parts.append(.body(clip: clip, firstFrame: incoming, frameCount: bodyFrames))
            }
            if !parts.isEmpty {
                segments.append(parts)
            }
        }
        return try segments.enumerated().map { try SegmentSpec(position: $0.offset, parts: $0.element, canvas: canvas) }
    }
}
