/// Everything the mixer needs to build a reel's sound track: where each clip's sound goes, how it
/// joins the next, and the optional music bed. Positions and lengths are 48 kHz samples on the
/// output timeline (intro and outro are simply the stretches before the first clip and after the last).
public struct AudioTimeline: Sendable, Equatable {
    /// One clip's sound on the timeline.
    public struct Clip: Sendable, Hashable, Encodable {
        /// Output sample where the clip starts.
        public var start: Int
        /// Samples the clip lasts (its window's length).
        public var length: Int
        /// Linear gain (from `LoudnessNormalization`, or 1).
        public var gain: Float
        /// True when the clip has audible sound of its own (see `StereoSamples.hasSound`); music ducks under it.
        public var hasSound: Bool
        /// How this clip joins the next one (ignored for the last clip). For a crossfade, the next
        /// clip must start `overlap` samples before this one ends.
        public var join: AudioJoin
        /// For the first clip: samples over which its sound rises from silence, the length of the
        /// picture's transition from an intro card (0: a de-click fade). Ignored for the other clips.
        public var fadeInFromSilence: Int
        /// For the last clip: samples over which its sound falls to silence, the length of the picture's
        /// transition into an outro card (0: a de-click fade). Ignored for the other clips.
        public var fadeOutToSilence: Int

        /// A clip at `start` lasting `length` samples.
        public init(
            start: Int, length: Int, gain: Float = 1, hasSound: Bool = true, join: AudioJoin = .cut,
            fadeInFromSilence: Int = 0, fadeOutToSilence: Int = 0
        ) {
            self.start = start
            self.length = length
            self.gain = gain
            self.hasSound = hasSound
            self.join = join
            self.fadeInFromSilence = fadeInFromSilence
            self.fadeOutToSilence = fadeOutToSilence
        }

        /// The sample after the clip's last.
        public var end: Int { start + length }
    }

    /// The soundtrack under the clips (`audio.music`).
    public struct Music: Sendable, Equatable {
        /// The decoded music, 48 kHz stereo, from its start.
        public var samples: StereoSamples
        /// Linear gain of the music.
        public var volume: Float
        /// Gain (on top of `volume`) while a clip with its own sound plays; 1 means no ducking.
        public var duck: Float
        /// Samples over which the music fades out at the end of the reel (0: no fade).
        public var fadeOut: Int
        /// Repeat the music when it is shorter than the reel.
        public var loop: Bool

        /// A music bed.
        public init(samples: StereoSamples, volume: Float = 1, duck: Float = 1, fadeOut: Int = 0, loop: Bool = false) {
            self.samples = samples
            self.volume = volume
            self.duck = duck
            self.fadeOut = fadeOut
            self.loop = loop
        }
    }

    /// The clips in timeline order.
    public var clips: [Clip]
    /// Total samples of the track: the video's length (see `sampleCount(frames:fps:)`).
    public var length: Int
    /// `audio.clips: mute`: the clips contribute no sound (and nothing ducks the music).
    public var clipsMuted: Bool
    /// The music bed, if any.
    public var music: Music?

    /// A timeline of `length` samples.
    public init(clips: [Clip], length: Int, clipsMuted: Bool = false, music: Music? = nil) {
        self.clips = clips
        self.length = length
        self.clipsMuted = clipsMuted
        self.music = music
    }

    /// The audio length matching `frames` video frames at `fpsNumerator / fpsDenominator` frames per
    /// second, rounded to the nearest sample (exact integer arithmetic, so 30000/1001 works too).
    public static func sampleCount(frames: Int, fpsNumerator: Int, fpsDenominator: Int = 1) -> Int {
        let scaled = frames * StereoSamples.sampleRate * fpsDenominator
        return (scaled + fpsNumerator / 2) / fpsNumerator
    }
}
