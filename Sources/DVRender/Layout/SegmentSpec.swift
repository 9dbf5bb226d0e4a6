import DVMedia
import DVPlanning

/// One run of frames a segment shows; a segment is one or two of them, encoded together.
package enum SegmentContent: Sendable, Hashable, Encodable {
    /// Frames `firstFrame ..< firstFrame + frameCount` of a clip (counted at the output frame rate from its window start).
    case body(clip: SegmentSource, firstFrame: Int, frameCount: Int)
    /// The last `frameCount` frames of `from` blended into the first `frameCount` frames of `to`.
    case transition(style: Job.Transition.Style, from: SegmentSource, to: SegmentSource, frameCount: Int)

    /// Frames this part adds to the reel.
    var frameCount: Int {
        switch self {
        case let .body(_, _, count): count
        case let .transition(_, _, _, count): count
        }
    }

    /// The pieces whose pixels appear in this part.
    var sources: [SegmentSource] {
        switch self {
        case let .body(source, _, _): [source]
        case let .transition(_, from, to, _): [from, to]
        }
    }
}

/// One segment of the reel, in timeline order, named by the hash of everything that decides its pixels.
/// Segments are encoded independently and joined by stream copy.
package struct SegmentSpec: Sendable, Hashable {
    /// Position in the timeline, 0-based.
    package var position: Int
    /// What the segment shows, in order: a piece's incoming transition, then its body.
    package var parts: [SegmentContent]
    /// The segment's `WorkKey`: the canvas settings and the parts, with the files in them by content.
    package var key: String

    /// Frames this segment adds to the reel.
    package var frameCount: Int {
        parts.map(\.frameCount).reduce(0, +)
    }

    /// The library clips whose pixels appear in this segment, each once, in order.
    package var clips: [ClipSource] {
        var seen: [ClipSource] = []
        for clip in parts.flatMap(\.sources).compactMap(\.clip) where !seen.contains(clip) {
            seen.append(clip)
        }
        return seen
    }

    /// Every library file the segment reads: its clips, their layers, and a card's backdrop clip.
    package var libraryPaths: Set<String> {
        var paths = Set<String>()
        for source in parts.flatMap(\.sources) {
            switch source {
            case let .clip(clip):
                let photos = ([clip.still] + (clip.layers ?? []).map(\.still)).flatMap { $0?.shots.map(\.path) ?? [] }
                paths.formUnion([clip.path] + (clip.layers ?? []).map(\.path) + photos)
            case let .card(card): paths.formUnion([card.backdrop?.path].compactMap { $0 })
            }
        }
        return paths
    }

    init(position: Int, parts: [SegmentContent], canvas: CanvasSettings) throws {
        self.position = position
        self.parts = parts
        key = try Self.key(for: parts, canvas: canvas)
    }

    /// The key that names a segment: the canvas and the parts. Positions are left out: moving a day does
    /// not re-render it.
    static func key(for parts: [SegmentContent], canvas: CanvasSettings) throws -> String {
        struct Material: Encodable {
            var canvas: CanvasSettings
            var parts: [SegmentContent]
        }
        return try WorkKey.make("segment", Material(canvas: canvas, parts: parts))
    }
}
