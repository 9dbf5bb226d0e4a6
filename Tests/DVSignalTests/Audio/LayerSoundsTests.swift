import DVSignal
import Foundation
import Testing

/// The sound of a day that shows several clips: mixed at 1/√n, or the loudest chosen, each fitted to the day.
@Suite struct LayerSoundsTests {
    static func tone(_ amplitude: Float, count: Int) -> StereoSamples {
        let wave = (0..<count).map { amplitude * Float(sin(2 * Double.pi * 440 * Double($0) / 48_000)) }
        return StereoSamples(left: wave, right: wave)
    }

    @Test("the mix adds each track at 1/√n and is silent past a short track's end")
    func mix() {
        let long = Self.tone(0.2, count: 100), short = StereoSamples(left: [0.5, 0.5], right: [-0.5, -0.5])
        let mixed = LayerSounds.mix([long, short], length: 120)
        let gain = 1 / Float(2).squareRoot()
        #expect(mixed.count == 120)
        #expect(mixed.left[1] == gain * long.left[1] + gain * 0.5 && mixed.right[1] == gain * long.right[1] - gain * 0.5)
        #expect(mixed.left[50] == gain * long.left[50])
        #expect(mixed.left[100...].allSatisfy { $0 == 0 })
        #expect(LayerSounds.mix([], length: 3) == StereoSamples(silence: 3))
    }

    @Test("a silent track does not lower the others: n counts the tracks with sound")
    func silentTracksAreNotCounted() {
        let tone = Self.tone(0.2, count: 480)
        #expect(LayerSounds.mix([tone, StereoSamples(silence: 480)], length: 480) == tone)
    }

    @Test("fitted cuts or lengthens with silence; the loudest is the first of the loudest")
    func fittedAndLoudest() {
        let track = Self.tone(0.1, count: 48_000)
        #expect(LayerSounds.fitted(track, length: 10) == StereoSamples(left: Array(track.left[..<10]), right: Array(track.right[..<10])))
        #expect(LayerSounds.fitted(track, length: 48_010).left[48_000...].allSatisfy { $0 == 0 })
        let loud = Self.tone(0.4, count: 48_000)
        #expect(LayerSounds.loudest([track, loud, loud]) == 1)
        #expect(LayerSounds.loudest([StereoSamples(silence: 48_000), track]) == 1, "silence counts as quietest")
        #expect(LayerSounds.loudest([]) == nil)
    }
}
