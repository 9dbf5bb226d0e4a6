extension Job {
    /// The reel's sound: the clips' own audio and an optional soundtrack.
    public struct Audio: Sendable, Hashable, Codable {
        public var clips: ClipAudio
        /// Bring every clip to one loudness.
        public var normalize: Bool
        /// The soundtrack: the only track, or the first of `playlist`.
        public var music: Music?
        /// Every track in the order played, when `audio.music` lists them; nil for a single mapping, so a job
        /// of one track encodes as before.
        public var playlist: [Music]?

        public init(clips: ClipAudio = .keep, normalize: Bool = true, music: Music? = nil, playlist: [Music]? = nil) {
            self.clips = clips
            self.normalize = normalize
            self.music = music
            self.playlist = playlist
        }

        /// The soundtrack's tracks in the order played: the playlist, or the one track; empty without music.
        public var musicTracks: [Music] { playlist ?? music.map { [$0] } ?? [] }

        /// Keep or drop the clips' own sound.
        public enum ClipAudio: String, Sendable, Hashable, Codable, CaseIterable {
            case keep
            case mute
        }
    }

    /// A soundtrack under the whole reel.
    public struct Music: Sendable, Hashable, Codable {
        /// Absolute path of the audio file.
        public var file: String
        /// Gain, 0…1.
        public var volume: Double
        /// Music gain while a clip has its own sound, 0…1; 1 means no ducking.
        public var duck: Double
        public var fadeOut: TimeSpan
        /// Repeat the music when the reel is longer.
        public var loop: Bool
        /// What the cuts follow (`audio.music.sync`); nil for `off`, the default, so a job without it encodes as before.
        /// A playlist's first track says it for the reel.
        public var sync: MusicSync?
        /// Where the reel starts on this track (`audio.music.start`, skipping an intro); nil for the track's start.
        public var start: TimeSpan?

        public init(
            file: String, volume: Double = 0.8, duck: Double = 0.3, fadeOut: TimeSpan = .seconds(2), loop: Bool = true, sync: MusicSync? = nil,
            start: TimeSpan? = nil
        ) {
            self.file = file
            self.volume = volume
            self.duck = duck
            self.fadeOut = fadeOut
            self.loop = loop
            self.sync = sync
            self.start = start
        }
    }

    /// What a soundtrack's beats decide (`audio.music.sync`): each day lasts whole beats, or whole bars of four
    /// beats, and every cut falls on one. `off` (the default) keeps the clips' own lengths.
    public enum MusicSync: String, Sendable, Hashable, Codable, CaseIterable {
        case beats
        case bars
        case off

        /// Beats in one step of the grid the cuts fall on: 1 for `beats`, 4 for `bars`.
        public var beatsPerStep: Int { self == .bars ? 4 : 1 }
    }
}

extension Job {
    /// This job with the music tracks at `paths` left out of its soundtrack (files that exist but cannot be
    /// played). The first track's `sync` still says what the cuts follow; its `start` leaves with it. Without a
    /// track left, the job has no music and the days keep their own lengths.
    public func leavingOutMusic(_ paths: Set<String>) -> Job {
        let tracks = audio.musicTracks
        var kept = tracks.filter { !paths.contains($0.file) }
        guard kept.count < tracks.count else { return self }
        var job = self
        if let first = tracks.first, let head = kept.first, head.file != first.file {
            kept[0].sync = first.sync
            kept[0].start = nil
        }
        job.audio.music = kept.first
        job.audio.playlist = audio.playlist == nil || kept.isEmpty ? nil : kept
        return job
    }
}
