import DVPlanning
import Testing

/// `clips.speed`, `clips.slow_motion` and a day's `speed`: which speed each day's clip plays at, how much of
/// the clip its window takes (windows count reel time), and how long the day lasts.
@Suite struct PacePlanningTests {
    /// A movie of 2024-12-`day` at noon, `seconds` long, its stream at `fps`.
    static func movie(day: Int, fps: Double, seconds: Double = 10) -> MediaEntry {
        var entry = Fixtures.movie(
            String(format: "VID_202412%02d_120000.mp4", day), local: String(format: "2024-12-%02dT12:00:00-0800", day), duration: seconds)
        if case .media(var info) = entry.probe {
            info.video?.frameRate = fps
            entry.probe = .media(info)
        }
        return entry
    }

    static func plan(
        _ index: [MediaEntry], pace: PlanningRules.Pace, video: Job.ClipWindow = Job.Clips().video,
        daySettings: [CalendarDay: Job.DaySettings] = [:], layout: Job.Layout = Job.Layout()
    ) -> Plan {
        let days = (1...index.count).map { CalendarDay(year: 2024, month: 12, day: $0)! }
        return Planner.plan(
            index: index,
            rules: PlanningRules(
                days: days, timeZoneIdentifier: "America/Los_Angeles", libraryRoots: [Fixtures.root], daySettings: daySettings,
                videoWindow: video, layout: layout, pace: pace))
    }

    static func speed(_ text: String) -> PlaybackSpeed { PlaybackSpeed(text)! }

    @Test("speeds parse exactly as decimals or fractions, in lowest terms; junk does not parse")
    func parsing() {
        #expect(PlaybackSpeed("0.25") == PlaybackSpeed(numerator: 1, denominator: 4))
        #expect(PlaybackSpeed("2")?.description == "2")
        #expect(PlaybackSpeed("1.5")?.description == "3/2")
        #expect(PlaybackSpeed("0.125")?.description == "1/8")
        #expect(PlaybackSpeed("2/6")?.description == "1/3")
        for junk in ["", "0", "1/0", "-1", "0.1234", "1e2", "1/", ".5", "two", "1.5.2", "1000000"] {
            #expect(PlaybackSpeed(junk) == nil, "\(junk)")
        }
        #expect(PlaybackSpeed.allowed.contains(Self.speed("1/4")) && !PlaybackSpeed.allowed.contains(Self.speed("1/5")))
        #expect(Self.speed("1/3").reelTime(ofSource: TimeSpan(milliseconds: 1000)) == TimeSpan(milliseconds: 3000))
        #expect(Self.speed("3").sourceTime(ofReel: TimeSpan(milliseconds: 1001)) == TimeSpan(milliseconds: 3003))
    }

    @Test("as_shot slows 240, 239.76 and 120 fps clips to the output rate by their exact rates; 60 and 30 fps clips stay at real time")
    func asShotSlowsHighFrameRates() {
        let index = [
            Self.movie(day: 1, fps: 240), Self.movie(day: 2, fps: 240_000 / 1_001), Self.movie(day: 3, fps: 120),
            Self.movie(day: 4, fps: 60), Self.movie(day: 5, fps: 30)
        ]
        let plan = Self.plan(index, pace: PlanningRules.Pace(slowMotion: .asShot, outputFPS: 30))
        #expect(plan.days.map { $0.clip?.speed?.description } == ["1/8", "1001/8000", "1/4", nil, nil], "239.76 fps is 240000/1001 frames a second")
        // The 3 s window counts reel time: it takes 3/8 s of a 240 fps clip.
        #expect(plan.days[0].clip?.duration == .seconds(3) && plan.days[0].clip?.sourceDuration == TimeSpan(milliseconds: 375))
        #expect(plan.days[2].clip?.sourceDuration == TimeSpan(milliseconds: 750))
        #expect(plan.days[3].clip?.duration == .seconds(3) && plan.days[3].clip?.sourceDuration == .seconds(3))
        #expect(plan.days[0].clip?.speedAudio == .keep && plan.days[3].clip?.speedAudio == nil)
        #expect(plan.timeline.totalDuration == .seconds(15) - TimeSpan(milliseconds: 2_000), "five 3 s days, four 0.5 s crossfades")

        // At 60 fps out, a 120 fps clip plays at half speed and a 240 fps one at a quarter.
        let sixty = Self.plan(index, pace: PlanningRules.Pace(slowMotion: .asShot, outputFPS: 60))
        #expect(sixty.days.map { $0.clip?.speed?.description } == ["1/4", "1001/4000", "1/2", nil, nil])
        // Without as_shot, every clip plays at real time.
        #expect(Self.plan(index, pace: PlanningRules.Pace()).days.allSatisfy { $0.clip?.speed == nil })
    }

    @Test("a measured rate stands for the whole or 1000/1001 rate it is within 0.02% of, else the nearest whole one")
    func nominalRates() {
        let rate = { (measured: Double) in PlanningRules.Pace.nominalRate(measured).map { "\($0.frames)/\($0.seconds)" } }
        #expect(rate(240) == "240/1" && rate(240.03) == "240/1")
        #expect(rate(240_000 / 1_001) == "240000/1001" && rate(119.88) == "120000/1001" && rate(29.97) == "30000/1001")
        #expect(rate(239.5) == "240/1", "a jittery phone clip's average: neither, so the nearest whole rate")
        #expect(rate(0) == nil && rate(.nan) == nil && rate(.infinity) == nil)
    }

    @Test("a slow-motion clip under duration: full lasts eight times its length; a 5 s window takes 5/8 s of it")
    func wholeClipLastsLonger() {
        let clip = [Self.movie(day: 1, fps: 240, seconds: 2)]
        let full = Self.plan(clip, pace: PlanningRules.Pace(slowMotion: .asShot), video: Job.ClipWindow(duration: .full))
        #expect(full.days[0].clip?.start == .zero && full.days[0].clip?.duration == .seconds(16) && full.days[0].clip?.sourceDuration == .seconds(2))
        let window = Self.plan(
            clip, pace: PlanningRules.Pace(slowMotion: .asShot), video: Job.ClipWindow(duration: .fixed(.seconds(5)), start: .middle))
        #expect(window.days[0].clip?.duration == .seconds(5) && window.days[0].clip?.sourceDuration == TimeSpan(milliseconds: 625))
        #expect(
            window.days[0].clip?.start == TimeSpan(milliseconds: 687), "the 5/8 s taken from the middle of 2 s (its start to the millisecond below)")
    }

    @Test("clips.speed applies to every clip; a day's speed wins over it and over as_shot; a clip too short fills less of its window")
    func speedPerDay() {
        let index = [Self.movie(day: 1, fps: 30), Self.movie(day: 2, fps: 240), Self.movie(day: 3, fps: 30, seconds: 4)]
        let settings: [CalendarDay: Job.DaySettings] = [CalendarDay(year: 2024, month: 12, day: 2)!: Job.DaySettings(speed: Self.speed("0.5"))]
        let plan = Self.plan(index, pace: PlanningRules.Pace(speed: Self.speed("2"), slowMotion: .asShot, speedAudio: .mute), daySettings: settings)
        #expect(plan.days.map { $0.clip?.speed?.description } == ["2", "1/2", "2"])
        #expect(plan.days.map(\.clip?.duration) == [.seconds(3), .seconds(3), .seconds(2)])
        #expect(plan.days.map(\.clip?.sourceDuration) == [.seconds(6), TimeSpan(milliseconds: 1_500), .seconds(4)])
        #expect(plan.days.allSatisfy { $0.clip?.speedAudio == .mute })
        #expect(PlanTable.render(plan).contains("0–6s ×2"))
    }

    @Test("each layer of a day of several clips plays at its own clip's speed; the day lasts its longest layer")
    func layersPlayAtTheirOwnSpeeds() {
        let index = [Self.movie(day: 1, fps: 240, seconds: 1), Self.movie(day: 1, fps: 30, seconds: 10).renamed("VID_20241201_130000.mp4")]
        let plan = Self.plan(
            index, pace: PlanningRules.Pace(slowMotion: .asShot), video: Job.ClipWindow(duration: .fixed(.seconds(4))),
            layout: Job.Layout(style: .splitH, clipsPerDay: 2))
        let day = plan.days[0]
        #expect(day.layers.map { $0.clip.speed?.description } == ["1/8", nil])
        #expect(day.layers.map(\.clip.duration) == [.seconds(4), .seconds(4)], "4 s of the reel each: half a second of the 240 fps clip")
        #expect(
            day.clip?.speed?.description == "1/8" && day.clip?.sourceDuration == TimeSpan(milliseconds: 500),
            "the day's own fields are its first layer's")
        #expect(PlanTable.render(plan).contains("VID_20241201_120000.mp4 0–0.5s ×1/8 at"))

        let settings: [CalendarDay: Job.DaySettings] = [CalendarDay(year: 2024, month: 12, day: 1)!: Job.DaySettings(speed: Self.speed("2"))]
        let doubled = Self.plan(
            index, pace: PlanningRules.Pace(slowMotion: .asShot), daySettings: settings, layout: Job.Layout(style: .splitH, clipsPerDay: 2))
        #expect(doubled.days[0].layers.map { $0.clip.speed?.description } == ["2", "2"], "the day's speed wins for every layer")
        #expect(doubled.days[0].layers.map(\.clip.duration) == [TimeSpan(milliseconds: 500), .seconds(3)], "the 1 s clip is used whole: 0.5 s")
        #expect(doubled.days[0].reelDuration == .seconds(3))
    }
}

extension MediaEntry {
    fileprivate func renamed(_ relativePath: String) -> MediaEntry {
        var entry = self
        entry.relativePath = relativePath
        entry.path = Fixtures.root + "/" + relativePath
        return entry
    }
}
