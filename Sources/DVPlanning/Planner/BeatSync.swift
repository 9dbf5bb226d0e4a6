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

    public init(sync: Job.MusicSync, files: [String], starts: [TimeSpan], grids: [BeatGrid]) {
        self.sync = sync
        self.files = files
        self.starts = starts
        self.grids = grids
    }

    /// The beat sync a job asks for, over the tracks' `grids` (in the order played); nil when it asks for none.
    public init?(job: Job, grids: [BeatGrid]) {
        let tracks = job.audio.musicTracks
        guard let sync = tracks.first?.sync, sync != .off else { return nil }
        self.init(sync: sync, files: tracks.map(\.file), starts: tracks.map { $0.start ?? .zero }, grids: grids)
    }

    /// The file of the first track whose grid has no beat (or is missing); nil when every track has beats.
    public var beatlessFile: String? {
        files.indices.first { $0 >= grids.count || !grids[$0].hasBeat }.map { files[$0] }
    }

    /// The beats on the reel's clock: the first track's beats from its first downbeat at or after its start
    /// (the reel's first frame), each later track's from its start once the one before ends. Nil when a track
    /// has no beat.
    public var reelBeats: ReelBeats? {
        guard beatlessFile == nil, let first = grids.first, let lastBeat = first.beats.last else { return nil }
        let start = starts[0].seconds
        let origin = first.downbeats.first { $0 >= start } ?? first.beats.first { $0 >= start } ?? lastBeat
        var times: [Double] = []
        var trackEnd = 0.0
        for (position, grid) in grids.enumerated() {
            let from = position == 0 ? origin : starts[position].seconds
            let offset = position == 0 ? -origin : trackEnd - from
            times += grid.beats.filter { $0 >= from }.map { $0 + offset }.filter { $0 >= (times.last.map { $0 + 0.001 } ?? 0) }
            trackEnd = max(trackEnd, grid.duration + offset)
        }
        let period = 60 / (grids.last?.tempo ?? first.tempo ?? 120)
        return ReelBeats(times: times.isEmpty ? [0] : times, period: period, origin: origin, tempo: first.tempo ?? 60 / period)
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

    /// The time of beat `index` (0 is the reel's first frame), computed from the music's own beat times.
    public func time(ofBeat index: Int) -> Double {
        index < times.count ? times[index] : times[times.count - 1] + Double(index - times.count + 1) * period
    }

    /// The frame nearest beat `index` at `fps`.
    public func frame(ofBeat index: Int, fps: Int) -> Int {
        Int((time(ofBeat: index) * Double(fps)).rounded())
    }
}
