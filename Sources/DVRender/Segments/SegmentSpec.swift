import DVMedia

/// What one segment shows; segments are encoded independently and joined by stream copy.
public enum SegmentContent: Sendable, Hashable, Codable {
    /// Frames `firstFrame ..< firstFrame + frameCount` of a clip (counted at the output frame rate from its window start).
    case body(clip: SegmentSource, firstFrame: Int, frameCount: Int)
    /// The last `frameCount` frames of `from` blended into the first `frameCount` frames of `to`.
    case transition(style: String, from: SegmentSource, to: SegmentSource, frameCount: Int)
}

/// One segment of the reel, in timeline order, named by the hash of everything that decides its pixels.
public struct SegmentSpec: Sendable, Hashable, Codable {
    /// Position in the timeline, 0-based.
    public var position: Int
    public var content: SegmentContent
    /// SHA-256 of the render version, the canvas settings and the content.
    public var key: String

    /// Frames this segment adds to the reel.
    public var frameCount: Int {
        switch content {
        case let .body(_, _, count): count
        case let .transition(_, _, _, count): count
        }
    }

    /// The library clips whose pixels appear in this segment.
    public var clips: [ClipSource] {
        switch content {
        case let .body(source, _, _): [source.clip].compactMap { $0 }
        case let .transition(_, from, to, _): [from.clip, to.clip].compactMap { $0 }
        }
    }

    init(position: Int, content: SegmentContent, canvas: CanvasSettings) throws {
        self.position = position
        self.content = content
        key = try Self.key(for: content, canvas: canvas)
    }

    /// The hash that names a segment: the renderer version, the canvas and the content, each in
    /// canonical JSON (sorted keys). Positions are left out: moving a day does not re-render it.
    static func key(for content: SegmentContent, canvas: CanvasSettings) throws -> String {
        let hash = ContentHash()
        hash.update("dvpipe-segment")
        hash.update(RenderVersion.renderer)
        hash.update(try JSONCoding.encoder.encode(canvas))
        hash.update(try JSONCoding.encoder.encode(content))
        return hash.finalHex()
    }
}
