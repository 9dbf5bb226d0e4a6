/// One day of the timeframe in a plan: the clip that stands for it (if any), why, and where it sits in the reel.
public struct PlannedDay: Sendable, Hashable, Codable {
    public var date: CalendarDay
    /// English weekday abbreviation (`Mon` … `Sun`).
    public var weekday: String
    public var status: DayStatus
    /// Why, in words: `pinned`, `pinned from 2024-12-06`, `video 1 of 3`, `live photo 1 of 1`, `skipped`,
    /// `no media`.
    public var reason: String
    /// The chosen file relative to its library folder, or nil.
    public var file: String?
    /// The chosen file's absolute path, or nil.
    public var path: String?
    public var kind: ClipKind?
    /// The day the chosen file was filmed (differs from `date` for a pin from another day).
    public var sourceDate: CalendarDay?
    /// The rule that gave `sourceDate`.
    public var dayRule: DayRule?
    /// The file's local capture time.
    public var captureTime: LocalDateTime?
    /// The trim: where the window starts in the file, and how long it shows in the reel (the file's time it
    /// takes is `duration` × `speed`).
    public var start: TimeSpan?
    public var duration: TimeSpan?
    /// How fast the clip plays, or nil at real time.
    public var speed: PlaybackSpeed?
    /// What is heard of a clip not played at real time, or nil at real time.
    public var speedAudio: Job.SpeedAudio?
    /// The whole file's length.
    public var clipLength: TimeSpan?
    /// Where the window starts in the reel.
    public var outputStart: TimeSpan?
    /// The day's caption, if the job gives one.
    public var caption: String?
    /// The colour description the chosen clip's video stream declares, or nil without a clip.
    public var colour: StreamColour?
    /// How far the chosen clip's picture is turned, clockwise, to be shown upright (0, 90, 180 or 270, from
    /// its display matrix), or nil without a clip.
    public var rotation: Int?
    /// Which of the chosen clip's audio tracks is heard and why, or nil without a clip or sound.
    public var audioTrack: AudioTrackChoice?
    /// For a Motion Photo, where its movie lies in the JPEG or HEIC; nil for every other clip.
    public var motionPhoto: EmbeddedMovie?
    /// The analysed clip's best window and its score (`start: auto`, `order: best`); nil when not analysed.
    public var moment: MomentScores.Window?
    /// The clips shown at once, in list order (the first is the one the fields above describe), for a day
    /// with several; empty for a day of one clip.
    public var layers: [PlannedLayer] = []
    /// Whose sound a day with layers plays; nil for a day of one clip.
    public var layerAudio: Job.LayerAudio?
    /// The look of the chosen clip's camera (`looks:`), or nil when no entry matches it.
    public var look: Job.Output.Look?
    /// Where the chosen clip was shot, from its metadata, or nil when it does not say.
    public var position: GeoPosition?
    /// The name of that place (`PlaceTable`), or nil without a position or a place-name table.
    public var place: Place?

    /// How much of the file the window takes: `duration` at its `speed`.
    public var sourceDuration: TimeSpan? {
        duration.map { speed?.sourceTime(ofReel: $0) ?? $0 }
    }

    /// How long the day shows in the reel: its clip's window, or its longest layer's.
    public var reelDuration: TimeSpan? {
        layers.map(\.duration).max() ?? duration
    }

    public init(date: CalendarDay, status: DayStatus, reason: String, caption: String? = nil) {
        self.date = date
        self.weekday = PlannedDay.weekdayNames[date.weekday - 1]
        self.status = status
        self.reason = reason
        self.caption = caption
    }

    private static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    enum CodingKeys: String, CodingKey {
        case date, weekday, status, reason, file, path, kind
        case sourceDate = "source_date"
        case dayRule = "day_rule"
        case captureTime = "capture_time"
        case start, duration, speed
        case speedAudio = "speed_audio"
        case clipLength = "clip_length"
        case outputStart = "output_start"
        case caption, colour, rotation
        case audioTrack = "audio_track"
        case motionPhoto = "motion_photo"
        case moment, layers
        case layerAudio = "layer_audio"
        case look, position, place
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decode(CalendarDay.self, forKey: .date)
        weekday = try container.decode(String.self, forKey: .weekday)
        status = try container.decode(DayStatus.self, forKey: .status)
        reason = try container.decode(String.self, forKey: .reason)
        file = try container.decodeIfPresent(String.self, forKey: .file)
        path = try container.decodeIfPresent(String.self, forKey: .path)
        kind = try container.decodeIfPresent(ClipKind.self, forKey: .kind)
        sourceDate = try container.decodeIfPresent(CalendarDay.self, forKey: .sourceDate)
        dayRule = try container.decodeIfPresent(DayRule.self, forKey: .dayRule)
        captureTime = try container.decodeIfPresent(LocalDateTime.self, forKey: .captureTime)
        start = try container.decodeSecondsIfPresent(forKey: .start)
        duration = try container.decodeSecondsIfPresent(forKey: .duration)
        speed = try container.decodeIfPresent(PlaybackSpeed.self, forKey: .speed)
        speedAudio = try container.decodeIfPresent(Job.SpeedAudio.self, forKey: .speedAudio)
        clipLength = try container.decodeSecondsIfPresent(forKey: .clipLength)
        outputStart = try container.decodeSecondsIfPresent(forKey: .outputStart)
        caption = try container.decodeIfPresent(String.self, forKey: .caption)
        colour = try container.decodeIfPresent(StreamColour.self, forKey: .colour)
        rotation = try container.decodeIfPresent(Int.self, forKey: .rotation)
        audioTrack = try container.decodeIfPresent(AudioTrackChoice.self, forKey: .audioTrack)
        motionPhoto = try container.decodeIfPresent(EmbeddedMovie.self, forKey: .motionPhoto)
        moment = try container.decodeIfPresent(MomentScores.Window.self, forKey: .moment)
        layers = try container.decodeIfPresent([PlannedLayer].self, forKey: .layers) ?? []
        layerAudio = try container.decodeIfPresent(Job.LayerAudio.self, forKey: .layerAudio)
        look = try container.decodeIfPresent(Job.Output.Look.self, forKey: .look)
        position = try container.decodeIfPresent(GeoPosition.self, forKey: .position)
        place = try container.decodeIfPresent(Place.self, forKey: .place)
    }

    /// Writes every key, with `null` for what the day does not have, so the JSON shape is the same for all days.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(weekday, forKey: .weekday)
        try container.encode(status, forKey: .status)
        try container.encode(reason, forKey: .reason)
        try container.encode(file, forKey: .file)
        try container.encode(path, forKey: .path)
        try container.encode(kind, forKey: .kind)
        try container.encode(sourceDate, forKey: .sourceDate)
        try container.encode(dayRule, forKey: .dayRule)
        try container.encode(captureTime, forKey: .captureTime)
        try container.encode(seconds: start, forKey: .start)
        try container.encode(seconds: duration, forKey: .duration)
        try container.encode(speed, forKey: .speed)
        try container.encode(speedAudio, forKey: .speedAudio)
        try container.encode(seconds: clipLength, forKey: .clipLength)
        try container.encode(seconds: outputStart, forKey: .outputStart)
        try container.encode(caption, forKey: .caption)
        try container.encode(colour, forKey: .colour)
        try container.encode(rotation, forKey: .rotation)
        try container.encode(audioTrack, forKey: .audioTrack)
        try container.encode(motionPhoto, forKey: .motionPhoto)
        try container.encode(moment, forKey: .moment)
        try container.encode(layers, forKey: .layers)
        try container.encode(layerAudio, forKey: .layerAudio)
        try container.encode(look, forKey: .look)
        try container.encode(position, forKey: .position)
        try container.encode(place, forKey: .place)
    }
}
