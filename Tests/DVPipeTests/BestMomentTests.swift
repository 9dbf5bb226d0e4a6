import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// `start: auto` and `order: best` on clips dvpipe's sample writer makes with a poor start (black, then
/// without detail, then shaken, all silent) before a sharp card with a moving bar and a tone.
@Suite(.serialized, .tags(.endToEnd, .reference)) struct BestMomentTests {
    /// A clip of 2024-11-20 at `hour`, `duration` seconds, the first `poorStart` of them poor.
    static func clip(_ name: String, hour: Int, duration: Double, poorStart: Double) -> SampleClip {
        SampleClip(
            fileName: name, duration: duration, width: 320, height: 180, fps: 24,
            tags: .filmed(at: String(format: "2024-11-20T%02d:00:00+0000", hour)), text: "20", poorStart: poorStart
        )
    }

    static func job(in folder: TemporaryFolder, clips: [SampleClip], selection: String) throws -> URL {
        let media = try folder.subfolder("media")
        let writer = try SampleWriter()
        for clip in clips { try writer.write(clip, in: media) }
        let job = folder.url.appendingPathComponent("job.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-11-20, to: 2024-11-20 }
        selection: \(selection)
        clips: { video: { duration: 2s, start: auto } }
        output: { path: out/reel.mp4, resolution: 320x180, fps: 24 }

        """.write(to: job, atomically: true, encoding: .utf8)
        return job
    }

    static func day(_ plan: DVPipeProcess.Result) throws -> [String: Any] {
        let json = try JSONSerialization.jsonObject(with: Data(plan.standardOutput.utf8)) as? [String: Any]
        return try #require((json?["days"] as? [[String: Any]])?.first)
    }

    /// The modification time of the work folder's kept analyses, which only a new analysis rewrites.
    /// The kept analyses' file number: every write puts a new file in its place (written aside, then renamed),
    /// so the number changes whenever it is written, however soon.
    static func analysesWritten(_ job: URL) throws -> Int? {
        let file = job.deletingLastPathComponent().appendingPathComponent(".dvpipe/job/moments.json")
        return (try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? NSNumber)?.intValue
    }

    @Test("start: auto skips a black, flat and shaken, silent first 1.5 s for the sharp moving middle, the same on a second, warm plan")
    func autoStartFindsTheGoodPart() throws {
        let folder = try TemporaryFolder("moment")
        let job = try Self.job(in: folder, clips: [Self.clip("VID_20241120_120000.mp4", hour: 12, duration: 4.5, poorStart: 1.5)], selection: "{}")
        let first = try DVPipeProcess.run(["plan", job.path, "--json"])
        try #require(first.status == 0, "\(first.standardError)")
        let day = try Self.day(first)
        let start = try #require(day["start"] as? Double)
        #expect(start >= 1.5 && start <= 2.5, "the window starts in the good part: \(day)")
        let moment = try #require(day["moment"] as? [String: Any], "\(day)")
        #expect(moment["start"] as? Double == start)
        for part in ["score", "sharpness", "exposure", "steadiness", "sound"] {
            #expect((moment[part] as? Double).map { $0 > 0.5 && $0 <= 1 } == true, "\(part): \(moment)")
        }
        #expect((moment["motion"] as? Double).map { $0 > 0 } == true, "the bar moves: \(moment)")
        let written = try #require(try Self.analysesWritten(job), "the analysis is kept in the work folder")

        let again = try DVPipeProcess.run(["plan", job.path, "--json"])
        #expect(try Self.day(again)["start"] as? Double == start)
        #expect(try Self.day(again)["moment"] as? [String: Any] != nil)
        #expect(try Self.analysesWritten(job) == written, "a warm plan analyses nothing again")

        let elsewhere = try TemporaryFolder("moment-elsewhere")
        let copy = elsewhere.url.appendingPathComponent("project")
        try DatedLibrary.copyWithNewTimes(folder.url, to: copy)
        let copiedJob = copy.appendingPathComponent("job.yaml")
        let copied = try Self.analysesWritten(copiedJob)
        let moved = try DVPipeProcess.run(["plan", copiedJob.path, "--json"])
        #expect(try Self.day(moved)["start"] as? Double == start)
        #expect(try Self.analysesWritten(copiedJob) == copied, "kept by content: a copied project with new times analyses nothing again")
    }

    @Test("order: best takes the sharp clip of three (earlier ones poor all through or for most of their length)")
    func bestOrderTakesTheSharpClip() throws {
        let folder = try TemporaryFolder("moment-best")
        let clips = [
            Self.clip("VID_20241120_080000.mp4", hour: 8, duration: 3, poorStart: 3),
            Self.clip("VID_20241120_090000.mp4", hour: 9, duration: 3, poorStart: 2.4),
            Self.clip("VID_20241120_100000.mp4", hour: 10, duration: 3, poorStart: 0)
        ]
        let job = try Self.job(in: folder, clips: clips, selection: "{ order: best }")
        let plan = try DVPipeProcess.run(["plan", job.path, "--json"])
        try #require(plan.status == 0, "\(plan.standardError)")
        let day = try Self.day(plan)
        #expect(day["file"] as? String == "VID_20241120_100000.mp4", "\(day)")
        #expect(day["reason"] as? String == "video 1 of 3")
        let earliest = try DVPipeProcess.run(["plan", job.path, "--json"])
        #expect(try Self.day(earliest)["file"] as? String == "VID_20241120_100000.mp4", "the same choice again")
        let sheets = folder.url.appendingPathComponent("sheets")
        let drawn = try DVPipeProcess.run(["plan", job.path, "--contact-sheet", sheets.path])
        #expect(drawn.status == 0 && drawn.standardError.contains("wrote 1 contact sheet"), "\(drawn.standardError)")
        let ffprobe = try #require(ReferenceCommand.ffprobe, "make test installs the ffmpeg command")
        let size = try ReferenceCommand.output(
            ffprobe,
            [
                "-v", "error", "-show_entries", "stream=codec_name,width,height", "-of", "csv=p=0",
                sheets.appendingPathComponent("2024-11-20.png").path
            ])
        // Three rows (the three clips) of six half-second thumbnails, 160x90 each, as ContactSheet lays them out.
        #expect(String(decoding: size, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "png,1008,454")
        let table = try DVPipeProcess.run(["plan", job.path])
        #expect(table.standardOutput.contains("video 1 of 3, score "), "\(table.standardOutput)")
        #expect(table.standardOutput.contains("2024-11-20 from "), "the moment's measures: \(table.standardOutput)")
    }
}
