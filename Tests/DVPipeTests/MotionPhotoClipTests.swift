import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Android Motion Photos in a library, built byte by byte here in the three layouts phones write around a
/// JPEG and a movie that dvpipe's sample writer made: planned as clips read in place, rendered from the
/// embedded movie, and, where Debian's exiftool is installed, located where exiftool locates them.
@Suite(.tags(.endToEnd, .reference))
struct MotionPhotoClipTests {
    static let cameraNamespace = "http://ns.google.com/photos/1.0/camera/"

    /// One Motion Photo of the library: its name, its bytes, and the movie inside them.
    struct Sample {
        var name: String
        var bytes: [UInt8]
        var movie: [UInt8]
        var layout: String
    }

    /// A Pixel Motion Photo 1.0 (the still at 1 s), a legacy MVIMG dated only by its Exif (the still at
    /// 0.5 s) and a Samsung one with its `SEFH`…`SEFT` trailer, each around its own 2 s movie; and a Motion
    /// Photo whose directory claims a movie longer than the file.
    static func samples(in scratch: URL) throws -> (good: [Sample], lying: Sample) {
        let writer = try SampleWriter()
        let still = try [UInt8](Data(contentsOf: try writer.write(SampleStill(fileName: "still.jpg"), in: scratch)))
        let movies = try ["G", "M", "S"].map { text in
            try [UInt8](Data(contentsOf: try writer.write(SampleClip(fileName: "movie-\(text).mp4", text: text), in: scratch)))
        }
        func google(_ movie: [UInt8], length: Int) -> [UInt8] {
            let xmp = MotionPhotoBytes.googleDirectoryXMP(primary: "image/jpeg", videoLength: length, stillMicroseconds: 1_000_000)
            return MotionPhotoBytes.jpeg(exif: nil, xmp: xmp, image: still) + movie
        }
        let microVideo = MotionPhotoBytes.xmpPacket(
            namespaces: ["GCamera": cameraNamespace],
            attributes: """
                GCamera:MicroVideo="1" GCamera:MicroVideoVersion="1" GCamera:MicroVideoOffset="\(movies[1].count)"
                GCamera:MicroVideoPresentationTimestampUs="500000"
                """,
            body: "")
        let exif = MotionPhotoBytes.exif(dateTimeOriginal: "2024:12:02 18:30:00", offsetTimeOriginal: "+01:00", bigEndian: false)
        let name = Array("MotionPhoto_Data".utf8)
        let block = [0x00, 0x00, 0x30, 0x0A] + MotionPhotoBytes.littleEndian32(name.count) + name + movies[2]
        let directory =
            Array("SEFH".utf8) + MotionPhotoBytes.littleEndian32(106) + MotionPhotoBytes.littleEndian32(1)
            + [0x00, 0x00, 0x30, 0x0A] + MotionPhotoBytes.littleEndian32(block.count) + MotionPhotoBytes.littleEndian32(block.count)
        let samsung = still + block + directory + MotionPhotoBytes.littleEndian32(directory.count) + Array("SEFT".utf8)
        return (
            [
                Sample(
                    name: "PXL_20241201_090000123.MP.jpg", bytes: google(movies[0], length: movies[0].count), movie: movies[0], layout: "motion_photo"
                ),
                Sample(
                    name: "MVIMG_0002.jpg", bytes: MotionPhotoBytes.jpeg(exif: exif, xmp: microVideo, image: still) + movies[1], movie: movies[1],
                    layout: "micro_video"),
                Sample(name: "20241203_120000.jpg", bytes: samsung, movie: movies[2], layout: "samsung")
            ],
            Sample(name: "PXL_20241204_090000123.MP.jpg", bytes: google(movies[0], length: 9_999_999), movie: movies[0], layout: "motion_photo")
        )
    }

    static func job(_ name: String, from: String, to: String, pins: String = "") -> String {
        """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: \(from), to: \(to) }
        clips: { video: { duration: 1s, start: 0s }, live_photo: { duration: 1s } }
        transition: { style: cut }
        \(pins)output: { path: out/\(name).mp4, resolution: 320x180, fps: 30 }

        """
    }

    @Test("each layout is planned as a clip read in place, the reel shows its movie, a lying one is named unreadable")
    func motionPhotosAreClips() throws {
        let folder = try TemporaryFolder("motion-photos")
        let media = try folder.subfolder("media")
        let (good, lying) = try Self.samples(in: folder.url)
        for sample in good + [lying] {
            try Data(sample.bytes).write(to: media.appendingPathComponent(sample.name))
        }
        let job = folder.url.appendingPathComponent("photos.yaml")
        try Self.job("photos", from: "2024-12-01", to: "2024-12-04").write(to: job, atomically: true, encoding: .utf8)

        let plan = try DVPipeProcess.run(["plan", job.path, "--json"])
        try #require(plan.status == 0, "stderr: \(plan.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(plan.standardOutput.utf8)) as? [String: Any])
        let days = try #require(document["days"] as? [[String: Any]])
        var starts: [Double] = []
        for (index, sample) in good.enumerated() {
            let day = days[index]
            let movie = try #require(day["motion_photo"] as? [String: Any], "\(sample.name): \(day)")
            let offset = try #require(movie["offset"] as? Int)
            #expect(day["file"] as? String == sample.name && day["kind"] as? String == "live_photo")
            #expect(movie["layout"] as? String == sample.layout)
            let same = movie["length"] as? Int == sample.movie.count && Array(sample.bytes[offset..<(offset + sample.movie.count)]) == sample.movie
            #expect(same, "\(sample.name): the plan's offset \(offset) and length are not where the movie is")
            starts.append(try #require(day["start"] as? Double))
        }
        // The window centred on the still (1 s and 0.5 s in), or from the start when the file does not say.
        #expect(starts == [0.5, 0, 0])
        #expect(days[1]["day_rule"] as? String == "local_creation_date", "the MVIMG's day comes from its Exif")
        #expect(days[3]["status"] as? String == "no_media")
        let unreadable = try #require(document["unreadable"] as? [[String: Any]])
        #expect(unreadable.count == 1 && unreadable[0]["file"] as? String == lying.name && unreadable[0]["date"] as? String == "2024-12-04")
        #expect((unreadable.first?["reason"] as? String)?.contains("9,999,999 bytes") == true, "\(unreadable)")

        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "stderr: \(run.standardError)")

        // The same movies as plain files, pinned to the same windows: the reel must show the same pictures.
        let plain = folder.url.appendingPathComponent("plain")
        let plainMedia = plain.appendingPathComponent("media")
        try FileManager.default.createDirectory(at: plainMedia, withIntermediateDirectories: true)
        var pins = "days:\n"
        for (index, sample) in good.enumerated() {
            let name = "VID_2024120\(index + 1)_120000.mp4"
            try Data(sample.movie).write(to: plainMedia.appendingPathComponent(name))
            pins += "  2024-12-0\(index + 1): { pin: { file: \(name), start: \(starts[index])s } }\n"
        }
        let plainJob = plain.appendingPathComponent("plain.yaml")
        try Self.job("plain", from: "2024-12-01", to: "2024-12-03", pins: pins).write(to: plainJob, atomically: true, encoding: .utf8)
        let plainRun = try DVPipeProcess.run(["run", plainJob.path, "--progress", "none"])
        try #require(plainRun.status == 0, "stderr: \(plainRun.standardError)")

        let photos = try Self.lumaFrames(folder.url.appendingPathComponent("out/photos.mp4"))
        let movies = try Self.lumaFrames(plain.appendingPathComponent("out/plain.mp4"))
        try #require(photos.count == movies.count && photos.count == 90, "\(photos.count) and \(movies.count) frames")
        let worst = zip(photos, movies).map { Self.psnr($0, $1) }.min() ?? 0
        #expect(worst >= 45, "the Motion Photos' reel against their movies' own: worst frame at \(worst) dB")

        // And against each embedded movie decoded on its own by the ffmpeg command, over the day's window
        // (about 49 dB measured; a window three frames off gives 26).
        for (index, sample) in good.enumerated() {
            let movie = folder.url.appendingPathComponent("embedded-\(index).mp4")
            try Data(sample.movie).write(to: movie)
            let own = try Self.lumaFrames(movie, from: starts[index], frames: 30)
            try #require(own.count == 30, "\(sample.name): ffmpeg decoded \(own.count) frames of the window")
            let day = Array(photos[(index * 30)..<(index * 30 + 30)])
            let worstOwn = zip(day, own).map { Self.psnr($0, $1) }.min() ?? 0
            #expect(worstOwn >= 40, "\(sample.name): the reel against its movie decoded by ffmpeg, worst frame at \(worstOwn) dB")
        }
    }

    @Test(
        "exiftool finds each generated Motion Photo's movie where dvpipe does")
    func exiftoolAgreesOnTheMovies() throws {
        let exiftool = try ReferenceCommand.requiredExiftool
        let folder = try TemporaryFolder("motion-photos-exiftool")
        let media = try folder.subfolder("media")
        let good = try Self.samples(in: folder.url).good
        for sample in good {
            try Data(sample.bytes).write(to: media.appendingPathComponent(sample.name))
        }
        let job = folder.url.appendingPathComponent("photos.yaml")
        try Self.job("photos", from: "2024-12-01", to: "2024-12-03").write(to: job, atomically: true, encoding: .utf8)
        let plan = try DVPipeProcess.run(["plan", job.path, "--json"])
        try #require(plan.status == 0, "stderr: \(plan.standardError)")
        let days = try #require(
            (try JSONSerialization.jsonObject(with: Data(plan.standardOutput.utf8)) as? [String: Any])?["days"] as? [[String: Any]])
        for (index, sample) in good.enumerated() {
            let movie = try #require(days[index]["motion_photo"] as? [String: Any])
            let (offset, length) = (try #require(movie["offset"] as? Int), try #require(movie["length"] as? Int))
            // exiftool 12 gives Google's and the MVIMG's movie as EmbeddedVideo (with -ee) and Samsung's as EmbeddedVideoFile.
            let tag = sample.layout == "samsung" ? "-EmbeddedVideoFile" : "-EmbeddedVideo"
            let extracted = try [UInt8](ReferenceCommand.output(exiftool, ["-ee", "-b", tag, media.appendingPathComponent(sample.name).path]))
            #expect(extracted.count == length, "\(sample.name): exiftool's movie is \(extracted.count) bytes, dvpipe's \(length)")
            let same = extracted == Array(sample.bytes[offset..<(offset + length)])
            #expect(same, "\(sample.name): exiftool's movie is not the bytes at dvpipe's offset \(offset)")
        }
    }

    @Test(
        "a Motion Photo whose JPEG has no end marker (EOI) before its movie is planned, plays, and is the last Item:Length bytes exiftool reads")
    func aMotionPhotoWithoutEndMarkerPlays() throws {
        let exiftool = try ReferenceCommand.requiredExiftool
        let folder = try TemporaryFolder("motion-photo-no-eoi")
        let media = try folder.subfolder("media")
        let google = try Self.samples(in: folder.url).good[0]
        let eoi = try #require((0..<(google.bytes.count - google.movie.count - 1)).last { google.bytes[$0] == 0xFF && google.bytes[$0 + 1] == 0xD9 })
        let bytes = Array(google.bytes[..<eoi] + google.bytes[(eoi + 2)...])
        let file = media.appendingPathComponent("PXL_20241201_090000123.MP.jpg")
        try Data(bytes).write(to: file)
        let job = folder.url.appendingPathComponent("photo.yaml")
        try Self.job("photo", from: "2024-12-01", to: "2024-12-01").write(to: job, atomically: true, encoding: .utf8)

        let plan = try DVPipeProcess.run(["plan", job.path, "--json"])
        try #require(plan.status == 0, "stderr: \(plan.standardError)")
        let day = try #require(
            ((try JSONSerialization.jsonObject(with: Data(plan.standardOutput.utf8)) as? [String: Any])?["days"] as? [[String: Any]])?.first)
        let movie = try #require(day["motion_photo"] as? [String: Any], "\(day)")
        let (offset, length) = (try #require(movie["offset"] as? Int), try #require(movie["length"] as? Int))
        #expect(Array(bytes[offset..<(offset + length)]) == google.movie)
        // Debian's exiftool (12.57) reads the directory but, finding no EOI, extracts nothing ("JPEG format
        // error"); the movie is then what the format defines: the file's last Item:Length bytes as exiftool reads it.
        let json = try ReferenceCommand.output(exiftool, ["-j", "-struct", "-XMP-Container:Directory", file.path])
        let items = try #require(
            ((try JSONSerialization.jsonObject(with: json) as? [[String: Any]])?.first?["Directory"] as? [[String: Any]])?
                .compactMap { $0["Item"] as? [String: Any] })
        let movieLength = try #require(items.first { $0["Semantic"] as? String == "MotionPhoto" }?["Length"] as? Int, "\(items)")
        #expect(
            offset == bytes.count - movieLength && length == movieLength,
            "exiftool's Item:Length \(movieLength), dvpipe's movie \(length) bytes at \(offset)")

        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        let own = folder.url.appendingPathComponent("embedded.mp4")
        try Data(google.movie).write(to: own)
        let start = try #require(day["start"] as? Double)
        let reel = try Self.lumaFrames(folder.url.appendingPathComponent("out/photo.mp4"))
        let decoded = try Self.lumaFrames(own, from: start, frames: 30)
        try #require(reel.count == 30 && decoded.count == 30, "\(reel.count) and \(decoded.count) frames")
        let worst = zip(reel, decoded).map { Self.psnr($0, $1) }.min() ?? 0
        #expect(worst >= 40, "the reel against the movie decoded by ffmpeg: worst frame at \(worst) dB")
    }

    @Test(
        "HEIC Motion Photos (Google's mpvd box, Samsung's trailer) are planned on the day exiftool reads, and the reel shows their movies")
    func heicMotionPhotosAreClips() throws {
        let exiftool = try ReferenceCommand.requiredExiftool
        let folder = try TemporaryFolder("motion-photos-heic")
        let media = try folder.subfolder("media")
        let writer = try SampleWriter()
        let movies = try ["H", "S"].map { text in
            try [UInt8](Data(contentsOf: try writer.write(SampleClip(fileName: "movie-\(text).mp4", text: text), in: folder.url)))
        }
        // Taken at 23:30 in New York on the 1st (the 2nd in UTC) and at 08:15 in Seoul on the 2nd (the 1st in UTC).
        let google =
            MotionPhotoBytes.heic(
                exif: MotionPhotoBytes.exif(dateTimeOriginal: "2024:12:01 23:30:00", offsetTimeOriginal: "-05:00", bigEndian: true),
                xmp: MotionPhotoBytes.googleDirectoryXMP(primary: "image/heic", videoLength: movies[0].count))
            + MotionPhotoBytes.box("mpvd", movies[0])
        let block = [0x00, 0x00, 0x30, 0x0A] + MotionPhotoBytes.littleEndian32(16) + Array("MotionPhoto_Data".utf8) + movies[1]
        let directory =
            Array("SEFH".utf8) + MotionPhotoBytes.littleEndian32(106) + MotionPhotoBytes.littleEndian32(1)
            + [0x00, 0x00, 0x30, 0x0A] + MotionPhotoBytes.littleEndian32(block.count) + MotionPhotoBytes.littleEndian32(block.count)
        let samsung =
            MotionPhotoBytes.heic(
                exif: MotionPhotoBytes.exif(dateTimeOriginal: "2024:12:02 08:15:00", offsetTimeOriginal: "+09:00", bigEndian: false), xmp: nil)
            + block + directory + MotionPhotoBytes.littleEndian32(directory.count) + Array("SEFT".utf8)
        let files = [("IMG_GOOGLE.HEIC", google, movies[0]), ("SAMSUNG.heic", samsung, movies[1])]
        for (name, bytes, _) in files {
            try Data(bytes).write(to: media.appendingPathComponent(name))
        }
        let job = folder.url.appendingPathComponent("heic.yaml")
        try Self.job("heic", from: "2024-12-01", to: "2024-12-02").write(to: job, atomically: true, encoding: .utf8)

        let plan = try DVPipeProcess.run(["plan", job.path, "--json"])
        try #require(plan.status == 0, "stderr: \(plan.standardError)")
        let days = try #require(
            (try JSONSerialization.jsonObject(with: Data(plan.standardOutput.utf8)) as? [String: Any])?["days"] as? [[String: Any]])
        try #require(days.count == 2)
        for (index, (name, bytes, movie)) in files.enumerated() {
            let day = days[index]
            #expect(day["file"] as? String == name, "\(day)")
            let embedded = try #require(day["motion_photo"] as? [String: Any], "\(name): \(day)")
            let (offset, length) = (try #require(embedded["offset"] as? Int), try #require(embedded["length"] as? Int))
            #expect(Array(bytes[offset..<(offset + length)]) == movie, "\(name): the plan's movie is not the one inside")
            let original = try ReferenceCommand.output(
                exiftool, ["-s3", "-d", "%Y-%m-%d", "-DateTimeOriginal", media.appendingPathComponent(name).path])
            let exiftoolDay = String(decoding: original, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(day["date"] as? String == exiftoolDay, "\(name): planned on \(day["date"] ?? "-"), exiftool reads \(exiftoolDay)")
        }
        #expect(days.map { $0["date"] as? String } == ["2024-12-01", "2024-12-02"])

        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        let reel = try Self.lumaFrames(folder.url.appendingPathComponent("out/heic.mp4"))
        try #require(reel.count == 60, "\(reel.count) frames")
        for (index, (name, _, movie)) in files.enumerated() {
            let own = folder.url.appendingPathComponent("own-\(index).mp4")
            try Data(movie).write(to: own)
            let start = try #require(days[index]["start"] as? Double)
            let decoded = try Self.lumaFrames(own, from: start, frames: 30)
            try #require(decoded.count == 30)
            let worst = zip(reel[(index * 30)..<(index * 30 + 30)], decoded).map { Self.psnr($0, $1) }.min() ?? 0
            #expect(worst >= 40, "\(name): the reel against its movie decoded by ffmpeg, worst frame at \(worst) dB")
        }
    }

    /// The luma planes of a 320×180 movie's frames, decoded by the ffmpeg command: all of them, or `frames`
    /// from `seconds` in.
    static func lumaFrames(_ reel: URL, from seconds: Double? = nil, frames: Int? = nil) throws -> [[UInt8]] {
        let window = (seconds.map { ["-ss", "\($0)"] } ?? []) + ["-i", reel.path] + (frames.map { ["-frames:v", "\($0)"] } ?? [])
        let bytes = [UInt8](
            try ReferenceCommand.output((try ReferenceCommand.requiredFFmpeg), ["-v", "error"] + window + ["-f", "rawvideo", "-pix_fmt", "gray", "-"])
        )
        let size = 320 * 180
        return stride(from: 0, to: bytes.count - size + 1, by: size).map { Array(bytes[$0..<($0 + size)]) }
    }

    /// Peak signal-to-noise ratio of two 8-bit pictures, in dB (infinite when equal).
    static func psnr(_ a: [UInt8], _ b: [UInt8]) -> Double {
        let squared = zip(a, b).reduce(0.0) { sum, pair in
            let difference = Double(pair.0) - Double(pair.1)
            return sum + difference * difference
        }
        guard squared > 0 else { return .infinity }
        return 10 * log10(255 * 255 / (squared / Double(a.count)))
    }
}
