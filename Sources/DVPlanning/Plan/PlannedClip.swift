/// One clip as the plan takes it, for a day of one clip or for a layer of a day that shows several: the
/// file, where it was filmed and when, its window, and what its probe and the job's looks say about it.
public struct PlannedClip: Sendable, Hashable, Codable {
    /// The file relative to its library folder.
    public var file: String
    /// The file's absolute path.
    public var path: String
    public var kind: ClipKind
    /// The day the file was filmed (differs from the day it shows on for a pin from another day).
    public var sourceDate: CalendarDay
    /// The rule that gave `sourceDate`.
    public var dayRule: DayRule
    /// The file's local capture time.
    public var captureTime: LocalDateTime
    /// Where the window starts in the file, and how long it shows in the reel (the file's time it takes is
    /// `duration` × `speed`).
    public var start: TimeSpan
    public var duration: TimeSpan
    /// How fast it plays, or nil at real time.
    public var speed: PlaybackSpeed?
    /// What is heard of it when not played at real time, or nil at real time.
    public var speedAudio: Job.SpeedAudio?
    /// The whole file's length.
    public var clipLength: TimeSpan
    /// The colour description its video stream declares, with what was assumed.
    public var colour: StreamColour?
    /// How far its picture is turned, clockwise, to be shown upright (0, 90, 180 or 270, from its display
    /// matrix).
    public var rotation: Int?
    /// Which of its audio tracks is heard and why, or nil without sound.
    public var audioTrack: AudioTrackChoice?
    /// For a Motion Photo, where its movie lies in the JPEG or HEIC; nil for every other clip.
    public var motionPhoto: EmbeddedMovie?
    /// Its best window and score (`start: auto`, `order: best`); nil when not analysed.
    public var moment: MomentScores.Window?
    /// The look of its camera (`looks:`), or nil when no entry matches it.
    public var look: Job.Output.Look?
    /// Where it was shot, from its metadata, or nil when it does not say.
    public var position: GeoPosition?
    /// The name of that place (`PlaceTable`), or nil without a position or a place-name table.
    public var place: Place?
    /// For a photo, the stills it shows and how they move; nil for a movie (and then left out of plan JSON).
    public var photo: PlannedPhoto?
    /// Who the file names (its named regions, Takeout people and `People/` tags, a Live Photo's still's
    /// included), when the job asks the plan to say (`PlanningRules.namesClips`) and there is someone; else
    /// nil and left out of plan JSON, as are the three below.
    public var people: [String]?
    /// The file's keywords and tag paths, when the job asks and it has any.
    public var keywords: [String]?
    /// The file's rating (−1…5), when the job asks and it is rated.
    public var rating: Int?
    /// The albums the file is in, when the job asks and it is in any.
    public var albums: [String]?

    public init(
        file: String, path: String, kind: ClipKind, sourceDate: CalendarDay, dayRule: DayRule, captureTime: LocalDateTime,
        start: TimeSpan, duration: TimeSpan, clipLength: TimeSpan
    ) {
        self.file = file
        self.path = path
        self.kind = kind
        self.sourceDate = sourceDate
        self.dayRule = dayRule
        self.captureTime = captureTime
        self.start = start
        self.duration = duration
        self.clipLength = clipLength
    }

    /// How much of the file the window takes: `duration` at its `speed`.
    public var sourceDuration: TimeSpan { speed?.sourceTime(ofReel: duration) ?? duration }

    /// The keys of a clip in plan JSON, each field's name in snake case; a day's own keys sit beside them.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case file, path, kind
        case sourceDate = "source_date"
        case dayRule = "day_rule"
        case captureTime = "capture_time"
        case start, duration, speed
        case speedAudio = "speed_audio"
        case clipLength = "clip_length"
        case colour, rotation
        case audioTrack = "audio_track"
        case motionPhoto = "motion_photo"
        case moment, look, position, place, photo
        case people, keywords, rating, albums

        /// The keys written only when they have a value, so that a plan without them keeps its shape.
        static let optional: Set<CodingKeys> = [.photo, .people, .keywords, .rating, .albums]
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        file = try container.decode(String.self, forKey: .file)
        path = try container.decode(String.self, forKey: .path)
        kind = try container.decode(ClipKind.self, forKey: .kind)
        sourceDate = try container.decode(CalendarDay.self, forKey: .sourceDate)
        dayRule = try container.decode(DayRule.self, forKey: .dayRule)
        captureTime = try container.decode(LocalDateTime.self, forKey: .captureTime)
        start = try container.decodeSeconds(forKey: .start)
        duration = try container.decodeSeconds(forKey: .duration)
        speed = try container.decodeIfPresent(PlaybackSpeed.self, forKey: .speed)
        speedAudio = try container.decodeIfPresent(Job.SpeedAudio.self, forKey: .speedAudio)
        clipLength = try container.decodeSeconds(forKey: .clipLength)
        colour = try container.decodeIfPresent(StreamColour.self, forKey: .colour)
        rotation = try container.decodeIfPresent(Int.self, forKey: .rotation)
        audioTrack = try container.decodeIfPresent(AudioTrackChoice.self, forKey: .audioTrack)
        motionPhoto = try container.decodeIfPresent(EmbeddedMovie.self, forKey: .motionPhoto)
        moment = try container.decodeIfPresent(MomentScores.Window.self, forKey: .moment)
        look = try container.decodeIfPresent(Job.Output.Look.self, forKey: .look)
        position = try container.decodeIfPresent(GeoPosition.self, forKey: .position)
        place = try container.decodeIfPresent(Place.self, forKey: .place)
        photo = try container.decodeIfPresent(PlannedPhoto.self, forKey: .photo)
        people = try container.decodeIfPresent([String].self, forKey: .people)
        keywords = try container.decodeIfPresent([String].self, forKey: .keywords)
        rating = try container.decodeIfPresent(Int.self, forKey: .rating)
        albums = try container.decodeIfPresent([String].self, forKey: .albums)
    }

    /// Writes every key, with `null` for what the clip does not have, except `photo`, written only for a
    /// photo so that a movie's JSON keeps its shape, and `people`, `keywords`, `rating` and `albums`, written
    /// only when they have a value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
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
        try container.encode(colour, forKey: .colour)
        try container.encode(rotation, forKey: .rotation)
        try container.encode(audioTrack, forKey: .audioTrack)
        try container.encode(motionPhoto, forKey: .motionPhoto)
        try container.encode(moment, forKey: .moment)
        try container.encode(look, forKey: .look)
        try container.encode(position, forKey: .position)
        try container.encode(place, forKey: .place)
        try container.encodeIfPresent(photo, forKey: .photo)
        try container.encodeIfPresent(people, forKey: .people)
        try container.encodeIfPresent(keywords, forKey: .keywords)
        try container.encodeIfPresent(rating, forKey: .rating)
        try container.encodeIfPresent(albums, forKey: .albums)
    }

    /// Writes every key of a clip as `null`, for a day without one, so every day's JSON has the same shape.
    static func encodeNone(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        for key in CodingKeys.allCases where !CodingKeys.optional.contains(key) {
            try container.encodeNil(forKey: key)
        }
    }
}
