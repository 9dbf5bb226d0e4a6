import Foundation

/// Builds a reel's sound track from an `AudioTimeline`: clip sound placed sample-exactly with fades at
/// every join, then the music bed under it. Pure Swift over contiguous float buffers. The track can be
/// made a window at a time, each sample the same as in the whole track, so a long reel's sound never has
/// to be in memory at once.
package enum AudioMixer {
    /// De-click fade at a cut and at a clip's edge next to silence: 5 ms, long enough that the step
    /// to or from silence has no broadband click, short enough not to be heard as a fade.
    package static let declickLength = 240
    /// Duck ramps: 250 ms, the attack/release of a broadcast ducker; shorter is heard as pumping.
    package static let duckRampLength = 12_000
    /// Crossfade at the music's loop seam: 50 ms hides the waveform jump without smearing a beat.
    package static let loopSeamLength = 2_400

    /// Mixes the track: `length` samples of 48 kHz stereo. `clipSamples(i)` gives clip `i`'s window
    /// (exactly its `length` samples); it is called once per clip, in order, and not at all when
    /// the clips are muted.
    package static func mix(_ timeline: AudioTimeline, clipSamples: (Int) throws -> StereoSamples) rethrows -> StereoSamples {
        try mix(timeline, window: 0..<timeline.length, clipSamples: clipSamples)
    }

    /// Samples `window` (within `0..<timeline.length`) of the track. `clipSamples(i)` is called, in
    /// order, for each clip that overlaps the window, and must give the clip's whole window.
    package static func mix(
        _ timeline: AudioTimeline, window: Range<Int>, clipSamples: (Int) throws -> StereoSamples
    ) rethrows -> StereoSamples {
        precondition(window.lowerBound >= 0 && window.upperBound <= timeline.length, "the window lies inside the track")
        var track = StereoSamples(silence: window.count)
        if !timeline.clipsMuted {
            for (index, clip) in timeline.clips.enumerated() where clip.start < window.upperBound && clip.end > window.lowerBound {
                let samples = try clipSamples(index)
                precondition(samples.count == clip.length, "clip \(index) gave \(samples.count) samples for a window of \(clip.length)")
                let isLast = index == timeline.clips.count - 1
                // At the reel's ends the neighbour is a title card's silence: the sound crosses from or to it
                // over the picture's transition, as it would cross with a silent clip.
                let incoming = index > 0 ? timeline.clips[index - 1].join : .crossfade(overlap: clip.fadeInFromSilence)
                let outgoing = isLast ? .crossfade(overlap: clip.fadeOutToSilence) : clip.join
                if !isLast, outgoing.overlap > 0 {
                    precondition(
                        timeline.clips[index + 1].start == clip.end - outgoing.overlap, "clip \(index + 1) must start where the crossfade begins")
                }
                let count = min(samples.count, timeline.length - clip.start)
                add(
                    samples, count: count, at: clip.start - window.lowerBound, gain: clip.gain, fadeIn: Fade(incoming), fadeOut: Fade(outgoing),
                    to: &track)
            }
        }
        if let music = timeline.music {
            addMusic(music, ducking: timeline.clipsMuted ? [] : soundRanges(of: timeline.clips), length: timeline.length, window: window, to: &track)
        }
        return track
    }

    /// A fade at one edge of a clip.
    struct Fade {
        enum Shape {
            /// Raised cosine, ½(1 − cos πx): smooth at both ends.
            case raisedCosine
            /// Quarter sine, sin(πx/2): the "in" half of an equal-power pair (cos is its mirror).
            case equalPower
        }

        let length: Int
        let shape: Shape

        /// The fade for a join: equal-power over a crossfade, a de-click fade at a cut.
        init(_ join: AudioJoin) {
            switch join {
            case let .crossfade(overlap) where overlap > 0:
                length = overlap
                shape = .equalPower
            default:
                length = AudioMixer.declickLength
                shape = .raisedCosine
            }
        }

        /// Gain at sample `index` of a fade-in; a fade-out reads it backwards. Sampled at the middle
        /// of each sample's span, so an equal-power pair sums to exactly 1 in power at every sample.
        func gain(at index: Int) -> Float {
            let x = (Double(index) + 0.5) / Double(length)
            switch shape {
            case .raisedCosine: return Float(0.5 - 0.5 * cos(Double.pi * x))
            case .equalPower: return Float(sin(Double.pi / 2 * x))
            }
        }
    }

    /// Adds the first `count` of `samples` × `gain` at `start` (relative to the track window, possibly
    /// before it), fading in and out over the clip's first and last samples.
    private static func add(
        _ samples: StereoSamples, count: Int, at start: Int, gain: Float, fadeIn: Fade, fadeOut: Fade, to track: inout StereoSamples
    ) {
        guard count > 0 else { return }
        // A clip shorter than its two fades gets both, multiplied, rather than misaligned ones.
        let inLength = min(fadeIn.length, count)
        let outLength = min(fadeOut.length, count)
        var envelope = [Float](repeating: gain, count: count)
        for index in 0..<inLength {
            envelope[index] *= fadeIn.gain(at: index)
        }
        for index in 0..<outLength {
            envelope[count - 1 - index] *= fadeOut.gain(at: index)
        }
        accumulate(samples.left, envelope: envelope, into: &track.left, at: start)
        accumulate(samples.right, envelope: envelope, into: &track.right, at: start)
    }

    /// `output[start + i] += source[i] × envelope[i]` for every i of the envelope that lands inside
    /// `output` (`start` may be negative or past the end: the rest is left out).
    static func accumulate(_ source: [Float], envelope: [Float], into output: inout [Float], at start: Int) {
        let first = max(0, -start)
        let end = min(envelope.count, output.count - start)
        guard first < end else { return }
        source.withUnsafeBufferPointer { source in
            envelope.withUnsafeBufferPointer { envelope in
                output.withUnsafeMutableBufferPointer { output in
                    for index in first..<end {
                        output[start + index] += source[index] * envelope[index]
                    }
                }
            }
        }
    }

    /// Output ranges where a clip with sound of its own plays.
    static func soundRanges(of clips: [AudioTimeline.Clip]) -> [Range<Int>] {
        clips.filter { $0.hasSound && $0.length > 0 }.map { $0.start..<$0.end }
    }
}
