import DVMedia
import DVPlanning
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Files from real phones and cameras that nobody on the team made (`Corpus/`, whose SOURCES.md says where
/// each comes from and under which licence). For each, the test states what exiftool and ffprobe say of it
/// (the day it was taken, its rotation and colour, its Live Photo partner or embedded movie), checks that
/// they still say so where Debian's exiftool and ffmpeg are installed, and checks that `dvpipe plan` plans it
/// so; then the reel of the whole corpus must decode without a single error.
@Suite(.tags(.endToEnd, .reference))
struct RealCorpusTests {
    /// One clip of the corpus and what the reference tools say of it.
    struct Clip: CustomStringConvertible {
        var file: String
        /// exiftool's tag for the capture time and the value it prints (`-s3`); the day is its date, which for
        /// a UTC `CreateDate` is the day in the job's time zone, UTC.
        var exiftoolTag: String, exiftoolValue: String
        /// `live_photo` for a Live Photo's movie or a Motion Photo, else `video`.
        var kind: String
        /// ffprobe's display-matrix rotation (counter-clockwise, so `-90` for a picture turned 90° clockwise).
        var ffprobeRotation: Int
        /// ffprobe's `color_transfer`, `color_primaries` and `color_range` (`unknown` where the file says nothing).
        var transfer: String, primaries: String, range: String
        /// The still a Live Photo's movie pairs with, and what both carry: the movie's `ContentIdentifier`
        /// and the still's Apple MakerNote `MediaGroupUUID`.
        var partner: (still: String, identifier: String)? = nil
        /// The layout of a Motion Photo's embedded movie.
        var motionPhoto: String? = nil

        var description: String { file }
        var day: String { String(exiftoolValue.prefix(10)).replacingOccurrences(of: ":", with: "-") }
    }

    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")

    static let clips = [
        Clip(
            file: "max-heromode.mp4", exiftoolTag: "CreateDate", exiftoolValue: "2019:11:18 15:45:32", kind: "video",
            ffprobeRotation: 0, transfer: "bt709", primaries: "bt709", range: "pc"),
        Clip(
            file: "sample_sef_slow_motion.mp4", exiftoolTag: "CreateDate", exiftoolValue: "2020:10:30 12:14:50", kind: "video",
            ffprobeRotation: 0, transfer: "unknown", primaries: "unknown", range: "unknown"),
        Clip(
            file: "sample_with_color_info.mp4", exiftoolTag: "CreationDate", exiftoolValue: "2021:05:25 09:21:51-07:00", kind: "video",
            ffprobeRotation: -90, transfer: "arib-std-b67", primaries: "bt2020", range: "tv"),
        Clip(
            file: "motionphoto.heic", exiftoolTag: "DateTimeOriginal", exiftoolValue: "2023:03:08 12:31:05", kind: "live_photo",
            ffprobeRotation: -90, transfer: "smpte170m", primaries: "bt470bg", range: "pc", motionPhoto: "mpvd"),
        Clip(
            file: "h265_with_metadata_track.mp4", exiftoolTag: "CreateDate", exiftoolValue: "2023:04:28 17:52:17", kind: "video",
            ffprobeRotation: -90, transfer: "smpte170m", primaries: "bt470bg", range: "pc"),
        Clip(
            file: "dolbyVision-hdr.MOV", exiftoolTag: "CreationDate", exiftoolValue: "2023:05:09 12:41:46+01:00", kind: "video",
            ffprobeRotation: -90, transfer: "arib-std-b67", primaries: "bt2020", range: "tv"),
        Clip(
            file: "hlg10-color-test.mp4", exiftoolTag: "CreateDate", exiftoolValue: "2024:02:09 20:23:48", kind: "video",
            ffprobeRotation: 0, transfer: "arib-std-b67", primaries: "bt2020", range: "tv"),
        Clip(
            file: "IMG_3582.mov", exiftoolTag: "CreationDate", exiftoolValue: "2025:05:26 09:27:06-05:00", kind: "live_photo",
            ffprobeRotation: -90, transfer: "bt709", primaries: "smpte432", range: "pc",
            partner: ("IMG_3582.HEIC", "602FEBB7-6B59-4799-96E6-9C8484D873C7"))
    ]

    /// Why a test fails, rather than skips, without its reference tools.
    static let needsExiftool: Comment = "make test installs exiftool (Debian's libimage-exiftool-perl)"
    static let needsFFprobe: Comment = "make test installs ffprobe (Debian's ffmpeg)"

    /// A still that is nobody's partner: no day of the plan shows it.
    static let loneStill = "pixel_8.jpg"

    /// A job over a copy of the corpus (the library is read-only to dvpipe, but a test's work folder is its own).
    static func job(in scratch: TemporaryFolder) throws -> URL {
        let media = scratch.url.appendingPathComponent("media")
        try FileManager.default.copyItem(at: folder, to: media)
        try FileManager.default.removeItem(at: media.appendingPathComponent("LICENSES"))
        try FileManager.default.removeItem(at: media.appendingPathComponent("SOURCES.md"))
        // Undated webcam clips of people, for SubjectFramingRenderTests, and the edge cases CorpusMatrixTests
        // adds (files cut short, a clip of 5 frames): not the phone files this suite plans.
        try FileManager.default.removeItem(at: media.appendingPathComponent("people"))
        try FileManager.default.removeItem(at: media.appendingPathComponent("edges"))
        return try writeJob("corpus", in: scratch, from: "2019-11-01", to: "2025-05-31", resolution: "640x360")
    }

    /// A job over `library` (a folder of `scratch`) from `from` to `to`, 1 s of each clip, cut, into
    /// out/`name`.mp4; `days` is a `days:` section or nothing.
    static func writeJob(
        _ name: String, in scratch: TemporaryFolder, library: String = "media", from: String, to: String, resolution: String, days: String = ""
    ) throws -> URL {
        let job = scratch.url.appendingPathComponent("\(name).yaml")
        try """
        version: 1
        library: { paths: [\(library)], timezone: UTC }
        timeframe: { from: \(from), to: \(to) }
        clips: { video: { duration: 1s }, live_photo: { duration: 1s } }
        transition: { style: cut }
        \(days)output: { path: out/\(name).mp4, resolution: \(resolution), fps: 30 }

        """.write(to: job, atomically: true, encoding: .utf8)
        return job
    }

    @Test(
        "exiftool and ffprobe still say what the table says of each real file")
    func theReferenceToolsAgreeWithTheTable() throws {
        let exiftool = try #require(ReferenceCommand.exiftool, Self.needsExiftool),
            ffprobe = try #require(ReferenceCommand.ffprobe, Self.needsFFprobe)
        func exif(_ tag: String, _ file: String) throws -> String {
            let printed = try ReferenceCommand.output(exiftool, ["-s3", "-\(tag)", Self.folder.appendingPathComponent(file).path])
            return String(decoding: printed, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        for clip in Self.clips {
            #expect(try exif(clip.exiftoolTag, clip.file) == clip.exiftoolValue, "\(clip)")
            if let partner = clip.partner {
                #expect(try exif("ContentIdentifier", clip.file) == partner.identifier, "\(clip)")
                #expect(try exif("MediaGroupUUID", partner.still) == partner.identifier, "\(clip)")
            }
            guard clip.motionPhoto == nil else { continue }
            let printed = try ReferenceCommand.output(
                ffprobe,
                [
                    "-v", "error", "-select_streams", "v:0", "-show_entries",
                    "stream=color_transfer,color_primaries,color_range:stream_side_data=rotation", "-of", "json",
                    Self.folder.appendingPathComponent(clip.file).path
                ])
            let stream = try #require((try JSONSerialization.jsonObject(with: printed) as? [String: Any])?["streams"] as? [[String: Any]]).first
            #expect(stream?["color_transfer"] as? String ?? "unknown" == clip.transfer, "\(clip)")
            #expect(stream?["color_primaries"] as? String ?? "unknown" == clip.primaries, "\(clip)")
            #expect(stream?["color_range"] as? String ?? "unknown" == clip.range, "\(clip)")
            let rotation = (stream?["side_data_list"] as? [[String: Any]])?.compactMap { $0["rotation"] as? Int }.first ?? 0
            #expect(rotation == clip.ffprobeRotation, "\(clip)")
        }
    }

    @Test("dvpipe plans each real file on the day, as the kind, turned and in the colour the reference tools give; the reel decodes cleanly")
    func theCorpusIsPlannedAsTheToolsSayAndRenders() throws {
        let scratch = try TemporaryFolder("corpus")
        let job = try Self.job(in: scratch)
        let plan = try DVPipeProcess.run(["plan", job.path, "--json"])
        try #require(plan.status == 0, "stderr: \(plan.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(plan.standardOutput.utf8)) as? [String: Any])
        let shown = try #require(document["days"] as? [[String: Any]]).filter { $0["file"] is String }
        // The lone still is a photo on the day its Exif gives (with its offset), since a day with only photos shows one.
        let photo = shown.filter { $0["kind"] as? String == "photo" }
        #expect(photo.count == 1 && photo.first?["file"] as? String == Self.loneStill, "\(photo)")
        #expect(photo.first?["date"] as? String == "2023-11-01" && photo.first?["day_rule"] as? String == "local_creation_date", "\(photo)")
        let days = shown.filter { $0["kind"] as? String != "photo" }
        #expect(days.map { $0["file"] as? String } == Self.clips.map(\.file), "one day per clip, in the order of their days")
        #expect((document["unreadable"] as? [Any])?.isEmpty == true, "\(document["unreadable"] ?? "")")
        for (day, clip) in zip(days, Self.clips) {
            #expect(day["date"] as? String == clip.day, "\(clip)")
            #expect(day["kind"] as? String == clip.kind, "\(clip)")
            #expect(day["rotation"] as? Int == (360 - clip.ffprobeRotation) % 360, "\(clip)")
            let colour = try #require(day["colour"] as? [String: Any], "\(clip)")
            let assumed = colour["assumed"] as? [String] ?? []
            // What the file leaves unspecified dvpipe guesses (and says so); what it states, dvpipe reads as stated.
            for (key, stated) in [("transfer", clip.transfer), ("primaries", clip.primaries), ("range", clip.range)] where stated != "unknown" {
                #expect(colour[key] as? String == stated && !assumed.contains(key), "\(clip): \(colour)")
            }
            if clip.transfer == "unknown" {
                #expect(Set(assumed).isSuperset(of: ["transfer", "primaries", "range"]), "\(clip): \(colour)")
            }
            #expect((day["motion_photo"] as? [String: Any])?["layout"] as? String == clip.motionPhoto, "\(clip)")
        }

        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        let reel = scratch.url.appendingPathComponent("out/corpus.mp4").path
        let decoded = try ReferenceCommand.printed((try ReferenceCommand.requiredFFmpeg), ["-v", "error", "-i", reel, "-f", "null", "-"])
        #expect(decoded.status == 0 && decoded.printed.isEmpty, "ffmpeg decoding the reel: \(decoded.printed)")
        let total = try #require((document["timeline"] as? [String: Any])?["total_duration"] as? Double)
        let frames = try ReferenceCommand.output(
            (try ReferenceCommand.requiredFFprobe),
            [
                "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", reel
            ])
        #expect(Int(String(decoding: frames, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) == Int((total * 30).rounded()))
    }

    @Test(
        "slow_motion: as_shot leaves every real clip at real time: none has a high-frame-rate stream by ffprobe's average rate, the Samsung slow motion (captured at 240 fps) being saved already slowed"
    )
    func asShotLeavesRealClipsAtRealTime() throws {
        let exiftool = try #require(ReferenceCommand.exiftool, Self.needsExiftool),
            ffprobe = try #require(ReferenceCommand.ffprobe, Self.needsFFprobe)
        for clip in Self.clips where clip.motionPhoto == nil {
            let printed = String(
                decoding: try ReferenceCommand.output(
                    ffprobe,
                    [
                        "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=avg_frame_rate", "-of", "csv=p=0",
                        Self.folder.appendingPathComponent(clip.file).path
                    ]), as: UTF8.self
            ).trimmingCharacters(in: .whitespacesAndNewlines)
            let parts = (printed.split(separator: ",").first ?? "").split(separator: "/").compactMap { Double($0) }
            #expect(parts.count == 2 && parts[0] / parts[1] < 90, "\(clip.file): \(printed)")
        }
        let capture = try ReferenceCommand.output(
            exiftool, ["-s3", "-AndroidCaptureFps", Self.folder.appendingPathComponent("sample_sef_slow_motion.mp4").path])
        #expect(String(decoding: capture, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "240")

        let scratch = try TemporaryFolder("corpus-as-shot")
        let job = try Self.job(in: scratch)
        let text = try String(contentsOf: job, encoding: .utf8)
        try text.replacingOccurrences(of: "live_photo: { duration: 1s } }", with: "live_photo: { duration: 1s }, slow_motion: as_shot }")
            .write(to: job, atomically: true, encoding: .utf8)
        let plan = try DVPipeProcess.run(["plan", job.path, "--json"])
        try #require(plan.status == 0, "stderr: \(plan.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(plan.standardOutput.utf8)) as? [String: Any])
        let days = try #require(document["days"] as? [[String: Any]]).filter { $0["file"] is String && $0["kind"] as? String != "photo" }
        #expect(days.count == Self.clips.count && days.allSatisfy { $0["speed"] is NSNull }, "\(days.map { $0["speed"] ?? "" })")
    }

    @Test("the Samsung HEIC Motion Photo's day shows its movie: the same frames as the movie taken out and pinned as a plain clip")
    func theRealMotionPhotoShowsItsMovie() throws {
        let scratch = try TemporaryFolder("corpus-motion-photo")
        let media = try scratch.subfolder("media")
        let photo = try Data(contentsOf: Self.folder.appendingPathComponent("motionphoto.heic"))
        try photo.write(to: media.appendingPathComponent("motionphoto.heic"))
        let photoJob = try Self.writeJob("photo", in: scratch, from: "2023-03-08", to: "2023-03-08", resolution: "320x180")
        let plan = try DVPipeProcess.run(["plan", photoJob.path, "--json"])
        try #require(plan.status == 0, "stderr: \(plan.standardError)")
        let day = try #require(
            ((try JSONSerialization.jsonObject(with: Data(plan.standardOutput.utf8)) as? [String: Any])?["days"] as? [[String: Any]])?.first)
        let movie = try #require(day["motion_photo"] as? [String: Any], "\(day)")
        let (offset, length, start) = (
            try #require(movie["offset"] as? Int), try #require(movie["length"] as? Int), try #require(day["start"] as? Double)
        )
        // The movie as a plain file, in a library of its own, pinned to the same window.
        let plainMedia = try scratch.subfolder("plain")
        try photo.subdata(in: offset..<(offset + length)).write(to: plainMedia.appendingPathComponent("VID_20230308_123105.mp4"))
        let plainJob = try Self.writeJob(
            "plain", in: scratch, library: "plain", from: "2023-03-08", to: "2023-03-08", resolution: "320x180",
            days: "days: { 2023-03-08: { pin: { file: VID_20230308_123105.mp4, start: \(start)s } } }\n")
        for job in [photoJob, plainJob] {
            let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
            try #require(run.status == 0, "\(job.lastPathComponent): \(run.standardError)")
        }
        let shown = try MotionPhotoClipTests.lumaFrames(scratch.url.appendingPathComponent("out/photo.mp4"))
        let plain = try MotionPhotoClipTests.lumaFrames(scratch.url.appendingPathComponent("out/plain.mp4"))
        try #require(shown.count == 30 && plain.count == 30, "\(shown.count) and \(plain.count) frames")
        let worst = zip(shown, plain).map { MotionPhotoClipTests.psnr($0, $1) }.min() ?? 0
        #expect(worst >= 40, "the Motion Photo's day against its movie as a plain clip: worst frame at \(worst) dB")
    }

    @Test(
        "dvpipe reads each real file's camera make and model as exiftool does (GoPro's own box aside)")
    func cameraMakeAndModelAgreeWithExiftool() throws {
        let exiftool = try #require(ReferenceCommand.exiftool, Self.needsExiftool)
        // GoPro names the camera only in its own `udta` box (and the GPMF track), which no phone writes and
        // dvpipe does not read: exiftool finds "GoPro Max" there, dvpipe nothing.
        let unread = ["max-heromode.mp4"]
        let files = Self.clips.map(\.file) + [Self.loneStill, "IMG_3582.HEIC"]
        var named = 0
        for file in files {
            let url = Self.folder.appendingPathComponent(file)
            let printed = String(decoding: try ReferenceCommand.output(exiftool, ["-s3", "-f", "-Make", "-Model", url.path]), as: UTF8.self)
            let lines = printed.split(separator: "\n").map { $0 == "-" ? nil : String($0) }
            try #require(lines.count == 2, "\(file): \(printed)")
            guard case .media(let info) = MediaProbe.probe(url) else {
                Issue.record("\(file) does not probe")
                continue
            }
            if unread.contains(file) {
                #expect(info.tags.make == nil && info.tags.model == nil && lines[1] != nil, "\(file)")
                continue
            }
            #expect(info.tags.make == lines[0] && info.tags.model == lines[1], "\(file): dvpipe \(info.tags), exiftool \(lines)")
            named += info.tags.model == nil ? 0 : 1
        }
        #expect(named >= 6, "the corpus has iPhone movies and stills, a Samsung Motion Photo and a Pixel JPEG")
    }

    @Test(
        "dvpipe reads where each real file was shot as exiftool does: movies' ISO 6709, HEIC Exif GPS, a Motion Photo's; the plan JSON gives it")
    func positionsAgreeWithExiftool() throws {
        let exiftool = try #require(ReferenceCommand.exiftool, Self.needsExiftool)
        let files = Self.clips.map(\.file) + [Self.loneStill, "IMG_3582.HEIC"]
        var placed = 0
        for file in files {
            let url = Self.folder.appendingPathComponent(file)
            let printed = String(
                decoding: try ReferenceCommand.output(exiftool, ["-n", "-s3", "-f", "-GPSLatitude", "-GPSLongitude", url.path]), as: UTF8.self)
            let numbers = printed.split(separator: "\n").map { Double($0) }
            try #require(numbers.count == 2, "\(file): \(printed)")
            guard case .media(let info) = MediaProbe.probe(url) else {
                Issue.record("\(file) does not probe")
                continue
            }
            guard let latitude = numbers[0], let longitude = numbers[1] else {
                #expect(info.tags.position == nil, "\(file): exiftool finds no position, dvpipe \(String(describing: info.tags.position))")
                continue
            }
            let position = try #require(info.tags.position, "\(file): exiftool says \(latitude), \(longitude)")
            // exiftool prints a movie's ISO 6709 as written (4 decimals) and Exif's rationals at full precision.
            #expect(
                abs(position.latitude - latitude) < 1e-9 && abs(position.longitude - longitude) < 1e-9,
                "\(file): dvpipe \(position), exiftool \(latitude), \(longitude)")
            placed += 1
        }
        #expect(placed == 8, "six movies, a Motion Photo and a HEIC of the corpus carry positions")

        let scratch = try TemporaryFolder("corpus-positions")
        let job = try Self.job(in: scratch)
        let result = try DVPipeProcess.run(["plan", job.path, "--json"])
        #expect(result.status == 0, "\(result.standardError)")
        let plan = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let days = try #require(plan["days"] as? [[String: Any]])
        let shot = try #require(days.first { $0["file"] as? String == "IMG_3582.mov" }?["position"] as? [String: Double])
        #expect(shot == ["latitude": 34.6648, "longitude": -86.4704], "\(shot)")
    }
}
