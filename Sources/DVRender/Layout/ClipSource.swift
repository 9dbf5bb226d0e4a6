import DVMedia
import DVPlanning
import DVSignal

/// One chosen clip as the executor reads it: the file, its content identity, the window taken from it and
/// what is drawn over it.
///
/// Encoded (for keys) without its path: what names the work is the file's content, not where it lies.
package struct ClipSource: Sendable, Hashable, Encodable {
    /// Absolute path of the file, to read it; not part of the identity.
    package var path: String
    /// Where the movie lies inside the file (a Motion Photo's), or nil for the whole file; not part of the
    /// identity either, since the file's content decides it.
    package var byteRange: Range<Int>?
    /// The file's content digest (`ContentDigests`), or empty when it could not be read.
    package var identity: String
    /// Start of the window in the file, in milliseconds.
    package var startMilliseconds: Int
    /// Frames the clip contributes to the reel at the output frame rate.
    package var frameCount: Int
    /// The calendar day the clip stands for (`YYYY-MM-DD`), for messages and overlays.
    package var day: String
    /// The texts and pictures drawn over the clip, with the frames they show on.
    package var overlays: PieceOverlays
    /// For a day that shows several clips at once, all of them in the day's list order (this clip first);
    /// nil for a day of one clip, whose key is then what it always was.
    package var layers: [ClipLayer]?
    /// The look of the clip's camera (`looks:`), applied before the canvas's; nil for none, and then the
    /// key is what it always was.
    package var look: AppliedLook?
    /// Where the crop window goes over the clip's frames (`fit: subject`); nil for any other fit.
    package var framing: SubjectFraming?
    /// How fast the clip plays; nil at real time, and then the key is what it always was.
    package var speed: PlaybackSpeed?
    /// For a photo day, the photos shown and their motion; nil for a movie, and then the key is what it
    /// always was.
    package var still: StillShow?
    /// Where the piece's texts and pictures are drawn when placing them together moved one off its anchor
    /// (`TextPlacement`), so the key names the move; nil when each is where its anchor puts it.
    package var placedOverlays: [PixelRect]?

    package init(
        path: String, byteRange: Range<Int>? = nil, identity: String, startMilliseconds: Int, frameCount: Int, day: String,
        overlays: PieceOverlays = PieceOverlays(), layers: [ClipLayer]? = nil, look: AppliedLook? = nil, framing: SubjectFraming? = nil,
        speed: PlaybackSpeed? = nil, still: StillShow? = nil
    ) {
        self.path = path
        self.byteRange = byteRange
        self.identity = identity
        self.startMilliseconds = startMilliseconds
        self.frameCount = frameCount
        self.day = day
        self.overlays = overlays
        self.layers = layers
        self.look = look
        self.framing = framing
        self.speed = speed
        self.still = still
    }

    private enum CodingKeys: String, CodingKey {
        case identity, startMilliseconds, frameCount, day, overlays, layers, look, framing, speed, still, placedOverlays
    }

    /// Seconds into the file that the clip's frame `frame` shows: at real time its start, at another speed
    /// the middle of its share of the file (as `ClipReader` reads it).
    package func sourceSeconds(atFrame frame: Int, fps: Int) -> Double {
        guard let speed else { return Double(startMilliseconds) / 1000 + Double(frame) / Double(fps) }
        return Double(startMilliseconds) / 1000 + (Double(frame) + 0.5) * Double(speed.numerator) / Double(fps * speed.denominator)
    }
}

/// One of the clips a layered day shows at once, as the executor reads it: the file, its window, and the
/// rectangle it is fitted into. Encoded (for keys) without its path.
package struct ClipLayer: Sendable, Hashable, Encodable {
    /// Absolute path of the file, to read it; not part of the identity.
    package var path: String
    /// Where the movie lies inside the file (a Motion Photo's); not part of the identity.
    package var byteRange: Range<Int>?
    /// The file's content digest.
    package var identity: String
    /// Start of its window in the file, in milliseconds.
    package var startMilliseconds: Int
    /// Frames it shows, from the piece's first frame; past them its rectangle shows the background.
    package var frameCount: Int
    /// Its rectangle in canvas pixels (even offsets and sizes, at least 16).
    package var rect: PixelRect
    /// Stacking order: higher is drawn over lower, equals in list order.
    package var z: Int
    package var opacity: Double
    /// How it fills its rectangle.
    package var fit: Job.Output.Fit
    /// Where the crop window goes over its frames (`fit: subject`); nil for any other fit.
    package var framing: SubjectFraming?
    /// How fast it plays; nil at real time, and then the key is what it always was.
    package var speed: PlaybackSpeed?
    /// The look of its camera (`looks:`), applied before the canvas's; nil for none, and then the key is
    /// what it always was.
    package var look: AppliedLook?
    /// For a photo, the photo and its motion in the rectangle; nil for a movie, and then the key is what it
    /// always was.
    package var still: StillShow?

    package init(
        path: String, byteRange: Range<Int>? = nil, identity: String, startMilliseconds: Int, frameCount: Int, rect: PixelRect, z: Int = 0,
        opacity: Double = 1, fit: Job.Output.Fit = .cover, framing: SubjectFraming? = nil, speed: PlaybackSpeed? = nil, look: AppliedLook? = nil,
        still: StillShow? = nil
    ) {
        self.path = path
        self.byteRange = byteRange
        self.identity = identity
        self.startMilliseconds = startMilliseconds
        self.frameCount = frameCount
        self.rect = rect
        self.z = z
        self.opacity = opacity
        self.fit = fit
        self.framing = framing
        self.speed = speed
        self.look = look
        self.still = still
    }

    private enum CodingKeys: String, CodingKey {
        case identity, startMilliseconds, frameCount, rect, z, opacity, fit, framing, speed, look, still
    }

    /// The layer as a clip of its own, for loading it: its window, frames and look, on `day`.
    func clip(day: String) -> ClipSource {
        ClipSource(
            path: path, byteRange: byteRange, identity: identity, startMilliseconds: startMilliseconds, frameCount: frameCount, day: day,
            look: look, framing: framing, speed: speed, still: still)
    }
}
