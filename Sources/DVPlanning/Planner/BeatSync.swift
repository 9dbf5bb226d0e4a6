/// What the planner needs to cut on a soundtrack's beats (`audio.music.sync`): the step the cuts follow, each
/// track's file, where it starts and its beat grid, in the order played.
public struct BeatSync: Sendable, Hashable, Codable {
    /// `beats` or `bars`.
    public var sync: Job.MusicSync
    /// Each track's file, in the order played.
    public var files: [String]
    /// Where each track starts playing (`audio.music.start`), in the order played.
    public var starts: [TimeSpan]
    /// Each track's beat grid, in the order played; empty or short when a track could not be tracked.
    public var grids: [BeatGrid]

    /// Whether the last track plays again, bar line to bar line, once the tracks have played (`audio.music.loop`).
    public var loop: Bool

    public init(sync: Job.MusicSync, files: [String], starts: [TimeSpan], grids: [BeatGrid], loop: Bool = false) {
        self.sync = sync
        self.files = files
        self.starts = starts
        self.grids = grids
        self.loop = loop
    }

    /// The beat sync a job asks for, over the tracks' `grids` (in the order played); nil when it asks for none.
    public init?(job: Job, grids: [BeatGrid]) {
        let tracks = job.audio.musicTracks
        guard let sync = tracks.first?.sync, sync != .off else { return nil }
        self.init(
            sync: sync, files: tracks.map(\.file), starts: tracks.map { $0.start ?? .zero }, grids: grids, loop: tracks.first?.loop ?? false)
    }

    /// The longest reel, in seconds, that a looped track's turns are laid out for.
    public static let longestReel = 6.0 * 3600

    /// The file of the first track whose grid has no beat (or is missing); nil when every track has beats.
    public var beatlessFile: String? {
        files.indices.first { $0 >= grids.count || !grids[$0].hasBeat }.map { files[$0] }
    }

    /// The beats on the reel's clock and the turns of the tracks that play them: the first track from its first
    /// downbeat at or after its start (the reel's first frame); each later track, and with `loop` the last one
    /// again, takes over on a bar line, the last downbeat of the track before that lies a beat clear of its end,
    /// with its own first downbeat at or after its start landing there, crossfaded over the beat before it.
    /// Nil when a track has no beat.
    public var reelBeats: ReelBeats? {
        guard beatlessFile == nil, let first = grids.first, first.beats.last != nil else { return nil }
        let origin = Self.firstDownbeat(of: first, from: starts[0].seconds)
        var times: [Double] = []
        var turns = [MusicTurn(track: 0, from: origin, at: 0, crossfade: 0)]
        var offset = -origin
        var track = 0
        var from = origin
        while true {
            let grid = grids[track]
            let next = track + 1 < grids.count ? track + 1 : (loop ? track : nil)
            let period = 60 / (grid.tempo ?? 120)
            let change = next == nil ? nil : grid.downbeats.last { $0 > from + period && $0 <= grid.duration - period }
            let until = change ?? .infinity
            times += grid.beats.filter { $0 >= from && $0 < until }.map { $0 + offset }
                .filter { $0 >= (times.last.map { $0 + 0.001 } ?? 0) }
            guard let next, let change, change + offset < Self.longestReel else { break }
            let bar = change + offset
            let downbeat = Self.firstDownbeat(of: grids[next], from: starts[next].seconds)
            let lead = min(60 / (grids[next].tempo ?? 120), downbeat)
            turns.append(MusicTurn(track: next, from: downbeat - lead, at: bar - lead, crossfade: lead))
            from = downbeat
            offset = bar - downbeat
            track = next
        }
        let period = 60 / (grids[track].tempo ?? first.tempo ?? 120)
        return ReelBeats(times: times.isEmpty ? [0] : times, period: period, origin: origin, tempo: first.tempo ?? 60 / period, turns: turns)
    }

    /// The first downbeat of `grid` at or after `start` seconds, else its first beat there, else its last beat.
    static func firstDownbeat(of grid: BeatGrid, from start: Double) -> Double {
        grid.downbeats.first { $0 >= start } ?? grid.beats.first { $0 >= start } ?? grid.beats.last ?? start
    }
}

/// One turn of a track in the music bed of a reel cut on the beat: the track (its index in the order played)
/// from `from` seconds into its file, its first sample at reel second `at`, faded in over `crossfade` seconds as
/// the turn before fades out, so that its downbeat falls on the bar line a beat later.
public struct MusicTurn: Sendable, Hashable, Codable {
    public var track: Int
    public var from: Double
    public var at: Double
    public var crossfade: Double

    public init(track: Int, from: Double, at: Double, crossfade: Double) {
        self.track = track
        self.from = from
        self.at = at
        self.crossfade = crossfade
    }
}

/// The beats the cuts fall on, in seconds of the reel from its first frame, continued at the last track's tempo
/// past the music's last beat.
public struct ReelBeats: Sendable, Hashable {
    /// The music's own beats on the reel's clock, increasing, the first at 0.
    public var times: [Double]
    /// The seconds between beats past the last one.
    public var period: Double
    /// Where the reel's first frame is on the first track, in seconds: its first downbeat at or after its start.
    public var origin: Double
    /// The first track's tempo, in beats per minute.
    public var tempo: Double
    /// The tracks' turns that play these beats, in order; the first starts the reel at `origin`.
    public var turns: [MusicTurn]

    /// The time of beat `index` (0 is the reel's first frame), computed from the music's own beat times.
    public func time(ofBeat index: Int) -> Double {
        index < times.count ? times[index] : times[times.count - 1] + Double(index - times.count + 1) * period
    }

    /// The frame nearest beat `index` at `fps`.
    public func frame(ofBeat index: Int, fps: Int) -> Int {
        Int((time(ofBeat: index) * Double(fps)).rounded())
    }
}
