import DVMedia
import Foundation

/// The sound track of a generated clip.
package enum SampleAudio: Sendable, Hashable {
    /// No audio stream at all.
    case none
    /// An AAC stream carrying a steady sine tone.
    case tone(SampleTone)
}

/// A sine tone, the same on every channel, optionally interrupted by a short louder burst (a sync mark).
package struct SampleTone: Sendable, Hashable {
    /// A short tone at another pitch that replaces the steady one for a moment.
    package struct Burst: Sendable, Hashable {
        /// Where the burst starts, in seconds from the start of the clip.
        package var time: Double
        /// How long it lasts, in seconds.
        package var duration: Double
        /// Its pitch in Hz.
        package var frequency: Double
        /// Its level in dBFS.
        package var level: Double

        package init(time: Double, duration: Double = 0.1, frequency: Double = 1_000, level: Double = -6) {
            self.time = time
            self.duration = duration
            self.frequency = frequency
            self.level = level
        }
    }

    /// Pitch in Hz.
    package var frequency: Double
    /// Level in dBFS (0 is full scale).
    package var level: Double
    /// Channel layout of the stream.
    package var layout: ChannelLayout
    /// Samples per second: 48 000 or 44 100.
    package var sampleRate: Int
    /// An optional burst.
    package var burst: Burst?

    package init(frequency: Double = 440, level: Double = -18, layout: ChannelLayout = .stereo, sampleRate: Int = 48_000, burst: Burst? = nil) {
        self.frequency = frequency
        self.level = level
        self.layout = layout
        self.sampleRate = sampleRate
        self.burst = burst
    }

    /// The sample at index `index` (seconds = index ÷ sample rate), in −1…1.
    func sample(at index: Int) -> Float {
        let time = Double(index) / Double(sampleRate)
        if let burst, time >= burst.time, time < burst.time + burst.duration {
            return Float(Self.amplitude(burst.level) * Foundation.sin(2 * Double.pi * burst.frequency * time))
        }
        return Float(Self.amplitude(level) * Foundation.sin(2 * Double.pi * frequency * time))
    }

    /// Linear amplitude of a level in dBFS.
    static func amplitude(_ decibels: Double) -> Double {
        Foundation.pow(10, decibels / 20)
    }
}
