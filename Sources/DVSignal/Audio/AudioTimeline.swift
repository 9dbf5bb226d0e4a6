/// Everything the mixer needs to build a reel's sound track: where each clip's sound goes, how it
/// joins the next, and the optional music bed. Positions and lengths are 48 kHz samples on the
/// output timeline (intro and outro are simply the stretches before the first clip and after the last).
package struct AudioTimeline: Sendable, Equatable {
    /// One clip's sound on the timeline.
    package struct Clip: Sendable, Hashable, Encodable {
        /// Output sample where the clip starts.
        package var start: Int
        /// Samples the clip lasts (its window's length).
        package var length: Int
        /// Linear gain (from `LoudnessNormalization`, or 1).
        package var gain: Float
        /// True when the clip has audible sound of its own (see `StereoSamples.hasSound`); music ducks under it.
        package var hasSound: Bool
        /// How this clip joins the next one (ignored for the last clip). For a crossfade, the next
        /// clip must start `overlap` samples before this one ends.
        package var join: AudioJoin
        /// For the first clip: samples over which its sound rises from silence, the length of the
        /// picture's transition from an intro card (0: a de-click fade). Ignored for the other clips.
        package var fadeInFromSilence: Int
        /// For the last clip: samples over which its sound falls to silence, the length of the picture's
        /// transition into an outro card (0: a de-click fade). Ignored for the other clips.
        package var fadeOutToSilence: Int

        /// A clip at `start` lasting `length` samples.
        package init(
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
        package var end: Int { start + length }
    }

    /// The soundtrack under the clips (`audio.music`).
    package struct Music: Sendable, Equatable {
        /// The decoded music (the first track of a playlist), 48 kHz stereo, from where it is played (its start,
        /// or past an intro it skips).
        package var samples: StereoSamples
        /// Linear gain of the music.
        package var volume: Float
        /// Gain (on top of `volume`) while a clip with its own sound plays; 1 means no ducking.
        package var duck: Float
        /// Samples over which the music fades out at the end of the reel (0: no fade).
        package var fadeOut: Int
        /// Repeat the music when it is shorter than the reel (each track of a playlist, when shorter than its
        /// turn).
        package var loop: Bool
        /// The tracks played after the first (`samples`), in order: a playlist; none for one track.
        package var changes: [Change]

        /// A track of a playlist after the first, and when it takes over.
        package struct Change: Sendable, Equatable {
            /// The decoded track, 48 kHz stereo, from where it is played (its intro skipped).
            package var samples: StereoSamples
            /// The reel sample where its first sample plays (a bar line, so its first beat lands on it).
            package var at: Int
            /// Samples over which it fades in while the track before fades out, from `at` on (equal power,
            /// as the two are unrelated signals); 0 cuts, with a de-click fade.
            package var crossfade: Int

            /// The track `samples`, taking over at reel sample `at` over `crossfade` samples.
            package init(samples: StereoSamples, at: Int, crossfade: Int) {
                self.samples = samples
                self.at = at
                self.crossfade = crossfade
            }
        }

        /// A music bed.
        package init(
            samples: StereoSamples, volume: Float = 1, duck: Float = 1, fadeOut: Int = 0, loop: Bool = false, changes: [Change] = []
        ) {
            self.samples = samples
            self.volume = volume
            self.duck = duck
            self.fadeOut = fadeOut
            self.loop = loop
            self.changes = changes
        }
    }

    /// The clips in timeline order.
    package var clips: [Clip]
    /// Total samples of the track: the video's length (see `sampleCount(frames:fps:)`).
    package var length: Int
    /// `audio.clips: mute`: the clips contribute no sound (and nothing ducks the music).
    package var clipsMuted: Bool
    /// The music bed, if any.
    package var music: Music?

    /// A timeline of `length` samples.
    package init(clips: [Clip], length: Int, clipsMuted: Bool = false, music: Music? = nil) {
        self.clips = clips
        self.length = length
        self.clipsMuted = clipsMuted
        self.music = music
    }

    /// The audio length matching `frames` video frames at `fpsNumerator / fpsDenominator` frames per
    /// second, rounded to the nearest sample (exact integer arithmetic, so 30000/1001 works too).
    package static func sampleCount(frames: Int, fpsNumerator: Int, fpsDenominator: Int = 1) -> Int {
        let scaled = frames * StereoSamples.sampleRate * fpsDenominator
        return (scaled + fpsNumerator / 2) / fpsNumerator
    }
}
