extension Job {
    /// The window taken from each chosen clip, per kind, and how fast the clips play.
    public struct Clips: Sendable, Hashable, Codable {
        /// Default: 3 s from the start.
        public var video: ClipWindow
        /// Default: the whole clip.
        public var livePhoto: ClipWindow
        /// How a day's photos show (`clips.photo`).
        public var photo: Photos
        /// How fast every clip plays (`speed`), unless its day or `slowMotion` says otherwise.
        public var speed: PlaybackSpeed
        /// Whether high-frame-rate clips play slowed down as the phone shot them (`slow_motion`).
        public var slowMotion: SlowMotion
        /// What is heard of a clip that does not play at real time (`speed_audio`).
        public var speedAudio: SpeedAudio

        public init(
            video: ClipWindow = ClipWindow(duration: .fixed(.seconds(3))), livePhoto: ClipWindow = ClipWindow(duration: .full),
            photo: Photos = Photos(), speed: PlaybackSpeed = .realTime, slowMotion: SlowMotion = .realTime, speedAudio: SpeedAudio = .keep
        ) {
            self.video = video
            self.livePhoto = livePhoto
            self.photo = photo
            self.speed = speed
            self.slowMotion = slowMotion
            self.speedAudio = speedAudio
        }

        /// The window for a kind of clip.
        public func window(for kind: ClipKind) -> ClipWindow {
            switch kind {
            case .video: video
            case .livePhoto: livePhoto
            case .photo: photo.window
            }
        }
    }

    /// How high-frame-rate clips (a stream of 90 fps or more, faster than the output) play.
    public enum SlowMotion: String, Sendable, Hashable, Codable, CaseIterable {
        /// At real time, as any clip: the output rate takes some of their frames.
        case realTime = "real_time"
        /// Slowed to the output rate, every frame shown once: a 240 fps clip in a 30 fps reel is 8× slower.
        case asShot = "as_shot"
    }

    /// What is heard of a clip that plays faster or slower than real time.
    public enum SpeedAudio: String, Sendable, Hashable, Codable, CaseIterable {
        /// Its sound, stretched to the new length at its own pitch.
        case keep
        /// Silence.
        case mute
    }

    /// A window into a clip; a clip shorter than its window is used whole.
    public struct ClipWindow: Sendable, Hashable, Codable {
        public var duration: ClipLength
        public var start: ClipStart

        public init(duration: ClipLength, start: ClipStart = .offset(.zero)) {
            self.duration = duration
            self.start = start
        }
    }
}
