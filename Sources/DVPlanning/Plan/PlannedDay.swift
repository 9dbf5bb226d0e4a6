/// One day of the timeframe in a plan: the clip that stands for it (if any), why, and where it sits in the reel.
public struct PlannedDay: Sendable, Hashable, Codable {
    public var date: CalendarDay
    /// English weekday abbreviation (`Mon` … `Sun`).
    public var weekday: String
    public var status: DayStatus
    /// Why, in words: `pinned`, `pinned from 2024-12-06`, `video 1 of 3`, `live photo 1 of 1`, `skipped`,
    /// `no media`.
    public var reason: String
    /// The chosen clip, or nil for a day without one. A day with layers has its first layer's clip here.
    public var clip: PlannedClip?
    /// Where the window starts in the reel.
    public var outputStart: TimeSpan?
    /// The day's caption, if the job gives one.
    public var caption: String?
    /// The clips shown at once, in list order (the first is `clip`), for a day with several; empty for a
    /// day of one clip.
    public var layers: [PlannedLayer] = []
    /// Whose sound a day with layers plays; nil for a day of one clip.
    public var layerAudio: Job.LayerAudio?
    /// How many of the music's beats the day lasts, when the reel is cut on the beat (`audio.music.sync`).
    public var beats: Int?
    /// Where the cut into the day falls in the reel (the middle of its transition in), when cut on the beat.
    public var cut: TimeSpan?

    /// How long the day shows in the reel: its clip's window, or its longest layer's.
    public var reelDuration: TimeSpan? {
        layers.map(\.clip.duration).max() ?? clip?.duration
    }

    /// Changes every clip the day shows with `change`: its own and each of its layers'.
    public mutating func changeClips(_ change: (inout PlannedClip) -> Void) {
        if var clip {
            change(&clip)
            self.clip = clip
        }
        for layer in layers.indices {
            change(&layers[layer].clip)
        }
    }

    /// The paths of every file the day shows: its clip's, or its layers'.
    public var paths: [String] {
        layers.isEmpty ? [clip?.path].compactMap { $0 } : layers.map(\.clip.path)
    }

    /// The paths of the stills the day shows as photos: its clip's, or its layers'.
    public var photoPaths: [String] {
        (layers.isEmpty ? [clip].compactMap { $0 } : layers.map(\.clip)).flatMap { $0.photo?.shots.map(\.path) ?? [] }
    }

    public init(date: CalendarDay, status: DayStatus, reason: String, caption: String? = nil) {
        self.date = date
        self.weekday = PlannedDay.weekdayNames[date.weekday - 1]
        self.status = status
        self.reason = reason
        self.caption = caption
    }

    private static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// The day's own keys; its clip's keys sit beside them in one JSON object, all `null` without a clip.
    enum CodingKeys: String, CodingKey {
        case date, weekday, status, reason
        case outputStart = "output_start"
        case caption, layers
        case layerAudio = "layer_audio"
        case beats, cut
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        date = try container.decode(CalendarDay.self, forKey: .date)
        weekday = try container.decode(String.self, forKey: .weekday)
        status = try container.decode(DayStatus.self, forKey: .status)
        reason = try container.decode(String.self, forKey: .reason)
        let clipKeys = try decoder.container(keyedBy: PlannedClip.CodingKeys.self)
        clip = try clipKeys.contains(.file) && !clipKeys.decodeNil(forKey: .file) ? PlannedClip(from: decoder) : nil
        outputStart = try container.decodeSecondsIfPresent(forKey: .outputStart)
        caption = try container.decodeIfPresent(String.self, forKey: .caption)
        layers = try container.decodeIfPresent([PlannedLayer].self, forKey: .layers) ?? []
        layerAudio = try container.decodeIfPresent(Job.LayerAudio.self, forKey: .layerAudio)
        beats = try container.decodeIfPresent(Int.self, forKey: .beats)
        cut = try container.decodeSecondsIfPresent(forKey: .cut)
    }

    /// Writes every key, with `null` for what the day does not have, so the JSON shape is the same for all days.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(date, forKey: .date)
        try container.encode(weekday, forKey: .weekday)
        try container.encode(status, forKey: .status)
        try container.encode(reason, forKey: .reason)
        try container.encode(seconds: outputStart, forKey: .outputStart)
        try container.encode(caption, forKey: .caption)
        try container.encode(layers, forKey: .layers)
        try container.encode(layerAudio, forKey: .layerAudio)
        if let beats, let cut {
            try container.encode(beats, forKey: .beats)
            try container.encode(seconds: cut, forKey: .cut)
        }
        if let clip {
            try clip.encode(to: encoder)
        } else {
            try PlannedClip.encodeNone(to: encoder)
        }
    }
}
