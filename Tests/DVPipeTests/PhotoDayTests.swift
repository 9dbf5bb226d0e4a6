import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Photo days as a user meets them: a month of a phone's roll that is mostly photos, planned and rendered
/// with the default `prefer`, and photos that cannot be decoded, each named while its day falls back to its
/// next file.
@Suite(.tags(.endToEnd))
struct PhotoDayTests {
    /// Writes `name`.yaml in `folder` over `media/` for December 2024 with `body` (its other keys).
    static func job(_ name: String, in folder: TemporaryFolder, _ body: String, dayRules: String = "") throws -> URL {
        let job = folder.url.appendingPathComponent("\(name).yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC\(dayRules) }
        timeframe: { from: 2024-12-01, to: 2024-12-31 }
        \(body)
        output: { path: out/\(name).mp4, resolution: 320x180, fps: 30 }

        """.write(to: job, atomically: true, encoding: .utf8)
        return job
    }

    /// The days of `plan --json` of `job`, and its frame count.
    static func planned(_ job: URL) throws -> (days: [[String: Any]], frames: Int) {
        let result = try DVPipeProcess.run(["plan", job.path, "--json"])
        try #require(result.status == 0, "plan: \(result.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let frames = try #require((document["timeline"] as? [String: Any])?["frame_count"] as? Int)
        return (try #require(document["days"] as? [[String: Any]]), frames)
    }

    /// Frames of `reel` as the ffmpeg command decodes them, and what it printed on standard error.
    static func decodedFrames(_ reel: URL) throws -> (count: Int, messages: String) {
        let ffmpeg = try ReferenceCommand.requiredFFmpeg
        let result = try ReferenceCommand.printed(ffmpeg, ["-v", "error", "-i", reel.path, "-map", "0:v", "-f", "null", "-"])
        let frames = try ReferenceCommand.output(
            try ReferenceCommand.requiredFFprobe,
            ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", reel.path])
        return (Int(String(decoding: frames, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1, result.printed)
    }

    @Test("a month with photos on 28 days and videos on 6: every photo day shows a photo, every video day its video, and the reel decodes")
    func mostlyPhotos() throws {
        let folder = try TemporaryFolder("photo-month")
        let media = try folder.subfolder("media")
        let writer = try SampleWriter()
        let videoDays: Set<Int> = [3, 8, 12, 19, 24, 30]
        let photoDays = Set((1...31).filter { $0 != 5 && $0 != 17 && $0 != 26 })
        for day in photoDays {
            // Two photos most days: the plan shows one unless `count` asks for more.
            for hour in day % 3 == 0 ? [9] : [9, 15] {
                _ = try writer.write(
                    SampleStill(fileName: String(format: "IMG_202412%02d_%02d0000.jpg", day, hour), width: 400, height: 300, text: "\(day)"),
                    in: media)
            }
        }
        for day in videoDays {
            _ = try writer.write(SampleClip(fileName: String(format: "VID_202412%02d_180000.mp4", day), duration: 1, text: "v\(day)"), in: media)
        }
        #expect(photoDays.count == 28 && videoDays.isSubset(of: photoDays))

        let job = try Self.job("month", in: folder, "clips: { video: { duration: 0.5s }, photo: { duration: 0.5s } }\ntransition: { style: cut }")
        let (days, frames) = try Self.planned(job)
        try #require(days.count == 31)
        for (index, day) in days.enumerated() {
            let date = index + 1
            let kind = day["kind"] as? String
            if videoDays.contains(date) {
                #expect(kind == "video", "Dec \(date): \(day)")
            } else if photoDays.contains(date) {
                #expect(kind == "photo", "Dec \(date) has photos and must show one: \(day)")
                #expect((day["reason"] as? String)?.contains("photo") == true, "Dec \(date): the plan says why: \(day)")
            } else {
                #expect(kind == nil, "Dec \(date) has nothing: \(day)")
            }
        }
        #expect(frames == 28 * 15)

        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        let decoded = try Self.decodedFrames(folder.url.appendingPathComponent("out/month.mp4"))
        #expect(decoded.count == frames && decoded.messages.isEmpty, "\(decoded)")
    }

    /// Photos that cannot be shown, each on a day of its own before a good photo of the same day: bytes cut
    /// short, a frame header claiming 0 × 0 or 65,535 × 65,535, a HEIF without an image item and a HEIF whose
    /// picture is AV1 (AVIF).
    static func brokenPhotos(in media: URL, writer: SampleWriter) throws -> [String] {
        let jpeg = try [UInt8](Data(contentsOf: try writer.write(SampleStill(fileName: "source.jpg", width: 400, height: 300), in: media)))
        try FileManager.default.removeItem(at: media.appendingPathComponent("source.jpg"))
        let heic = try [UInt8](Data(contentsOf: RealCorpusTests.folder.appendingPathComponent("IMG_3582.HEIC")))
        // The frame header's height and width follow its marker, its length and its precision.
        let frameHeader = try #require((0..<(jpeg.count - 1)).first { jpeg[$0] == 0xFF && jpeg[$0 + 1] == 0xC0 })
        func sized(_ width: Int, _ height: Int) -> [UInt8] {
            var bytes = jpeg
            bytes.replaceSubrange(
                (frameHeader + 5)..<(frameHeader + 9), with: [UInt8(height >> 8), UInt8(height & 255), UInt8(width >> 8), UInt8(width & 255)])
            return bytes
        }
        func replacing(_ bytes: [UInt8], _ old: String, _ new: String) -> [UInt8] {
            let (from, to) = (Array(old.utf8), Array(new.utf8))
            var changed = bytes
            var index = 0
            while index + from.count <= changed.count {
                if Array(changed[index..<(index + from.count)]) == from { changed.replaceSubrange(index..<(index + from.count), with: to) }
                index += 1
            }
            return changed
        }
        let broken: [(String, [UInt8])] = [
            ("IMG_20241201_080000.jpg", Array(jpeg.prefix(jpeg.count * 6 / 10))),
            // Cut inside the primary picture's tiles (the gain map and the thumbnail come after them).
            ("IMG_20241202_080000.HEIC", Array(heic.prefix(heic.count / 5))),
            ("IMG_20241203_080000.jpg", sized(0, 0)),
            ("IMG_20241204_080000.jpg", sized(65_535, 65_535)),
            // The primary item's type renamed: no image item is left.
            ("IMG_20241205_080000.HEIC", replacing(heic, "hvc1", "zzzz")),
            ("IMG_20241206_080000.HEIC", replacing(replacing(heic, "hvc1", "av01"), "hvcC", "av1C"))
        ]
        for (name, bytes) in broken {
            try Data(bytes).write(to: media.appendingPathComponent(name))
        }
        return broken.map(\.0)
    }

    @Test("a photo that cannot be decoded is named, its day shows the day's next photo, and nothing else is lost")
    func brokenPhotosFallBack() throws {
        let folder = try TemporaryFolder("broken-photos")
        let media = try folder.subfolder("media")
        let writer = try SampleWriter()
        let broken = try Self.brokenPhotos(in: media, writer: writer)
        for day in 1...broken.count {
            _ = try writer.write(SampleStill(fileName: String(format: "IMG_202412%02d_200000.jpg", day), text: "\(day)"), in: media)
        }
        // The broken HEICs are copies of an iPhone photo: their day comes from their names, not their Exif.
        let job = try Self.job(
            "broken", in: folder, "clips: { photo: { duration: 0.5s, motion: none } }\ntransition: { style: cut }\nselection: { order: earliest }",
            dayRules: ", day_rules: [file_name]")
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        for name in broken {
            #expect(run.standardError.contains(name), "\(name) is not named: \(run.standardError)")
        }
        let (days, frames) = try Self.planned(job)
        #expect(frames == broken.count * 15)
        for (index, day) in days.prefix(broken.count).enumerated() {
            #expect((day["file"] as? String)?.hasSuffix("_200000.jpg") == true, "Dec \(index + 1) falls back to its good photo: \(day)")
        }
        let decoded = try Self.decodedFrames(folder.url.appendingPathComponent("out/broken.mp4"))
        #expect(decoded.count == frames && decoded.messages.isEmpty, "\(decoded)")
    }
}
