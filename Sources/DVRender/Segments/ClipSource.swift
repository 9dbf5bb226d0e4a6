import DVPlanning

/// One chosen clip as the executor reads it: the file's identity, the window taken from it and what is
/// drawn over it.
public struct ClipSource: Sendable, Hashable, Codable {
    /// Absolute path of the file.
    public var path: String
    /// File size and modification time: part of the identity, so an edited file re-renders.
    public var size: Int64
    public var modificationTime: Double
    /// Start of the window in the file, in milliseconds.
    public var startMilliseconds: Int
    /// Frames the clip contributes to the reel at the output frame rate.
    public var frameCount: Int
    /// The calendar day the clip stands for (`YYYY-MM-DD`), for messages and overlays.
    public var day: String
    /// The texts and pictures drawn over the clip, with the frames they show on.
    public var overlays: PieceOverlays

    public init(
        path: String, size: Int64, modificationTime: Double, startMilliseconds: Int, frameCount: Int, day: String,
        overlays: PieceOverlays = PieceOverlays()
    ) {
        self.path = path
        self.size = size
        self.modificationTime = modificationTime
        self.startMilliseconds = startMilliseconds
        self.frameCount = frameCount
        self.day = day
        self.overlays = overlays
    }
}
