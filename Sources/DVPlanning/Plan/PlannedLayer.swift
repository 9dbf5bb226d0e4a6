/// One clip of a day that shows several at once (`layout`, `days.<date>.layers`): the file, its window, and
/// where and how it is drawn on the frame.
public struct PlannedLayer: Sendable, Hashable, Codable {
    /// The file relative to its library folder.
    public var file: String
    /// The file's absolute path.
    public var path: String
    public var kind: ClipKind
    /// The day the file was filmed.
    public var sourceDate: CalendarDay
    /// Where the window starts in the file and how long the layer shows (from the day's first frame; it
    /// takes `duration` × `speed` of the file).
    public var start: TimeSpan
    public var duration: TimeSpan
    /// How fast it plays, or nil at real time.
    public var speed: PlaybackSpeed?

    /// How much of the file the layer takes: `duration` at its `speed`.
    public var sourceDuration: TimeSpan { speed?.sourceTime(ofReel: duration) ?? duration }
    /// The whole file's length.
    public var clipLength: TimeSpan
    /// Where it goes on the frame.
    public var rect: Job.UnitRect
    /// Stacking order: higher is drawn over lower, equals in list order.
    public var z: Int
    public var opacity: Double
    /// How it fills its rectangle.
    public var fit: Job.Output.Fit
    /// The colour description its video stream declares, with what was assumed (as for a day's clip).
    public var colour: StreamColour?
    /// Which of its audio tracks is heard, when its sound is.
    public var audioTrack: AudioTrackChoice?
    /// For a Motion Photo, where its movie lies in the JPEG.
    public var motionPhoto: EmbeddedMovie?
    /// Its best window and score, when it was analysed.
    public var moment: MomentScores.Window?

    public init(
        file: String, path: String, kind: ClipKind, sourceDate: CalendarDay, start: TimeSpan, duration: TimeSpan, clipLength: TimeSpan,
        rect: Job.UnitRect, z: Int = 0, opacity: Double = 1, fit: Job.Output.Fit = .cover
    ) {
        self.file = file
        self.path = path
        self.kind = kind
        self.sourceDate = sourceDate
        self.start = start
        self.duration = duration
        self.clipLength = clipLength
        self.rect = rect
        self.z = z
        self.opacity = opacity
        self.fit = fit
    }

    enum CodingKeys: String, CodingKey {
        case file, path, kind
        case sourceDate = "source_date"
        case start, duration, speed
        case clipLength = "clip_length"
        case rect, z, opacity, fit, colour
        case audioTrack = "audio_track"
        case motionPhoto = "motion_photo"
        case moment
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        file = try container.decode(String.self, forKey: .file)
        path = try container.decode(String.self, forKey: .path)
        kind = try container.decode(ClipKind.self, forKey: .kind)
        sourceDate = try container.decode(CalendarDay.self, forKey: .sourceDate)
        start = try container.decodeSeconds(forKey: .start)
        duration = try container.decodeSeconds(forKey: .duration)
        speed = try container.decodeIfPresent(PlaybackSpeed.self, forKey: .speed)
        clipLength = try container.decodeSeconds(forKey: .clipLength)
        rect = try container.decode(Job.UnitRect.self, forKey: .rect)
        z = try container.decode(Int.self, forKey: .z)
        opacity = try container.decode(Double.self, forKey: .opacity)
        fit = try container.decode(Job.Output.Fit.self, forKey: .fit)
        colour = try container.decodeIfPresent(StreamColour.self, forKey: .colour)
        audioTrack = try container.decodeIfPresent(AudioTrackChoice.self, forKey: .audioTrack)
        motionPhoto = try container.decodeIfPresent(EmbeddedMovie.self, forKey: .motionPhoto)
        moment = try container.decodeIfPresent(MomentScores.Window.self, forKey: .moment)
    }

    /// Writes every key, with `null` for what the layer does not have.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(path, forKey: .path)
        try container.encode(kind, forKey: .kind)
        try container.encode(sourceDate, forKey: .sourceDate)
        try container.encode(seconds: start, forKey: .start)
        try container.encode(seconds: duration, forKey: .duration)
        try container.encode(speed, forKey: .speed)
        try container.encode(seconds: clipLength, forKey: .clipLength)
        try container.encode(rect, forKey: .rect)
        try container.encode(z, forKey: .z)
        try container.encode(opacity, forKey: .opacity)
        try container.encode(fit, forKey: .fit)
        try container.encode(colour, forKey: .colour)
        try container.encode(audioTrack, forKey: .audioTrack)
        try container.encode(motionPhoto, forKey: .motionPhoto)
        try container.encode(moment, forKey: .moment)
    }
}
