extension Job {
    /// The reel's sound: the clips' own audio and an optional soundtrack.
    public struct Audio: Sendable, Hashable, Codable {
        public var clips: ClipAudio
        /// Bring every clip to one loudness.
        public var normalize: Bool
        public var music: Music?

        public init(clips: ClipAudio = .keep, normalize: Bool = true, music: Music? = nil) {
            self.clips = clips
            self.normalize = normalize
            self.music = music
        }

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

        public init(file: String, volume: Double = 0.8, duck: Double = 0.3, fadeOut: TimeSpan = .seconds(2), loop: Bool = true) {
            self.file = file
            self.volume = volume
            self.duck = duck
            self.fadeOut = fadeOut
            self.loop = loop
        }
    }
}
