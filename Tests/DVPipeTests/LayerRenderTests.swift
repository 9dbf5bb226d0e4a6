import DVMedia
import DVPlanning
import DVSamples
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Days that show several clips at once, rendered and read back by the ffmpeg command: each source in its
/// rectangle (ffmpeg's `psnr` filter against the source's own pixels), the stacking order, and whose sound
/// plays.
@Suite(.serialized, .tags(.endToEnd, .reference)) struct LayerRenderTests {
    static let width = 320, height = 180, fps = 10

    /// Two clips of 2024-11-20, 2 s at 10 fps like the reel, told apart by their colours and tones: `quiet`
    /// (red, 440 Hz at -24 dBFS, filmed first) and `loud` (blue, 1500 Hz at -12 dBFS).
    static let quiet = SampleClip(
        fileName: "VID_20241120_090000.mp4", duration: 2, width: width, height: height, fps: fps,
        audio: .tone(SampleTone(frequency: 440, level: -24)), tags: .filmed(at: "2024-11-20T09:00:00+0000"), text: "1",
        background: SRGBColour(red: 200, green: 40, blue: 40)
    )
    static let loud = SampleClip(
        fileName: "VID_20241120_100000.mp4", duration: 2, width: width, height: height, fps: fps,
        audio: .tone(SampleTone(frequency: 1500, level: -12)), tags: .filmed(at: "2024-11-20T10:00:00+0000"), text: "2",
        background: SRGBColour(red: 40, green: 60, blue: 200)
    )

    /// The next day's one clip (green).
    static let nextDay = SampleClip(
        fileName: "VID_20241121_090000.mp4", duration: 2, width: width, height: height, fps: fps,
        tags: .filmed(at: "2024-11-21T09:00:00+0000"), text: "3", background: SRGBColour(red: 40, green: 160, blue: 60)
    )

    /// A folder with the three clips in `media/` and a job over `days` (2024-11-20 alone unless told),
    /// joined by `transition`, whose extra keys are `extra`.
    static func project(
        _ name: String, extra: String, days: String = "{ from: 2024-11-20, to: 2024-11-20 }", transition: String = "{ style: cut }"
    ) throws -> (folder: TemporaryFolder, job: URL) {
        let folder = try TemporaryFolder(name)
        let media = try folder.subfolder("media")
        let writer = try SampleWriter()
        for clip in [quiet, loud, nextDay] {
            try writer.write(clip, in: media)
        }
        let job = folder.url.appendingPathComponent("job.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: \(days)
        clips: { video: { duration: 2s } }
        output: { path: out/reel.mp4, resolution: \(width)x\(height), fps: \(fps) }
        transition: \(transition)
        audio: { normalize: false }
        \(extra)

        """.write(to: job, atomically: true, encoding: .utf8)
        return (folder, job)
    }

    static func render(_ job: URL) throws -> URL {
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        #expect(run.status == 0, "\(run.standardError)")
        return job.deletingLastPathComponent().appendingPathComponent("out/reel.mp4")
    }

    /// The ffmpeg command's PSNR (average over Y, U and V, all frames) of the reel's `reelCrop` against the
    /// source's `sourceCrop`, each `width:height:x:y`.
    static func psnr(_ reel: URL, _ reelCrop: String, against source: URL, _ sourceCrop: String) throws -> Double {
        let ffmpeg = try #require(ReferenceCommand.ffmpeg, "make test installs the ffmpeg command")
        let graph = "[0:v]crop=\(reelCrop)[reel];[1:v]crop=\(sourceCrop)[source];[reel][source]psnr"
        let run = try ReferenceCommand.printed(
            ffmpeg, ["-hide_banner", "-i", reel.path, "-i", source.path, "-filter_complex", graph, "-f", "null", "-"])
        #expect(run.status == 0, "\(run.printed)")
        let average = try #require(run.printed.components(separatedBy: "average:").last?.split(separator: " ").first, "\(run.printed)")
        return average == "inf" ? .infinity : try #require(Double(average), "\(run.printed)")
    }

    /// The reel's left channel between 0.5 s and 1.5 s, decoded by the ffmpeg command: its RMS, and the
    /// amplitude of the quiet clip's and the loud clip's tone in it.
    static func sound(of reel: URL) throws -> (rms: Double, quietTone: Double, loudTone: Double) {
        let ffmpeg = try #require(ReferenceCommand.ffmpeg, "make test installs the ffmpeg command")
        let data = try ReferenceCommand.output(ffmpeg, ["-v", "error", "-i", reel.path, "-ss", "0.5", "-t", "1", "-ar", "48000", "-f", "f32le", "-"])
        let interleaved = data.withUnsafeBytes { Array($0.bindMemory(to: Float.self)) }
        let samples = stride(from: 0, to: interleaved.count, by: 2).map { Double(interleaved[$0]) }
        let rms = (samples.map { $0 * $0 }.reduce(0, +) / Double(max(1, samples.count))).squareRoot()
        return (rms, amplitude(of: 440, in: samples), amplitude(of: 1500, in: samples))
    }

    /// The amplitude of the sine at `frequency` Hz in `samples` (48 kHz), by correlation with it.
    static func amplitude(of frequency: Double, in samples: [Double]) -> Double {
        var (sine, cosine) = (0.0, 0.0)
        for (index, sample) in samples.enumerated() {
            let phase = 2 * Double.pi * frequency * Double(index) / 48_000
            sine += sample * sin(phase)
            cosine += sample * cos(phase)
        }
        return 2 * (sine * sine + cosine * cosine).squareRoot() / Double(max(1, samples.count))
    }

    @Test("split-h: each half shows its own source, cropped to cover it; audio: first plays the first clip's sound")
    func splitShowsEachSourceInItsHalf() throws {
        let (folder, job) = try Self.project("layers-split", extra: "layout: { style: split-h, audio: first }")
        let reel = try Self.render(job)
        let media = folder.url.appendingPathComponent("media")
        let quiet = media.appendingPathComponent(Self.quiet.fileName), loud = media.appendingPathComponent(Self.loud.fileName)
        // Each half is 160×180; a 320×180 source covers it by its middle 160 columns, unscaled.
        let (left, right, middle) = ("160:180:0:0", "160:180:160:0", "160:180:80:0")
        let own = [try Self.psnr(reel, left, against: quiet, middle), try Self.psnr(reel, right, against: loud, middle)]
        let crossed = [try Self.psnr(reel, left, against: loud, middle), try Self.psnr(reel, right, against: quiet, middle)]
        #expect(own.allSatisfy { $0 > 30 }, "PSNR of each half against its own source: \(own)")
        #expect(crossed.allSatisfy { $0 < 20 }, "PSNR of each half against the other source: \(crossed)")
        let sound = try Self.sound(of: reel)
        #expect(sound.quietTone > 0.02 && sound.loudTone < 0.002, "\(sound)")

        // Whose sound plays is not part of the picture: changing it renders no segment again.
        try String(contentsOf: job, encoding: .utf8).replacingOccurrences(of: "audio: first", with: "audio: loudest")
            .write(to: job, atomically: true, encoding: .utf8)
        let again = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        #expect(again.status == 0 && again.standardOutput.contains("segments: 0 rendered, 1 reused"), "\(again.standardOutput)")
        let louder = try Self.sound(of: reel)
        #expect(louder.loudTone > 0.1 && louder.quietTone < 0.002, "\(louder)")
    }

    @Test("a layered day's end read on in the next segment, or opened afresh there by another shard: the same bytes")
    func layeredDayAcrossSegments() throws {
        let days = "{ from: 2024-11-20, to: 2024-11-21 }", transition = "{ style: crossfade, duration: 0.5s }"
        let (whole, wholeJob) = try Self.project("layers-whole", extra: "layout: split-h", days: days, transition: transition)
        // One segment at a time: the second reads the layered day on from where the first left it.
        let run = try DVPipeProcess.run(["run", wholeJob.path, "--jobs", "1", "--progress", "none"])
        #expect(run.status == 0, "\(run.standardError)")
        let reel = try Data(contentsOf: whole.url.appendingPathComponent("out/reel.mp4"))
        let (sharded, shardedJob) = try Self.project("layers-sharded", extra: "layout: split-h", days: days, transition: transition)
        for shard in ["1/2", "2/2"] {
            let render = try DVPipeProcess.run(["render", shardedJob.path, "--shard", shard, "--progress", "none"])
            #expect(render.status == 0 && render.standardOutput.contains("1 rendered"), "\(shard): \(render.standardOutput)\(render.standardError)")
        }
        let assemble = try DVPipeProcess.run(["assemble", shardedJob.path, "--progress", "none"])
        #expect(assemble.status == 0, "\(assemble.standardError)")
        #expect(try Data(contentsOf: sharded.url.appendingPathComponent("out/reel.mp4")) == reel)
        withExtendedLifetime(whole) {}
    }

    @Test("overlapping layers stack by z, then list order; audio: loudest, none and mix")
    func zOrderAndSound() throws {
        let whole = "rect: { x: 0, y: 0, width: 1, height: 1 }"
        func layers(quietZ: Int, audio: String) -> String {
            """
            days:
              2024-11-20:
                layout: { audio: \(audio) }
                layers:
                  - { file: \(Self.quiet.fileName), \(whole), z: \(quietZ) }
                  - { file: \(Self.loud.fileName), \(whole) }
            """
        }
        let frame = "\(Self.width):\(Self.height):0:0"
        let (raised, raisedJob) = try Self.project("layers-z", extra: layers(quietZ: 1, audio: "loudest"))
        let raisedReel = try Self.render(raisedJob)
        let media = raised.url.appendingPathComponent("media")
        let quiet = media.appendingPathComponent(Self.quiet.fileName), loud = media.appendingPathComponent(Self.loud.fileName)
        #expect(try Self.psnr(raisedReel, frame, against: quiet, frame) > 30, "z 1 is drawn over the later layer")
        let loudest = try Self.sound(of: raisedReel)
        #expect(loudest.loudTone > 0.1 && loudest.quietTone < 0.002, "\(loudest)")

        let (listed, listedJob) = try Self.project("layers-list", extra: layers(quietZ: 0, audio: "none"))
        let listedReel = try Self.render(listedJob)
        #expect(try Self.psnr(listedReel, frame, against: loud, frame) > 30, "of equal z, the later layer is drawn over")
        #expect(try Self.sound(of: listedReel).rms < 0.001, "audio: none is silent")

        let (mixing, mixedJob) = try Self.project("layers-mix", extra: layers(quietZ: 0, audio: "mix"))
        let mixed = try Self.sound(of: try Self.render(mixedJob))
        // Each tone at 1/√2 of its own amplitude: -24 dBFS peaks at 0.063, -12 dBFS at 0.251.
        #expect(abs(mixed.quietTone - 0.063 / 2.0.squareRoot()) < 0.005 && abs(mixed.loudTone - 0.251 / 2.0.squareRoot()) < 0.01, "\(mixed)")
        #expect(abs(loudest.loudTone - 0.251) < 0.01, "alone, the loud tone keeps its level: \(loudest)")
        withExtendedLifetime((raised, listed, mixing)) {}
    }
}
