/// A validated job file: which days, where the footage is, how to pick a clip per day, how the reel looks.
///
/// Obtain one from `JobLoader`; every key the file leaves out holds the default of `job-format.md`.
public struct Job: Sendable, Hashable, Codable {
    /// The job file's path as it was given to the loader.
    public var file: String
    /// The format version; always 1.
    public var version: Int
    /// A display name; default: the file's stem.
    public var name: String
    public var library: Library
    public var timeframe: Timeframe
    public var selection: Selection
    /// Per-day settings (pins, captions, skips), keyed by day.
    public var days: [CalendarDay: DaySettings]
    public var clips: Clips
    /// Every output the reel is rendered into (`output:`, or each of `outputs:`), all from one plan and
    /// at one frame rate, so that their cuts fall on the same frames.
    public var outputs: [Output]
    /// The first output: the only one unless the job lists `outputs:`.
    public var output: Output {
        get { outputs[0] }
        set { outputs[0] = newValue }
    }
    public var transition: Transition
    public var audio: Audio
    /// Drawn in order on every clip.
    public var overlays: [Overlay]
    /// How captions look unless a caption says otherwise.
    public var captions: CaptionStyle
    /// An optional title card before the first clip.
    public var intro: TitleCard?
    /// An optional title card after the last clip.
    public var outro: TitleCard?
    /// How a day with several clips shares the frame; one clip a day unless it says otherwise.
    public var layout: Layout
    /// Looks for the clips of given cameras (`looks:`), the first match winning; applied before `output.look`.
    public var looks: [CameraLook]
    /// The people the framing keeps in the frame (`subject:`); nil: every named face (or, without names,
    /// every face found).
    public var subject: Subject?

    public init(
        file: String, version: Int = 1, name: String, library: Library, timeframe: Timeframe,
        selection: Selection = Selection(), days: [CalendarDay: DaySettings] = [:], clips: Clips = Clips(),
        output: Output, transition: Transition = Transition(), audio: Audio = Audio(), overlays: [Overlay] = [],
        captions: CaptionStyle = CaptionStyle(), intro: TitleCard? = nil, outro: TitleCard? = nil,
        layout: Layout = Layout(), looks: [CameraLook] = []
    ) {
        self.file = file
        self.version = version
        self.name = name
        self.library = library
        self.timeframe = timeframe
        self.selection = selection
        self.days = days
        self.clips = clips
        outputs = [output]
        self.transition = transition
        self.audio = audio
        self.overlays = overlays
        self.captions = captions
        self.intro = intro
        self.outro = outro
        self.layout = layout
        self.looks = looks
    }
}
