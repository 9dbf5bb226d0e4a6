import DVMediaFacts
import DVSignal
import DVTestBasics
import Foundation
import Testing

@Suite("beat tracker")
struct BeatTrackerTests {
    static let rate = 48_000

    /// Deterministic white noise in −1...1 (a linear congruential generator), so every run hears the same.
    struct Noise {
        var state: UInt64

        mutating func next() -> Float {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(Int64(bitPattern: state >> 11) - (1 << 52)) / Float(1 << 52)
        }
    }

    /// The beat times of a tempo that holds `bpm` for each span's seconds in turn, over `seconds`.
    static func beatTimes(_ tempi: [(bpm: Double, until: Double)]) -> [Double] {
        var times: [Double] = []
        var time = 0.5
        for (bpm, until) in tempi {
            while time < until {
                times.append(time)
                time += 60 / bpm
            }
        }
        return times
    }

    /// Adds a sound to `samples` at `time` seconds, its sample `n` given by `sound(n)` for `length` samples.
    static func add(_ samples: inout [Float], at time: Double, length: Int, _ sound: (Int) -> Float) {
        let start = Int((time * Double(rate)).rounded())
        for index in 0..<length where start + index < samples.count { samples[start + index] += sound(index) }
    }

    /// A click track: a 2 ms burst of 3 kHz with a fast decay on every beat.
    static func clicks(_ beats: [Double], seconds: Double) -> [Float] {
        var samples = [Float](repeating: 0, count: Int(seconds * Double(rate)))
        for beat in beats {
            add(&samples, at: beat, length: rate / 50) { n in
                Float(0.8 * sin(2 * Double.pi * 3_000 * Double(n) / Double(rate)) * exp(-Double(n) / 100))
            }
        }
        return samples
    }

    /// A drum loop in 4/4: a kick with a falling pitch on beats 1 and 3, a noise snare on 2 and 4 and a closed
    /// hi-hat on every eighth, each bar starting with a louder kick.
    static func drums(_ beats: [Double], seconds: Double) -> [Float] {
        var samples = [Float](repeating: 0, count: Int(seconds * Double(rate)))
        var noise = Noise(state: 7)
        for (index, beat) in beats.enumerated() {
            if index % 2 == 0 {
                let level = index % 4 == 0 ? 0.9 : 0.6
                add(&samples, at: beat, length: rate / 4) { n in
                    let t = Double(n) / Double(rate)
                    return Float(level * sin(2 * Double.pi * (50 * t + 60 * (1 - exp(-t * 30)) / 30)) * exp(-t * 12))
                }
            } else {
                add(&samples, at: beat, length: rate / 6) { n in 0.5 * noise.next() * Float(exp(-Double(n) / 2_400)) }
            }
            let next = index + 1 < beats.count ? beats[index + 1] : beat + (beat - beats[max(0, index - 1)])
            for hat in [beat, (beat + next) / 2] {
                add(&samples, at: hat, length: rate / 20) { n in
                    let sample = noise.next()
                    return 0.15 * (sample - 0.9 * noise.next()) * Float(exp(-Double(n) / 300))
                }
            }
        }
        return samples
    }

    /// Asserts that every reference beat at least 3 s from either end has a tracked beat within 10 ms, and no
    /// tracked beat in that stretch is far from a reference one.
    static func expectBeats(_ grid: BeatGrid, near reference: [Double], seconds: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        let inner = reference.filter { $0 >= 3 && $0 <= seconds - 3 }
        let errors = inner.map { beat in grid.beats.map { abs($0 - beat) }.min() ?? .infinity }
        #expect(errors.max() ?? .infinity <= 0.010, "largest error \(errors.max() ?? .infinity) s", sourceLocation: sourceLocation)
        let extra = grid.beats.filter { $0 >= 3.2 && $0 <= seconds - 3.2 }.filter { beat in
            reference.allSatisfy { abs($0 - beat) > 0.05 }
        }
        #expect(extra.isEmpty, "beats with no reference: \(extra)", sourceLocation: sourceLocation)
    }

    @Test("a click track's beats are found within 10 ms", arguments: [72.0, 96.0, 120.0, 135.0, 170.0])
    func clickTrack(bpm: Double) {
        let beats = Self.beatTimes([(bpm, 30)])
        let grid = BeatTracker.track(Self.clicks(beats, seconds: 30), sampleRate: Self.rate)
        #expect(grid.hasBeat)
        Self.expectBeats(grid, near: beats, seconds: 30)
    }

    @Test("a drum loop's beats, tempo and downbeats are found", arguments: [90.0, 110.0, 128.0, 150.0])
    func drumLoop(bpm: Double) throws {
        let beats = Self.beatTimes([(bpm, 40)])
        let grid = BeatTracker.track(Self.drums(beats, seconds: 40), sampleRate: Self.rate)
        let tempo = try #require(grid.tempo)
        #expect(abs(tempo / bpm - 1) < 0.01, "tempo \(tempo)")
        Self.expectBeats(grid, near: beats, seconds: 40)
        let bars = stride(from: 0, to: beats.count, by: 4).map { beats[$0] }
        for downbeat in grid.downbeats where downbeat >= 3 && downbeat <= 37 {
            #expect(bars.contains { abs($0 - downbeat) < 0.02 }, "downbeat \(downbeat) is not on a bar line")
        }
    }

    /// Loud low kicks on the beats and quiet 3 kHz ticks (−18 dB) on the off-beats: the beats are the kicks.
    @Test("loud kicks on the beats win over quiet ticks on the off-beats", arguments: [100.0, 128.0])
    func kicksOverTicks(bpm: Double) {
        let beats = Self.beatTimes([(bpm, 30)])
        var samples = [Float](repeating: 0, count: 30 * Self.rate)
        for (index, beat) in beats.enumerated() {
            Self.add(&samples, at: beat, length: Self.rate / 4) { n in
                let t = Double(n) / Double(Self.rate)
                return Float(0.8 * sin(2 * Double.pi * (50 * t + 60 * (1 - exp(-t * 30)) / 30)) * exp(-t * 12))
            }
            let next = index + 1 < beats.count ? beats[index + 1] : beat + 60 / bpm
            Self.add(&samples, at: (beat + next) / 2, length: Self.rate / 50) { n in
                Float(0.1 * sin(2 * Double.pi * 3_000 * Double(n) / Double(Self.rate)) * exp(-Double(n) / 100))
            }
        }
        Self.expectBeats(BeatTracker.track(samples, sampleRate: Self.rate), near: beats, seconds: 30)
    }

    /// A drum loop at 120 BPM cut at 20 s and joined again a third of a beat late (an edit, a pattern cut
    /// short): the tempo holds but the phase moves, and the beats after the join follow it, none dropped (the
    /// beat before the join, which the dynamic programme pulls towards it, aside).
    @Test("a drum loop that moves by a third of a beat part way keeps every beat")
    func phaseMove() {
        let before = Self.beatTimes([(120, 20)])
        let beats = before + Self.beatTimes([(120, 20)]).map { $0 + before[before.count - 1] + 0.5 / 3 }
        let grid = BeatTracker.track(Self.drums(beats, seconds: 40), sampleRate: Self.rate)
        let away = beats.filter { $0 >= 3 && $0 <= 37 && abs($0 - 19.5) > 0.1 }
        let errors = away.map { beat in grid.beats.map { abs($0 - beat) }.min() ?? .infinity }
        #expect(errors.max() ?? .infinity <= 0.010, "largest error \(errors.max() ?? .infinity) s")
    }

    @Test("a change of tempo is followed")
    func tempoChange() {
        let beats = Self.beatTimes([(100, 25), (130, 50)])
        let grid = BeatTracker.track(Self.drums(beats, seconds: 50), sampleRate: Self.rate)
        Self.expectBeats(grid, near: beats, seconds: 50)
    }

    /// A drone is two slowly wavering tones over a little hiss (−50 dB), as an ambient pad has.
    @Test("silence, noise and a drone have no beat")
    func noBeat() {
        let count = 20 * Self.rate
        var noise = Noise(state: 3)
        let drone = (0..<count).map { n -> Float in
            let t = Double(n) / Double(Self.rate)
            let tones = 0.3 * sin(2 * Double.pi * 110 * t + 0.3 * sin(2 * Double.pi * 0.3 * t)) + 0.2 * sin(2 * Double.pi * 165 * t)
            return Float(tones) + 0.003 * noise.next()
        }
        for samples in [[Float](repeating: 0, count: count), (0..<count).map { _ in 0.3 * noise.next() }, drone, []] {
            let grid = BeatTracker.track(samples, sampleRate: Self.rate)
            #expect(!grid.hasBeat && grid.beats.isEmpty, "confidence \(grid.confidence), tempo \(grid.tempo ?? 0)")
        }
    }

    @Test("the same samples give the same grid, and it survives JSON")
    func deterministic() throws {
        let samples = Self.drums(Self.beatTimes([(118, 20)]), seconds: 20)
        let grid = BeatTracker.track(samples, sampleRate: Self.rate)
        #expect(BeatTracker.track(samples, sampleRate: Self.rate) == grid)
        let decoded = try JSONDecoder().decode(BeatGrid.self, from: JSONEncoder().encode(grid))
        #expect(decoded == grid)
    }
}
