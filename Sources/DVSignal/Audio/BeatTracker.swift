import DVMediaFacts
import Foundation

/// Finds the beats, bars and phrases of mono music: pure arithmetic on the samples, deterministic (the same
/// samples give the same grid, bit for bit).
///
/// 1. The onset envelope (`OnsetEnvelope`): spectral flux of a mel-spaced log spectrum, ~5 ms frames of ~90 ms.
/// 2. The tempo, window by window (8 s windows every 2 s): the envelope's autocorrelation weighted by a
///    log-normal prior centred on 125 BPM (one octave wide; a little above the usual 120, so a click at
///    170 BPM is not halved), followed through the windows by a Viterbi path that penalises the log of each
///    change of period, so the metrical level holds and a real change of tempo is followed.
/// 3. The beats by dynamic programming (after Ellis, 2007): each frame's best score is its onset strength
///    plus the best earlier score one local period back, less `tightness × log(interval / period)²`; the
///    best last beat is followed back. A grid under 100 BPM whose half-beats carry strong onsets, bass too,
///    is doubled; else, when the off-beats carry twice the bass onset of the beats (the grid settled on
///    hi-hats between the kicks), the grid moves half a beat. Weak beats at either end (fade-in, fade-out)
///    are trimmed. A steady tempo then keeps one phase: where a section's off-beats draw the programme half a
///    beat off, those beats move back onto the grid of the first steady run.
/// 4. Downbeats: the phase, of the four in a 4/4 bar, whose beats have the most bass onset and harmonic change.
/// 5. Phrases: the bar phase, every 8 (else 4) bars, whose bars change the spectrum most, when it stands out.
package enum BeatTracker {
    /// The tracker's version, for a cache of grids (as `LoudnessMeter.version` is for loudness): raised with
    /// every change that moves a beat, so grids found by another version are tracked again.
    package static let version = 6
    /// The confidence below which the audio has no clear beat.
    package static let clearBeat = 0.2
    /// The log-normal tempo prior's centre, BPM: 125 rather than 120, as 170 and 85 BPM tie at 120 and the
    /// half-bar term then takes the slower.
    static let preferredTempo = 125.0
    /// Tempi considered, BPM.
    static let tempoRange = 40.0...240.0
    /// Seconds in a tempo window, and between windows.
    static let tempoWindow = 8.0
    static let tempoStep = 2.0
    /// The cost of a change of period between tempo windows, per squared octave.
    static let tempoChangeCost = 5.0
    /// How strictly beats keep the local period (librosa's and Ellis's 100).
    static let tightness: Float = 100
    /// Frames from an onset's flux peak to the attack itself, for the envelope's window (measured on clicks).
    static let lead = 6
    /// Frames either side of a beat searched for its bass onset, and for the onset a shifted beat snaps to.
    static let snap = 3
    /// How many times the beats' bass onset the off-beats must carry for the grid to move half a beat: so
    /// much that only a clear case moves (the tecnoballz tracks' off-beats carry at most 1.5 times).
    static let offBeatBass: Float = 2
    /// The share of the beats' root-mean-square onset strength under which beats at either end are trimmed:
    /// a fade's beats fall far below it, while the last beats of a bar without its kick, still heard, carry
    /// 0.38 to 0.43 of it (area5-game's last two, at 59.5 and 59.9 s).
    static let weakBeat: Float = 0.4
    /// Beats in a row, at the median period, whose phase `steadyPhase` holds through a steady track.
    static let steadyRun = 16
    /// Beats in a row, neither on the grid `steadyPhase` holds nor half a beat off it, after which the grid
    /// takes their phase.
    static let phaseChange = 4
    /// How far an interval, or the median of the next few, may stray from the period and still keep it.
    static let steadyTolerance = 0.05
    /// The share of a period, either side of the grid `steadyPhase` holds, within which a beat is on it (and
    /// within which of the half-beat one is moved onto it).
    static let onGrid = 0.15
    /// The tempo, BPM, below which a grid whose half-beats carry strong onsets is doubled.
    static let doubledBelow = 100.0
    /// The share of the beats' full-band and bass onsets that the half-beats of a slow grid must carry for it
    /// to be doubled (tecnoballz's tracks at 94 BPM: 0.64 to 0.89 and 0.88 to 1.5 where librosa hears 188 BPM).
    static let halfBeatStrength: Float = 0.6

    /// The beat grid of `samples` (mono) at `sampleRate` Hz.
    package static func track(_ samples: [Float], sampleRate: Int) -> BeatGrid {
        let duration = Double(samples.count) / Double(sampleRate)
        let envelope = OnsetEnvelope(samples: samples, sampleRate: sampleRate)
        let noBeat = BeatGrid(tempo: nil, beats: [], downbeats: [], phrases: [], confidence: 0, duration: duration)
        guard let onsets = normalised(envelope.strength).map(smoothed) else { return noBeat }
        let periods = localPeriods(onsets, frameRate: envelope.frameRate)
        guard periods.confidence >= clearBeat else {
            return BeatGrid(tempo: nil, beats: [], downbeats: [], phrases: [], confidence: periods.confidence, duration: duration)
        }
        let frames = steadyPhase(
            phased(beatFrames(onsets, period: periods.perFrame), onsets: onsets, low: envelope.low, frameRate: envelope.frameRate),
            onsets: onsets)
        guard frames.count >= 4 else {
            return BeatGrid(tempo: nil, beats: [], downbeats: [], phrases: [], confidence: periods.confidence, duration: duration)
        }
        // The flux peaks about six frames (a third of the window) before the attack reaches the frame's centre
        // (the log of a window's rising edge grows fastest): a beat is placed that much after its peak.
        let time: (Int) -> Double = { Double($0 + lead) / envelope.frameRate }
        let spans = (0..<frames.count - 4).map { time(frames[$0 + 4]) - time(frames[$0]) }.sorted()
        let tempo = 240 / spans[spans.count / 2]
        let downbeatFrames = downbeats(frames, envelope: envelope)
        return BeatGrid(
            tempo: tempo, beats: frames.map(time), downbeats: downbeatFrames.map(time),
            phrases: phrases(downbeatFrames, envelope: envelope).map(time), confidence: periods.confidence, duration: duration)
    }

    /// `values` over their standard deviation; nil when they do not vary (silence).
    static func normalised(_ values: [Float]) -> [Float]? {
        guard values.count > 1 else { return nil }
        let mean = values.reduce(0, +) / Float(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Float(values.count)
        guard variance > 1e-12 else { return nil }
        let deviation = variance.squareRoot()
        return values.map { $0 / deviation }
    }

    /// `onsets` smoothed by a binomial kernel 9 frames wide (±20 ms at 5 ms frames), so the autocorrelation's
    /// peaks are wider than a frame (a period between two whole frames is seen at both) and a beat a frame or
    /// two off its onset still scores in the dynamic programme.
    static func smoothed(_ onsets: [Float]) -> [Float] {
        let kernel: [Float] = [1, 8, 28, 56, 70, 56, 28, 8, 1].map { $0 / 256 }
        return onsets.indices.map { frame in
            kernel.indices.reduce(Float(0)) { sum, tap in
                let index = min(onsets.count - 1, max(0, frame + tap - kernel.count / 2))
                return sum + kernel[tap] * onsets[index]
            }
        }
    }

    /// The beat period in frames at every frame, and the confidence (the median, over windows with sound,
    /// of the normalised autocorrelation at the period chosen).
    static func localPeriods(_ onsets: [Float], frameRate: Double) -> (perFrame: [Float], confidence: Double) {
        let shortest = Int((60 / tempoRange.upperBound * frameRate).rounded(.down))
        let longest = Int((60 / tempoRange.lowerBound * frameRate).rounded(.up))
        let lags = Array(shortest...longest)
        let windowLength = min(onsets.count, Int(tempoWindow * frameRate))
        let step = Int(tempoStep * frameRate)
        let starts = Array(stride(from: 0, through: max(0, onsets.count - windowLength), by: step))
        let prior = lags.map { lag -> Double in
            let octaves = log2(60 * frameRate / Double(lag) / preferredTempo)
            return exp(-0.5 * octaves * octaves)
        }
        var correlations: [[Double]] = []
        var periodicity: [[Double]] = []
        var energies: [Double] = []
        for start in starts {
            let window = onsets[start..<start + windowLength]
            let mean = window.reduce(0, +) / Float(windowLength)
            let centred = window.map { Double($0 - mean) }
            let energy = centred.reduce(0) { $0 + $1 * $1 }
            energies.append(energy)
            // Correlation at every lag up to twice the longest period, unbiased (a long lag overlaps fewer frames).
            let correlation = centred.withUnsafeBufferPointer { centred in
                (0...2 * longest + 1).map { lag -> Double in
                    guard energy > 0, lag < windowLength else { return 0 }
                    return lagged(centred, lag: lag) / energy * Double(windowLength) / Double(windowLength - lag)
                }
            }
            // A period's evidence: its own correlation and half that of twice the period (the bar's half).
            correlations.append(lags.map { correlation[$0] + 0.5 * max(0, correlation[2 * $0 - 1], correlation[2 * $0], correlation[2 * $0 + 1]) })
            periodicity.append(lags.map { correlation[$0] })
        }
        // Viterbi over the windows: states are lags, emissions the log of the prior-weighted correlation.
        var score = zip(correlations[0], prior).map { log(max($0 * $1, 1e-4)) }
        var back: [[Int]] = []
        let logLags = lags.map { log2(Double($0)) }
        for window in 1..<starts.count {
            var next = [Double](repeating: -.infinity, count: lags.count)
            var links = [Int](repeating: 0, count: lags.count)
            for state in lags.indices {
                var best = -Double.infinity
                for previous in lags.indices {
                    let change = logLags[state] - logLags[previous]
                    let candidate = score[previous] - tempoChangeCost * change * change
                    if candidate > best {
                        best = candidate
                        links[state] = previous
                    }
                }
                next[state] = best + log(max(correlations[window][state] * prior[state], 1e-4))
            }
            score = next
            back.append(links)
        }
        var path = [Int](repeating: 0, count: starts.count)
        path[starts.count - 1] = score.indices.max { score[$0] < score[$1] } ?? 0
        for window in stride(from: starts.count - 1, to: 0, by: -1) { path[window - 1] = back[window - 1][path[window]] }
        // A sub-frame period at each window (a parabola through the correlation around the lag chosen).
        let windowPeriods = path.enumerated().map { window, state -> Double in
            let values = correlations[window]
            guard state > 0, state < values.count - 1 else { return Double(lags[state]) }
            let (a, b, c) = (values[state - 1], values[state], values[state + 1])
            let curvature = a - 2 * b + c
            guard curvature < 0 else { return Double(lags[state]) }
            return Double(lags[state]) + max(-0.5, min(0.5, 0.5 * (a - c) / curvature))
        }
        let loudest = energies.max() ?? 0
        let sounding = path.indices.filter { energies[$0] > 0.05 * loudest }.map { periodicity[$0][path[$0]] }.sorted()
        let confidence = sounding.isEmpty ? 0 : max(0, min(1, sounding[sounding.count / 2]))
        // Each frame takes the period of the window centred nearest before it, interpolated to the next.
        let centres = starts.map { Double($0) + Double(windowLength) / 2 }
        var perFrame = [Float](repeating: 0, count: onsets.count)
        var window = 0
        for frame in onsets.indices {
            while window + 1 < centres.count, centres[window + 1] <= Double(frame) { window += 1 }
            if window + 1 < centres.count, Double(frame) > centres[window] {
                let fraction = (Double(frame) - centres[window]) / (centres[window + 1] - centres[window])
                perFrame[frame] = Float(windowPeriods[window] + fraction * (windowPeriods[window + 1] - windowPeriods[window]))
            } else {
                perFrame[frame] = Float(windowPeriods[window])
            }
        }
        return (perFrame, confidence)
    }

    /// The sum of `values[i] × values[i + lag]` over every i, four products at a time.
    static func lagged(_ values: UnsafeBufferPointer<Double>, lag: Int) -> Double {
        let count = values.count - lag
        let base = UnsafeRawPointer(values.baseAddress!)
        let stride = MemoryLayout<Double>.stride
        var sums = SIMD4<Double>()
        var index = 0
        while index + 4 <= count {
            sums +=
                base.loadUnaligned(fromByteOffset: index * stride, as: SIMD4<Double>.self)
                * base.loadUnaligned(fromByteOffset: (index + lag) * stride, as: SIMD4<Double>.self)
            index += 4
        }
        var sum = sums.sum()
        while index < count {
            sum += values[index] * values[index + lag]
            index += 1
        }
        return sum
    }

    /// The frames of the beats: the dynamic programme over `onsets` with the local `period`, trimmed.
    static func beatFrames(_ onsets: [Float], period: [Float]) -> [Int] {
        let count = onsets.count
        var cumulative = [Float](repeating: 0, count: count)
        var previousBeat = [Int](repeating: -1, count: count)
        // The log of every interval in frames, so the programme's inner loop takes none.
        let logIntervals = (0...Int((2 * (period.max() ?? 0)).rounded()) + 1).map { log(Float($0)) }
        for frame in 0..<count {
            let local = period[frame]
            let logLocal = log(local)
            let earliest = frame - Int((2 * local).rounded())
            let latest = frame - Int((local / 2).rounded())
            var best: Float = 0
            var link = -1
            if latest >= 0 {
                for candidate in max(0, earliest)...latest {
                    let deviation = logIntervals[frame - candidate] - logLocal
                    let value = cumulative[candidate] - tightness * deviation * deviation
                    if link < 0 || value > best {
                        best = value
                        link = candidate
                    }
                }
            }
            // A chain that scores worse than starting afresh starts afresh.
            if link >= 0, best > 0 {
                cumulative[frame] = onsets[frame] + best
                previousBeat[frame] = link
            } else {
                cumulative[frame] = onsets[frame]
            }
        }
        // The last beat: the last local maximum of the cumulative score above half their median.
        let peaks = (1..<max(1, count - 1)).filter { cumulative[$0] > cumulative[$0 - 1] && cumulative[$0] >= cumulative[$0 + 1] }
        guard !peaks.isEmpty else { return [] }
        let sortedPeaks = peaks.map { cumulative[$0] }.sorted()
        let threshold = sortedPeaks[sortedPeaks.count / 2] / 2
        guard var frame = peaks.last(where: { cumulative[$0] >= threshold }) else { return [] }
        var beats = [frame]
        while previousBeat[frame] >= 0 {
            frame = previousBeat[frame]
            beats.append(frame)
        }
        beats.reverse()
        return trimmed(beats, onsets: onsets)
    }

    /// `beats` of a steady tempo held at one phase: the dynamic programme follows the strongest onsets, and
    /// where a section adds a bass or chords on the off-beats (tecnoballz from 35 s) it slips half a beat onto
    /// them and stays there. The phase of the first `steadyRun` beats in a row that keep the period is carried
    /// both ways through the track: each beat a half beat off that grid moves half a beat back (snapped to the
    /// strongest onset within `snap` frames), beats caught between the two are dropped, and gaps of whole
    /// periods are filled evenly; after `phaseChange` beats in a row off the grid by another share of a beat,
    /// the grid moves to them. The phase is held only while the tempo holds (within `steadyTolerance`), so a
    /// real change of tempo, or an intro at another, is followed as found.
    static func steadyPhase(_ beats: [Int], onsets: [Float]) -> [Int] {
        guard beats.count > steadyRun else { return beats }
        let intervals = (1..<beats.count).map { Double(beats[$0] - beats[$0 - 1]) }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        guard
            let start = (0...intervals.count - steadyRun).first(where: { first in
                let run = Array(intervals[first..<first + steadyRun])
                return run.allSatisfy { abs($0 / median(run) - 1) <= steadyTolerance }
            })
        else { return beats }
        let period = median(Array(intervals[start..<start + steadyRun]))
        /// The beats from `beats[start]` on in one direction, each placed against the grid carried from the
        /// beats kept before it: a beat near the grid keeps its place and moves the grid to it (so a tempo
        /// that wavers is followed), any other moves the grid on by whole periods. Where the median of the
        /// next `steadyRun / 2` intervals leaves the period (a change of tempo), the rest are kept as found.
        func held(_ indices: [Int]) -> [Int] {
            var kept = [beats[start]]
            var grid = Double(beats[start])
            var between: [Int] = []
            /// Keeps `frame` after the last kept beat, the whole periods between them filled evenly.
            func keep(_ frame: Int) {
                let gap = Double(frame - kept[kept.count - 1])
                guard abs(gap) >= period / 2 else { return }
                let missing = Int((abs(gap) / period).rounded()) - 1
                let last = kept[kept.count - 1]
                kept += (0..<max(0, missing)).map { last + Int((gap * Double($0 + 1) / Double(missing + 1)).rounded()) }
                kept.append(frame)
            }
            let step = (indices.first ?? start) > start ? 1 : -1
            for (position, index) in indices.enumerated() {
                let ahead = indices[position...].prefix(steadyRun / 2).map { Double(abs(beats[$0] - beats[$0 - step])) }
                guard abs(median(ahead) / period - 1) <= steadyTolerance else {
                    return kept + indices[position...].map { beats[$0] }.filter { abs($0 - kept[kept.count - 1]) >= Int(period / 2) }
                }
                let periods = (Double(beats[index]) - grid) / period
                let offset = periods - periods.rounded()
                let middle = beats[index] - Int((offset.sign == .minus ? -period : period) / 2)
                if abs(offset) <= onGrid {
                    grid = Double(beats[index])
                    keep(beats[index])
                } else if abs(offset) >= 0.5 - onGrid, onsets.indices.contains(middle) {
                    keep(strongest(onsets, near: middle))
                } else {
                    between.append(beats[index])
                    guard between.count == phaseChange else { continue }
                    // The music itself moved by part of a beat (a pattern cut short, an edit): the grid follows.
                    grid = Double(beats[index])
                    for frame in between { keep(frame) }
                }
                between = []
            }
            return kept
        }
        let later = held(Array(start + 1..<beats.count))
        let earlier = held(Array((0..<start).reversed()))
        return earlier.dropFirst().reversed() + later
    }

    /// `beats` at the metrical level and phase their onsets show. A grid slower than `doubledBelow` BPM whose
    /// half-beats carry at least `halfBeatStrength` of its beats' full-band and bass onsets is doubled (the
    /// half-beats are beats, not hi-hats: the tempo autocorrelation, with its bar term, can prefer every other
    /// one). Else, the grid
    /// moves half a beat when the off-beats carry `offBeatBass` times the bass onset (kick drums) of the beats:
    /// the full-band strength times the beats well but, where hi-hats or chords fall between the kicks, can
    /// settle on the off-beats. Each half-beat is snapped to the strongest full-band onset within `snap`
    /// frames of the midpoint, so the timing still comes from the full band.
    static func phased(_ beats: [Int], onsets: [Float], low: [Float], frameRate: Double) -> [Int] {
        guard beats.count >= 4 else { return beats }
        let midpoints = (1..<beats.count).map { (beats[$0 - 1] + beats[$0]) / 2 }
        func mean(_ values: [Float], at frames: [Int]) -> Float {
            frames.reduce(0) { sum, frame in sum + (max(0, frame - snap)...min(values.count - 1, frame + snap)).map { values[$0] }.max()! }
                / Float(frames.count)
        }
        let halfBeats = midpoints.map { strongest(onsets, near: $0) }
        let intervals = (1..<beats.count).map { beats[$0] - beats[$0 - 1] }.sorted()
        if Double(intervals[intervals.count / 2]) > 60 * frameRate / doubledBelow,
            mean(onsets, at: midpoints) >= halfBeatStrength * mean(onsets, at: beats),
            mean(low, at: midpoints) >= halfBeatStrength * mean(low, at: beats)
        {
            return zip(beats, halfBeats).flatMap { [$0, $1] } + [beats[beats.count - 1]]
        }
        guard mean(low, at: midpoints) > offBeatBass * mean(low, at: beats) else { return beats }
        return halfBeats
    }

    /// The frame of the strongest onset within `snap` frames of `frame` (a frame of `onsets`).
    static func strongest(_ onsets: [Float], near frame: Int) -> Int {
        (max(0, frame - snap)...min(onsets.count - 1, frame + snap)).max { onsets[$0] < onsets[$1] }!
    }

    /// `beats` without the leading and trailing ones whose smoothed onset strength is under `weakBeat` of the
    /// beats' root-mean-square strength (the grid runs on through a fade by momentum; those beats are not heard).
    static func trimmed(_ beats: [Int], onsets: [Float]) -> [Int] {
        let strength = beats.map { frame -> Float in
            let range = max(0, frame - 2)...min(onsets.count - 1, frame + 2)
            return range.map { onsets[$0] }.max() ?? 0
        }
        let rms = (strength.reduce(0) { $0 + $1 * $1 } / Float(max(1, strength.count))).squareRoot()
        guard let first = strength.firstIndex(where: { $0 >= weakBeat * rms }),
            let last = strength.lastIndex(where: { $0 >= weakBeat * rms })
        else { return [] }
        return Array(beats[first...last])
    }

    /// The beats (frames) that start bars: of the four phases of a 4/4 bar, the one whose beats have the
    /// most bass onset and spectral change from the beat before, each measured in standard deviations.
    static func downbeats(_ beats: [Int], envelope: OnsetEnvelope) -> [Int] {
        let bass = beats.map { frame -> Float in
            let range = max(0, frame - 2)...min(envelope.low.count - 1, frame + 2)
            return range.map { envelope.low[$0] }.max() ?? 0
        }
        let spectra = beatSpectra(beats, envelope: envelope)
        var change = [Float](repeating: 0, count: beats.count)
        for index in 1..<beats.count {
            change[index] = zip(spectra[index], spectra[index - 1]).reduce(0) { $0 + max(0, $1.0 - $1.1) }
        }
        let feature = zip(normalised(bass) ?? bass, normalised(change) ?? change).map { $0 + $1 }
        let phaseScores = (0..<4).map { phase -> Float in
            let members = stride(from: phase, to: feature.count, by: 4).map { feature[$0] }
            return members.reduce(0, +) / Float(max(1, members.count))
        }
        let phase = phaseScores.indices.max { phaseScores[$0] < phaseScores[$1] } ?? 0
        return stride(from: phase, to: beats.count, by: 4).map { beats[$0] }
    }

    /// The phrase starts among `downbeats` (frames): the phase, every 8 bars (else every 4), whose bars change
    /// the mean spectrum most from the bar before, when its change is at least 1.5 times the other phases'
    /// mean and the music has at least two such phrases; else none.
    static func phrases(_ downbeats: [Int], envelope: OnsetEnvelope) -> [Int] {
        let spectra = beatSpectra(downbeats, envelope: envelope)
        guard spectra.count > 1 else { return [] }
        let novelty =
            [Float(0)]
            + (1..<spectra.count).map { bar in
                zip(spectra[bar], spectra[bar - 1]).reduce(0) { $0 + abs($1.0 - $1.1) }
            }
        for length in [8, 4] where downbeats.count >= 2 * length + 1 {
            let means = (0..<length).map { phase -> Float in
                let members = stride(from: phase == 0 ? length : phase, to: novelty.count, by: length).map { novelty[$0] }
                return members.reduce(0, +) / Float(max(1, members.count))
            }
            let phase = means.indices.max { means[$0] < means[$1] } ?? 0
            let others = (means.reduce(0, +) - means[phase]) / Float(length - 1)
            if means[phase] >= 1.5 * others, means[phase] > 0 {
                return stride(from: phase, to: downbeats.count, by: length).map { downbeats[$0] }
            }
        }
        return []
    }

    /// The mean band levels (dB) over each span from one of `marks` (frames) to the next (the last to the end).
    static func beatSpectra(_ marks: [Int], envelope: OnsetEnvelope) -> [[Float]] {
        let frames = envelope.strength.count
        return marks.indices.map { index in
            let start = min(marks[index], frames - 1)
            let end = max(start + 1, min(frames, index + 1 < marks.count ? marks[index + 1] : frames))
            var sum = [Float](repeating: 0, count: envelope.bands)
            for frame in start..<end {
                for band in 0..<envelope.bands { sum[band] += envelope.levels[frame * envelope.bands + band] }
            }
            return sum.map { $0 / Float(end - start) }
        }
    }
}
