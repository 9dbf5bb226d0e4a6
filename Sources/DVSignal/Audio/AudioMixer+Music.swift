import Foundation

extension AudioMixer {
    /// Adds samples `window` of the music bed: looped or played once from the start of the reel, at its
    /// volume, ducked around `ranges`, faded out over the reel's (`length` samples) last `fadeOut`.
    static func addMusic(
        _ music: AudioTimeline.Music, ducking ranges: [Range<Int>], length: Int, window: Range<Int>, to track: inout StereoSamples
    ) {
        let bed = musicBed(music, length: length, window: window)
        let envelope = musicEnvelope(music, ducking: ranges, length: length, window: window)
        accumulate(bed.left, envelope: envelope, into: &track.left, at: 0)
        accumulate(bed.right, envelope: envelope, into: &track.right, at: 0)
    }

    /// Samples `window` of the music bed, `length` samples: one track laid end to end (`trackBed`), or a
    /// playlist, each track laid from its change to the end of the next one's crossfade (or the reel's end)
    /// and crossfaded with its neighbours (equal power). A change at or before the one before it, or at or
    /// past the reel's end, is left out; a crossfade is cut short to fit both tracks' turns.
    static func musicBed(_ music: AudioTimeline.Music, length: Int, window: Range<Int>) -> StereoSamples {
        guard !music.changes.isEmpty else { return trackBed(music.samples, loop: music.loop, length: length, window: window) }
        var turns = [(samples: music.samples, start: 0, crossfade: 0)]
        for change in music.changes where change.at > turns[turns.count - 1].start && change.at < length {
            turns.append((change.samples, change.at, max(0, change.crossfade)))
        }
        var bed = StereoSamples(silence: window.count)
        for (index, turn) in turns.enumerated() {
            let next = index + 1 < turns.count ? turns[index + 1] : nil
            let fadeOutLength = next.map { min($0.crossfade, length - $0.start) } ?? 0
            let end = next.map { $0.start + fadeOutLength } ?? length
            let local = (window.lowerBound - turn.start..<window.upperBound - turn.start).clamped(to: 0..<end - turn.start)
            guard !local.isEmpty else { continue }
            let part = trackBed(turn.samples, loop: music.loop, length: end - turn.start, window: local)
            var envelope = [Float](repeating: 1, count: local.count)
            if index > 0 {
                let fadeIn = Fade(.crossfade(overlap: min(turn.crossfade, end - turn.start)))
                for position in local.clamped(to: 0..<fadeIn.length) {
                    envelope[position - local.lowerBound] *= fadeIn.gain(at: position)
                }
            }
            if next != nil {
                let fadeOut = Fade(.crossfade(overlap: min(fadeOutLength, end - turn.start)))
                let last = end - turn.start - 1
                for position in local.clamped(to: last + 1 - fadeOut.length..<last + 1) {
                    envelope[position - local.lowerBound] *= fadeOut.gain(at: last - position)
                }
            }
            let at = turn.start + local.lowerBound - window.lowerBound
            accumulate(part.left, envelope: envelope, into: &bed.left, at: at)
            accumulate(part.right, envelope: envelope, into: &bed.right, at: at)
        }
        return bed
    }

    /// Samples `window` of one track laid end to end to `length` samples. A loop repeats it every `L − S`
    /// samples, crossfading each repeat's last S samples with the next one's first S (equal power, as the
    /// two sides are unrelated signals); without a loop the track plays once and a short de-click fade
    /// ends it if it stops before `length`.
    static func trackBed(_ source: StereoSamples, loop: Bool, length: Int, window: Range<Int>) -> StereoSamples {
        var bed = StereoSamples(silence: window.count)
        guard source.count > 0 else { return bed }
        if !loop || source.count >= length {
            let count = min(source.count, length)
            var envelope = [Float](repeating: 1, count: count)
            if count < length {
                let fade = Fade(.cut)
                for index in 0..<min(fade.length, count) {
                    envelope[count - 1 - index] = fade.gain(at: index)
                }
            }
            accumulate(source.left, envelope: envelope, into: &bed.left, at: -window.lowerBound)
            accumulate(source.right, envelope: envelope, into: &bed.right, at: -window.lowerBound)
            return bed
        }
        let seam = Fade(.crossfade(overlap: min(loopSeamLength, source.count / 2)))
        let period = source.count - seam.length
        var start = 0
        while start < min(length, window.upperBound) {
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
            if start + count > window.lowerBound {
                accumulate(source.left, envelope: envelope, into: &bed.left, at: start - window.lowerBound)
                accumulate(source.right, envelope: envelope, into: &bed.right, at: start - window.lowerBound)
            }
            start += period
        }
        return bed
    }

    /// Per-sample music gain over `window`: volume × duck curve × fade-out. The duck curve is 1 outside the
    /// ranges and `duck` inside, with raised-cosine ramps of `duckRampLength` that end where a
    /// sound range starts and begin where it ends, so the music is fully down while a clip
    /// speaks. Ranges closer than two ramps are merged: the music stays down rather than bobbing.
    static func musicEnvelope(_ music: AudioTimeline.Music, ducking ranges: [Range<Int>], length: Int, window: Range<Int>) -> [Float] {
        var envelope = [Float](repeating: music.volume, count: window.count)
        let inside = window.clamped(to: 0..<length)
        /// Sets the gain at reel sample `index` when it falls in the window.
        func set(_ index: Int, _ gain: Float) {
            if inside.contains(index) { envelope[index - window.lowerBound] = gain }
        }
        let ramp = duckRampLength
        let depth = music.volume * (1 - music.duck)
        for range in merged(ranges, closerThan: 2 * ramp)
        where range.lowerBound - ramp < window.upperBound && range.upperBound + ramp > window.lowerBound {
            let ducked = music.volume * music.duck
            for index in range.clamped(to: inside) {
                envelope[index - window.lowerBound] = ducked
            }
            for step in 0..<ramp {
                let down = Float(0.5 - 0.5 * cos(Double.pi * (Double(step) + 0.5) / Double(ramp)))
                set(range.lowerBound - ramp + step, music.volume - depth * down)
                set(range.upperBound + step, ducked + depth * down)
            }
        }
        let fadeLength = min(music.fadeOut, length)
        for index in (length - fadeLength..<length).clamped(to: inside) {
            let progress = (Double(index - (length - fadeLength)) + 0.5) / Double(fadeLength)
            envelope[index - window.lowerBound] *= Float(0.5 + 0.5 * cos(Double.pi * progress))
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
