import DVMedia
import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@Suite("audio clip reader")
struct AudioClipReaderTests {
    let folder: TemporaryFolder

    init() throws {
        folder = try TemporaryFolder()
    }

    @Test("a window gives exactly round(duration × 48000) samples")
    func exactCount() throws {
        let path = try AudioTestMedia.tone("tone.mp4", duration: 4, in: folder)
        let reader = AudioClipReader(.file(path))
        for (start, duration) in [(0.0, 3.0), (0.3, 3.0), (1.01, 0.5), (2.5, 1.0 / 3.0)] {
            let window = try reader.read(start: start, duration: duration)
            #expect(window.count == Int((duration * 48_000).rounded()))
            #expect(window.right.count == window.count)
        }
    }

    @Test("a file without audio gives silence of the window's length")
    func noAudio() throws {
        let path = try AudioTestMedia.clip("silent.mp4", duration: 2, audio: .none, in: folder)
        let window = try AudioClipReader(.file(path)).read(start: 0.5, duration: 3)
        #expect(window.count == 144_000)
        #expect(window.samplePeak == 0)
    }

    @Test("a stream shorter than the window is padded with silence")
    func shortStream() throws {
        let path = try AudioTestMedia.tone("short.mp4", duration: 1, in: folder)
        let window = try AudioClipReader(.file(path)).read(start: 0.5, duration: 1.5)
        #expect(window.count == 72_000)
        // The tone fills the first 0.5 s; past its end (plus one AAC frame of decoder tail) all is zero.
        #expect(AudioTestMedia.sineLevel(window.left[2_400..<21_600]) > -13)
        #expect(window.left[25_000...].allSatisfy { $0 == 0 })
        #expect(window.right[25_000...].allSatisfy { $0 == 0 })
    }

    @Test(
        "mono, 5.1 and 44.1 kHz inputs come out as a 1 kHz tone at 48 kHz stereo",
        arguments: [
            (ChannelLayout.mono, 48_000), (.stereo, 44_100), (.surround51, 48_000), (.surround51, 44_100), (.mono, 44_100)
        ])
    func resampled(layout: ChannelLayout, rate: Int) throws {
        let path = try AudioTestMedia.tone(
            "tone-\(layout.rawValue)-\(rate).mp4", duration: 3, level: -12, layout: layout, sampleRate: rate, in: folder)
        let window = try AudioClipReader(.file(path)).read(start: 1, duration: 1)
        #expect(window.count == 48_000)
        // Every channel carries the same tone; 5.1 folds down as L + 0.707·C + 0.707·Ls (LFE dropped).
        let expected = layout == .surround51 ? -12 + 20 * log10(1 + 2 * 0.5.squareRoot()) : -12
        for channel in [window.left, window.right] {
            let crossings = AudioTestMedia.zeroCrossings(channel[...])
            #expect(abs(crossings - 2_000) <= 2, "\(crossings) zero crossings in 1 s")
            let level = AudioTestMedia.sineLevel(channel[...])
            #expect(abs(level - expected) < 0.5, "level \(level) dBFS, expected \(expected)")
        }
    }

    @Test("a burst lands on its planned sample (±1 ms)", arguments: [48_000, 44_100])
    func burstPlacement(rate: Int) throws {
        let burst = SampleTone.Burst(time: 2.25, duration: 0.1, frequency: 1_000, level: -6)
        let path = try AudioTestMedia.tone(
            "burst-\(rate).mp4", duration: 4, frequency: 440, level: -40, sampleRate: rate, burst: burst, in: folder
        )
        let window = try AudioClipReader(.file(path)).read(start: 1.5, duration: 2)
        let onset = try #require(window.left.firstIndex { abs($0) > 0.25 })
        let planned = 36_000
        #expect(abs(onset - planned) <= 48, "burst at sample \(onset), planned \(planned)")
    }

    @Test("a hole in the stream stays a hole, and what follows stays in sync")
    func hole() throws {
        let path = try AudioTestMedia.toneWithGap("hole.m4a", before: 48_128, gap: 24_576, after: 48_128, in: folder)
        let window = try AudioClipReader(.file(path)).read(startSample: 0, count: 144_000)
        let resumed = try #require(window.left[60_000...].firstIndex { abs($0) > 0.1 })
        print("tone resumes at \(resumed), planned \(48_128 + 24_576)")
        #expect(abs(resumed - (48_128 + 24_576)) <= 48)
        #expect(TestSignal.rms(window, 50_000..<70_000) < 0.01)
    }

    @Test("readAll decodes the whole stream, up to a limit")
    func readAll() throws {
        let path = try AudioTestMedia.tone("all.mp4", duration: 1.5, in: folder)
        let reader = AudioClipReader(.file(path))
        let whole = try reader.readAll(limit: 10 * 48_000)
        #expect(abs(whole.count - 72_000) <= 1_024)
        #expect(try reader.readAll(limit: 24_000).count == 24_000)
    }
}
