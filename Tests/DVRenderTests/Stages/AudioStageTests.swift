import DVMedia
import DVPlanning
import DVSamples
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVRender

/// The audio stage itself, as the executor runs it: a job with an intro and an outro over two generated
/// clips, one at −30 LUFS and one at −10 LUFS, planned, laid out and mixed into the encoded track.
@Suite("audio stage")
struct AudioStageTests {
    /// The stage's encoded track, decoded, and the layout it follows.
    struct Mixed {
        let job: Job
        let layout: ReelLayout
        let samples: StereoSamples

        /// The clip pieces in reel order.
        var clips: [ReelLayout.Piece] { layout.pieces.filter { $0.source.clip != nil } }

        func sample(_ frame: Int) -> Int {
            AudioTimeline.sampleCount(frames: frame, fpsNumerator: layout.canvas.fps)
        }

        func rms(_ range: Range<Int>) -> Double {
            let sum = range.reduce(0.0) { $0 + Double(samples.left[$1] * samples.left[$1] + samples.right[$1] * samples.right[$1]) }
            return (sum / Double(2 * range.count)).squareRoot()
        }
    }

    /// Writes the two tone clips (dated by name, Dec 1 and Dec 2) and a job over them, and runs the stage.
    static func mix(in scratch: TemporaryFolder) throws -> Mixed {
        let (job, layout) = try laidOut(
            levels: [-30, -10],
            settings: """
                intro: { text: Hello, duration: 1s }
                outro: { text: Bye, duration: 1s }
                """, in: scratch)
        try scratch.work.prepare()
        let track = try AudioStage(work: scratch.work, job: job).track(for: layout, observer: RecordingObserver())
        let samples = try AudioClipReader(.file(track.file.path)).readAll(
            limit: 10 * AudioTimeline.sampleCount(frames: layout.frameCount, fpsNumerator: 10))
        return Mixed(job: job, layout: layout, samples: samples)
    }

    /// Two 4 s tone clips at `levels` LUFS dated Dec 1 and Dec 2, and a job over them (64×36 at 10 fps, 0.5 s
    /// crossfades) with more `settings`, planned and laid out.
    static func laidOut(levels: [Double], settings: String, in scratch: TemporaryFolder) throws -> (job: Job, layout: ReelLayout) {
        let library = try scratch.subfolder("library")
        let writer = try SampleWriter()
        for (name, level) in zip(["VID_20241201_120000.mp4", "VID_20241202_120000.mp4"], levels) {
            let clip = SampleClip(
                fileName: name, duration: 4, width: 64, height: 36, fps: 10, audio: .tone(SampleTone(frequency: 1_000, level: level)))
            _ = try writer.write(clip, in: library)
        }
        let jobFile = scratch.url.appendingPathComponent("job.yaml")
        try """
        version: 1
        library: { paths: [library], timezone: UTC }
        timeframe: { from: 2024-12-01, to: 2024-12-02 }
        output: { path: out/reel.mp4, resolution: 64x36, fps: 10 }
        transition: { style: crossfade, duration: 0.5s }
        \(settings)
        """.write(to: jobFile, atomically: true, encoding: .utf8)
        let result = JobLoader.load(path: jobFile.path)
        let job = try #require(result.job, "\(result.diagnostics)")
        let planned = try PlannedJob.make(job: job, asOf: nil, work: scratch.work, observer: RecordingObserver())
        return (job, try planned.layout(observer: RecordingObserver()))
    }

    @Test("the track is kept in chunks: made again after its file is gone, it reuses every chunk (found by its clips) and has the same bytes")
    func chunksAreReused() throws {
        let scratch = try TemporaryFolder()
        let mixed = try Self.mix(in: scratch)
        let stage = AudioStage(work: scratch.work, job: mixed.job)
        let track = try stage.trackFile(for: mixed.layout)
        let bytes = try Data(contentsOf: track)
        let chunks = scratch.work.audioFolder.appendingPathComponent("chunks")
        let names = try FileManager.default.contentsOfDirectory(atPath: chunks.path).filter { $0.hasSuffix(".aac") }.sorted()
        let length = AudioTimeline.sampleCount(frames: mixed.layout.frameCount, fpsNumerator: mixed.layout.canvas.fps)
        #expect(names.count == AudioChunking(length: length, bitrate: 160_000).chunkCount && names.count > 1)
        let made = try names.map {
            try FileManager.default.attributesOfItem(atPath: chunks.appendingPathComponent($0).path)[.modificationDate] as? Date
        }

        try FileManager.default.removeItem(at: track)
        let again = try stage.track(for: mixed.layout, observer: RecordingObserver())
        #expect(!again.reused)
        #expect(try Data(contentsOf: again.file) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: chunks.path).filter { $0.hasSuffix(".aac") }.sorted() == names)
        let remade = try names.map {
            try FileManager.default.attributesOfItem(atPath: chunks.appendingPathComponent($0).path)[.modificationDate] as? Date
        }
        #expect(remade == made, "no chunk was written again")
    }

    @Test("a track made ahead of the assembly stops at a stop request and leaves no file; made ahead to its end, it is the assembly's own")
    func aTrackMadeAheadStopsOrIsTheAssemblys() throws {
        let scratch = try TemporaryFolder()
        let mixed = try Self.mix(in: scratch)
        let stage = AudioStage(work: scratch.work, job: mixed.job)
        let track = try stage.trackFile(for: mixed.layout)
        let assembled = try Data(contentsOf: track)
        try FileManager.default.removeItem(at: track)

        let stop = StopRequest()
        stop.request(signal: SIGTERM)
        #expect(throws: RenderError.interrupted(signal: SIGTERM)) { try stage.track(for: mixed.layout, observer: SilentObserver(), stop: stop) }
        let stopped = SoundTracksAhead([(mixed.job, mixed.layout)], work: scratch.work, observer: SilentObserver(), stop: stop)
        stopped.join()
        #expect(!FileManager.default.fileExists(atPath: track.path), "no track, and no half-written one under its name")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: scratch.work.audioFolder.path).filter { $0.contains("partial") }
        #expect(leftovers.isEmpty, "\(leftovers)")

        let ahead = SoundTracksAhead([(mixed.job, mixed.layout)], work: scratch.work, observer: SilentObserver(), stop: StopRequest())
        ahead.join()
        #expect(try Data(contentsOf: track) == assembled)
    }

    @Test("clips made at −30 and −10 LUFS both end within 1 LU of the −16 LUFS target")
    func loudnessMatched() throws {
        let scratch = try TemporaryFolder()
        let mixed = try Self.mix(in: scratch)
        #expect(mixed.clips.count == 2)
        for piece in mixed.clips {
            // Inside the clip, away from the half-second crossfades at both of its edges.
            let inner = mixed.sample(piece.firstFrame) + 24_000..<mixed.sample(piece.endFrame) - 24_000
            let part = StereoSamples(left: Array(mixed.samples.left[inner]), right: Array(mixed.samples.right[inner]))
            let loudness = try #require(LoudnessMeter.measure(part).integrated)
            #expect(abs(loudness - -16) <= 1, "\(piece.source.clip?.path ?? ""): \(loudness) LUFS")
        }
    }

    /// With an equal-power fade over the card's transition, the clip's first quarter of it plays at
    /// √(mean sin²(πx/2), x in 0…¼) ≈ 0.22 of its steady level and the last quarter at ≈ 0.97; a 5 ms
    /// de-click alone would leave both near 1.
    @Test("the sound rises from the intro card's silence and falls into the outro's over the picture's transitions")
    func cardsCrossfadeTheSound() throws {
        let scratch = try TemporaryFolder()
        let mixed = try Self.mix(in: scratch)
        let pieces = mixed.layout.pieces
        try #require(pieces.count == 4 && pieces[0].source.clip == nil && pieces[3].source.clip == nil)
        let intro = mixed.sample(pieces[0].endFrame) - mixed.sample(pieces[1].firstFrame)
        let outro = mixed.sample(pieces[2].endFrame) - mixed.sample(pieces[3].firstFrame)
        #expect(intro == 24_000 && outro == 24_000)

        let firstStart = mixed.sample(pieces[1].firstFrame)
        let steadyFirst = mixed.rms(firstStart + intro..<firstStart + 2 * intro)
        #expect(mixed.rms(firstStart..<firstStart + intro / 4) < 0.35 * steadyFirst)
        #expect(mixed.rms(firstStart + 3 * intro / 4..<firstStart + intro) > 0.85 * steadyFirst)

        let lastEnd = mixed.sample(pieces[2].endFrame)
        let steadyLast = mixed.rms(lastEnd - 2 * outro..<lastEnd - outro)
        #expect(mixed.rms(lastEnd - outro / 4..<lastEnd) < 0.35 * steadyLast)
        #expect(mixed.rms(lastEnd - outro..<lastEnd - 3 * outro / 4) > 0.85 * steadyLast)
        // Nothing sounds over the cards themselves, before and after their transitions.
        #expect(mixed.rms(0..<firstStart) < 0.01 * steadyFirst)
        #expect(mixed.rms(lastEnd..<mixed.samples.count) < 0.01 * steadyLast)
    }
}
