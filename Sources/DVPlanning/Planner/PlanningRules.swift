/// Everything the planner needs from a job, as one plain value: which days, where the files are, how to
/// choose, what to trim, and the reel's transitions and title cards.
///
/// The job model is adapted into this, so the planner can be tested without YAML and does not see output,
/// audio or overlay settings. It reuses the job's plain value types for day settings, clip windows and the
/// transition. Defaults are the job format's defaults.
public struct PlanningRules: Sendable, Hashable, Codable {
    /// The timeframe's days; the planner sorts them and drops repeats.
    public var days: [CalendarDay]
    /// IANA identifier of `library.timezone` (`America/Los_Angeles`).
    public var timeZoneIdentifier: String
    /// The library folders as absolute paths, in `library.paths` order: pins are resolved against them.
    public var libraryRoots: [String]
    /// The order in which the rules that give a file its day are tried (`library.day_rules`).
    public var dayRules: [DayRule]
    /// Kinds in order of preference (`selection.prefer`); kinds left out are never chosen automatically.
    public var prefer: [ClipKind]
    /// Ranking within a kind (`selection.order`).
    public var order: Job.SelectionOrder
    /// The `days:` entries, which may name days outside the timeframe (the plan warns about those).
    public var daySettings: [CalendarDay: Job.DaySettings]
    /// The window taken from a chosen video (`clips.video`).
    public var videoWindow: Job.ClipWindow
    /// The window taken from a chosen Live Photo's movie (`clips.live_photo`).
    public var livePhotoWindow: Job.ClipWindow
    /// How a day's photos show (`clips.photo`).
    public var photos: Job.Photos
    /// The analysed photos' scores (0–1, as a movie's best window scores), by absolute path (`order: best`,
    /// `clips.photo.count` above 1); a photo without one ranks after those with, in capture order.
    public var photoScores: [String: Double]
    /// The transition between neighbouring items, title cards included.
    public var transition: Job.Transition
    /// The intro card's length; zero for no intro.
    public var introDuration: TimeSpan
    /// The outro card's length; zero for no outro.
    public var outroDuration: TimeSpan
    /// How the measures of a moment count (`selection.score`).
    public var momentWeights: Job.MomentWeights
    /// The analysed clips' moments, by absolute path (`start: auto`, `order: best`); a clip without
    /// starts at 0 and ranks after those with.
    public var moments: [String: MomentScores]
    /// How a day with several clips shares the frame (`layout`); a day's own `layout` overrides it.
    public var layout: Job.Layout
    /// Looks for the clips of given cameras (`looks`), the first match winning.
    public var cameraLooks: [Job.CameraLook]
    /// How fast clips play (`clips.speed`, `clips.slow_motion`, `clips.speed_audio`); a day's `speed` overrides it.
    public var pace: Pace
    /// Who and what the chosen files must show (`selection.people`, …); a day's own (`days.<date>`) overrides it.
    public var metadata: Job.MetadataFilter?
    /// True when the plan says who and what each clip shows (its people, keywords, rating and albums, and
    /// in its reason): when the job uses the metadata keys or a caption says `{people}`. False keeps the plan
    /// of a job without them as it was.
    public var namesClips: Bool
    /// The soundtrack's beats the cuts fall on (`audio.music.sync`); nil to keep the days' own lengths.
    public var beatSync: BeatSync?

    /// How fast clips play, and the output frame rate that `slow_motion: as_shot` slows high-frame-rate clips to.
    public struct Pace: Sendable, Hashable, Codable {
        public var speed: PlaybackSpeed
        public var slowMotion: Job.SlowMotion
        public var speedAudio: Job.SpeedAudio
        /// Frames per second of the reel (every output has the same).
        public var outputFPS: Int

        public init(
            speed: PlaybackSpeed = .realTime, slowMotion: Job.SlowMotion = .realTime, speedAudio: Job.SpeedAudio = .keep, outputFPS: Int = 30
        ) {
            self.speed = speed
            self.slowMotion = slowMotion
            self.speedAudio = speedAudio
            self.outputFPS = outputFPS
        }

        /// One frame of the reel, rounded up to a whole millisecond: a Live Photo's movie shorter than this
        /// shows nothing, so its still is a photo.
        public var frameLength: TimeSpan {
            TimeSpan(milliseconds: Int64((1000 + max(outputFPS, 1) - 1) / max(outputFPS, 1)))
        }

        /// Streams this fast or faster are high-frame-rate footage (phones shoot slow motion at 120 fps and up;
        /// 60 fps is an ordinary rate).
        public static let highFrameRate = 90

        /// How fast a clip whose stream runs at `frameRate` plays on a day whose `speed` is `daySpeed`: the
        /// day's, else slowed to the output rate for high-frame-rate footage under `as_shot`, else `clips.speed`.
        public func speed(frameRate: Double?, daySpeed: PlaybackSpeed?) -> PlaybackSpeed {
            if let daySpeed { return daySpeed }
            if slowMotion == .asShot, let rate = frameRate.flatMap(Self.nominalRate), rate.frames >= Self.highFrameRate * rate.seconds,
                rate.frames > outputFPS * rate.seconds,
                let slowed = PlaybackSpeed(numerator: outputFPS * rate.seconds, denominator: rate.frames)
            {
                return slowed
            }
            return speed
        }

        /// The exact rate a measured frame rate stands for, as frames per seconds: a whole number (`240/1`)
        /// or one of the 1000/1001 rates of NTSC descent (`240000/1001` for 239.76), whichever it is within
        /// 0.02% of, else the whole number nearest to it. A clip slowed by its exact rate shows each of its
        /// frames once; slowed by a rounded one, it would show one twice and leave one out every 1000 frames.
        public static func nominalRate(_ measured: Double) -> (frames: Int, seconds: Int)? {
            guard measured.isFinite, measured >= 1, measured < 100_000 else { return nil }
            let whole = Int(measured.rounded())
            if abs(measured - Double(whole)) / measured < 0.000_2 { return (whole, 1) }
            let ntsc = Int((measured * 1.001).rounded())
            if abs(measured - Double(ntsc) * 1_000 / 1_001) / measured < 0.000_2 { return (ntsc * 1_000, 1_001) }
            return (whole, 1)
        }
    }

    public init(
        days: [CalendarDay], timeZoneIdentifier: String, libraryRoots: [String], dayRules: [DayRule] = DayRule.defaultOrder,
        prefer: [ClipKind] = Job.Selection.defaultPrefer, order: Job.SelectionOrder = .earliest,
        daySettings: [CalendarDay: Job.DaySettings] = [:], videoWindow: Job.ClipWindow = Job.Clips().video,
        livePhotoWindow: Job.ClipWindow = Job.Clips().livePhoto, photos: Job.Photos = Job.Photos(), photoScores: [String: Double] = [:],
        transition: Job.Transition = Job.Transition(),
        introDuration: TimeSpan = .zero, outroDuration: TimeSpan = .zero, momentWeights: Job.MomentWeights = Job.MomentWeights(),
        moments: [String: MomentScores] = [:], layout: Job.Layout = Job.Layout(), cameraLooks: [Job.CameraLook] = [], pace: Pace = Pace(),
        metadata: Job.MetadataFilter? = nil, namesClips: Bool = false
    ) {
        self.days = days
        self.timeZoneIdentifier = timeZoneIdentifier
        self.libraryRoots = libraryRoots
        self.dayRules = dayRules
        self.prefer = prefer
        self.order = order
        self.daySettings = daySettings
        self.videoWindow = videoWindow
        self.livePhotoWindow = livePhotoWindow
        self.photos = photos
        self.photoScores = photoScores
        self.transition = transition
        self.introDuration = introDuration
        self.outroDuration = outroDuration
        self.momentWeights = momentWeights
        self.moments = moments
        self.layout = layout
        self.cameraLooks = cameraLooks
        self.pace = pace
        self.metadata = metadata
        self.namesClips = namesClips
    }

    /// The filter that chooses `day`'s clips: the day's own, else the job's; empty when neither says anything.
    public func metadataFilter(on day: CalendarDay) -> Job.MetadataFilter {
        daySettings[day]?.metadata ?? metadata ?? Job.MetadataFilter()
    }

    /// True when choosing or trimming some clip needs its analysis: `order: best`, or `start: auto` in a
    /// clip window, a pin or a layer.
    public var wantsMoments: Bool {
        order == .best || videoWindow.start == .auto || livePhotoWindow.start == .auto
            || daySettings.values.contains { $0.pin?.start == .auto || $0.layers.contains { $0.start == .auto } }
    }

    /// Every day from `first` through `last`, both included (none when `last` is before `first`).
    public static func days(from first: CalendarDay, through last: CalendarDay) -> [CalendarDay] {
        first > last ? [] : (0...first.days(to: last)).map { first.adding(days: $0) }
    }

    /// The window for a clip of `kind`.
    public func window(for kind: ClipKind) -> Job.ClipWindow {
        switch kind {
        case .video: videoWindow
        case .livePhoto: livePhotoWindow
        case .photo: photos.window
        }
    }
}
