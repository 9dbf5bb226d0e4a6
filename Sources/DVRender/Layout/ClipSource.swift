import DVPlanning

/// One chosen clip as the executor reads it: the file, its content identity, the window taken from it and
/// what is drawn over it.
///
/// Encoded (for keys) without its path: what names the work is the file's content, not where it lies.
public struct ClipSource: Sendable, Hashable, Encodable {
    /// Absolute path of the file, to read it; not part of the identity.
    public var path: String
    /// Where the movie lies inside the file (a Motion Photo's), or nil for the whole file; not part of the
    /// identity either, since the file's content decides it.
    public var byteRange: Range<Int>?
    /// The file's content digest (`ContentDigests`), or empty when it could not be read.
    public var identity: String
    /// Start of the window in the file, in milliseconds.
    public var startMilliseconds: Int
    /// Frames the clip contributes to the reel at the output frame rate.
    public var frameCount: Int
    /// The calendar day the clip stands for (`YYYY-MM-DD`), for messages and overlays.
    public var day: String
    /// The texts and pictures drawn over the clip, with the frames they show on.
    public var overlays: PieceOverlays

    public init(
        path: String, byteRange: Range<Int>? = nil, identity: String, startMilliseconds: Int, frameCount: Int, day: String,
        overlays: PieceOverlays = PieceOverlays()
    ) {
        self.path = path
        self.byteRange = byteRange
        self.identity = identity
        self.startMilliseconds = startMilliseconds
        self.frameCount = frameCount
        self.day = day
        self.overlays = overlays
    }

    private enum CodingKeys: String, CodingKey {
        case identity, startMilliseconds, frameCount, day, overlays
    }
}
