import Foundation

extension AudioMixer {
    /// Adds the music bed: looped or played once from the start of the reel, at its volume, ducked
    /// around `ranges`, faded out over the reel's last `fadeOut` samples.
    static func addMusic(_ music: AudioTimeline.Music, ducking ranges: [Range<Int>], to track: inout StereoSamples) {
        let bed = musicBed(music, length: track.count)
        let envelope = musicEnvelope(music, ducking: ranges, length: track.count)
        accumulate(bed.left, envelope: envelope, into: &track.left, at: 0)
        accumulate(bed.right, envelope: envelope, into: &track.right, at: 0)
    }

    /// The music laid end to end to `length` samples. A loop repeats it every `L − S` samples,
    /// crossfading each repeat's last S samples with the next one's first S (equal power, as the
    /// two sides are unrelated signals); without a loop the music plays once and a short
    /// de-click fade ends it if it stops before the reel does.
    static func musicBed(_ music: AudioTimeline.Music, length: Int) -> StereoSamples {
        let source = music.samples
        var bed = StereoSamples(silence: length)
        guard source.count > 0 else { return bed }
        if !music.loop || source.count >= length {
            let count = min(source.count, length)
            var envelope = [Float](repeating: 1, count: count)
            if count < length {
                let fade = Fade(nil)
                for index in 0..<min(fade.length, count) {
                    envelope[count - 1 - index] = fade.gain(at: index)
                }
            }
            accumulate(source.left, envelope: envelope, into: &bed.left, at: 0)
            accumulate(source.right, envelope: envelope, into: &bed.right, at: 0)
            return bed
        }
        let seam = Fade(.crossfade(overlap: min(loopSeamLength, source.count / 2)))
        let period = source.count - seam.length
        var start = 0
        while start < length {
            let count = min(source.count, length - start)
            var envelope = [Float](repeating: 1, count: count)
            if start > 0 {
                for index in 0..<min(seam.length, count) {
                    envelope[index] = seam.gain(at: index)
                }
            }
            if start + source.count < length {
                for index in 0..<seam.length {
                    envelope[count - 1 - index] = seam.gain(at: index)
                }
            }
            accumulate(source.left, envelope: envelope, into: &bed.left, at: start)
            accumulate(source.right, envelope: envelope, into: &bed.right, at: start)
            start += period
        }
        return bed
    }

    /// Per-sample music gain: volume × duck curve × fade-out. The duck curve is 1 outside the
    /// ranges and `duck` inside, with raised-cosine ramps of `duckRampLength` that end where a
    /// sound range starts and begin where it ends, so the music is fully down while a clip
    /// speaks. Ranges closer than two ramps are merged: the music stays down rather than bobbing.
    static func musicEnvelope(_ music: AudioTimeline.Music, ducking ranges: [Range<Int>], length: Int) -> [Float] {
        var envelope = [Float](repeating: music.volume, count: length)
        let ramp = duckRampLength
        let depth = music.volume * (1 - music.duck)
        for range in merged(ranges, closerThan: 2 * ramp) {
            let ducked = music.volume * music.duck
            for index in max(0, range.lowerBound)..<min(length, range.upperBound) {
                envelope[index] = ducked
            }
            for step in 0..<ramp {
                let down = Float(0.5 - 0.5 * cos(Double.pi * (Double(step) + 0.5) / Double(ramp)))
                let before = range.lowerBound - ramp + step
                if before >= 0, before < length {
                    envelope[before] = music.volume - depth * down
                }
                let after = range.upperBound + step
                if after >= 0, after < length {
                    envelope[after] = ducked + depth * down
                }
            }
        }
        let fadeLength = min(music.fadeOut, length)
        for index in 0..<fadeLength {
            let progress = (Double(index) + 0.5) / Double(fadeLength)
            envelope[length - fadeLength + index] *= Float(0.5 + 0.5 * cos(Double.pi * progress))
        }
        return envelope
    }

    /// Sorted ranges, with those separated by less than `gap` joined into one.
    static func merged(_ ranges: [Range<Int>], closerThan gap: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound - last.upperBound < gap {
                result[result.count - 1] = last.lowerBound..<max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
