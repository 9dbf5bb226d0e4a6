/// The planner's decision for a job: one entry per day of the timeframe, the reel's timeline, warnings and
/// totals. Written as JSON (`dvpipe plan --json`, and before rendering); the shape is in `docs/plan-json.md`.
public struct Plan: Sendable, Hashable, Codable {
    /// The version of the JSON shape; bumped on any incompatible change.
    public static let formatVersion = 1

    /// `formatVersion` when the plan was made.
    public var version: Int
    /// The IANA zone days were read in.
    public var timeZone: String
    /// Every day of the timeframe, in order.
    public var days: [PlannedDay]
    public var timeline: Timeline
    /// In the order found: per-day problems in day order, then files.
    public var warnings: [PlanWarning]
    /// Every file of the library that cannot be used, in index order, whatever its day.
    public var unreadable: [UnreadableFile]
    public var totals: PlanTotals
    /// The beats the reel is cut on, when `audio.music.sync` is on and the music has a beat; nil otherwise.
    public var music: PlanMusic?

    public init(
        timeZone: String, days: [PlannedDay], timeline: Timeline, warnings: [PlanWarning], unreadable: [UnreadableFile] = [],
        totals: PlanTotals, music: PlanMusic? = nil
    ) {
        self.version = Plan.formatVersion
        self.timeZone = timeZone
        self.days = days
        self.timeline = timeline
        self.warnings = warnings
        self.unreadable = unreadable
        self.totals = totals
        self.music = music
    }

    enum CodingKeys: String, CodingKey {
        case version
        case timeZone = "time_zone"
        case days, timeline, warnings, unreadable, totals, music
    }
}

/// The beats a plan is cut on: the first track's tempo, the step, where the reel starts on the first track,
/// and the tracks in the order played.
public struct PlanMusic: Sendable, Hashable, Codable {
    /// Beats per minute of the first track.
    public var tempo: Double
    public var sync: Job.MusicSync
    /// Seconds into the first track where the reel's first frame is: its first downbeat at or after `audio.music.start`.
    public var start: Double
    /// Each track's file, in the order played.
    public var tracks: [String]
    /// The turns of the tracks under the reel, the first from `start` at the reel's first frame, each later one
    /// taking over on a bar line: what the audio stage plays, so the sound is on the beats the cuts are.
    public var turns: [MusicTurn]

    public init(tempo: Double, sync: Job.MusicSync, start: Double, tracks: [String], turns: [MusicTurn]) {
        self.tempo = tempo
        self.sync = sync
        self.start = start
        self.tracks = tracks
        self.turns = turns
    }
}

extension Plan {
    /// The place where most of the reel's days were filmed (of days with a place, ties going to the one
    /// reached first in date order), for a title card's place tokens; nil when no day has a place.
    public var mostDaysPlace: Place? {
        var counts: [Place: Int] = [:]
        var order: [Place] = []
        for place in days.filter({ $0.status.hasClip }).compactMap(\.clip?.place) {
            if counts[place] == nil { order.append(place) }
            counts[place, default: 0] += 1
        }
        var most: (place: Place, days: Int)?
        for place in order where counts[place, default: 0] > most?.days ?? 0 {
            most = (place, counts[place, default: 0])
        }
        return most?.place
    }
}

extension Plan {
    /// Changes every clip of the plan with `change`: each day's own and each of its layers'.
    public mutating func changeClips(_ change: (inout PlannedClip) -> Void) {
        for day in days.indices {
            days[day].changeClips(change)
        }
    }
}
