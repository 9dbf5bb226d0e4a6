import DVMetadata
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Photo days through the whole of `dvpipe run` show every phone's stills as tools made without dvpipe show
/// them: the corpus's HEICs (iPhone 15 Pro, Samsung Galaxy S22) and phone JPEGs, each with every EXIF
/// orientation exiftool writes, rendered with `motion: none` and `fit: contain` into a 16:9 and a 9:16
/// output and compared frame by frame with libheif's `heif-convert` (pillow-heif where Debian's libheif
/// cannot read the file) or ImageMagick's `-auto-orient`, moved from the file's own profile into sRGB by
/// LittleCMS and into BT.709 by colour-science; and a Display P3 chart keeps its colours.
@Suite(.serialized, .tags(.endToEnd, .reference))
struct PhotoReferenceTests {
    /// The outputs every reference job renders: 16:9 and 9:16, losslessly (x264 at crf 0).
    static let outputs = [(name: "wide", width: 640, height: 360), (name: "tall", width: 360, height: 640)]
    /// Frames a photo shows for: 0.3 s at 10 fps.
    static let framesPerDay = 3

    /// A photo shown on a day of its own and the picture it must match: a PNG a reference tool wrote, or a
    /// HEIC that pillow-heif decodes.
    struct Shown {
        var file: String
        var reference: URL
    }

    /// `source` copied into `media` once per EXIF orientation (1 to 8, written by exiftool), as
    /// `stem`-o`N`.`ext`; the names in orientation order.
    static func oriented(_ source: URL, stem: String, in media: URL) throws -> [URL] {
        let exiftool = try ReferenceCommand.requiredExiftool
        return try (1...8).map { orientation in
            let copy = media.appendingPathComponent("\(stem)-o\(orientation).\(source.pathExtension)")
            try FileManager.default.copyItem(at: source, to: copy)
            _ = try ReferenceCommand.output(exiftool, ["-q", "-overwrite_original", "-n", "-Orientation=\(orientation)", copy.path])
            return copy
        }
    }

    /// The Samsung HEIC Motion Photo as a plain still, written to `folder`/samsung.heic: its `mpvd` box, found
    /// by dvpipe's own Motion Photo reader, removed, and with it (by exiftool) the XMP that still claims a movie
    /// (without it dvpipe names the file unreadable: a Motion Photo whose movie would start inside its boxes).
    static func plainSamsungHEIC(in folder: URL) throws -> URL {
        let bytes = [UInt8](try Data(contentsOf: RealCorpusTests.folder.appendingPathComponent("motionphoto.heic")))
        let located: MotionPhoto? = if case .motionPhoto(let found) = MotionPhoto.locate(in: bytes) { found } else { nil }
        let movie = try #require(located, "the Samsung HEIC holds a movie")
        try #require(movie.layout == .heicBox, "in an mpvd box")
        let header = movie.videoOffset - 8
        try #require(Array(bytes[header + 4..<header + 8]) == Array("mpvd".utf8), "the box has a plain 8-byte header")
        let plain = folder.appendingPathComponent("samsung.heic")
        try Data(bytes[..<header] + bytes[(movie.videoOffset + movie.videoLength)...]).write(to: plain)
        _ = try ReferenceCommand.output(try ReferenceCommand.requiredExiftool, ["-q", "-overwrite_original", "-XMP:all=", plain.path])
        try #require(MotionPhoto.locate(in: [UInt8](try Data(contentsOf: plain))) == .notMotionPhoto)
        return plain
    }

    /// A JPEG cut where its primary picture ends: the first end-of-image marker after its scan (what follows,
    /// a Motion Photo's movie or Samsung's trailer, left out).
    static func primaryJPEG(_ bytes: [UInt8]) throws -> [UInt8] {
        var at = 2
        while at + 4 <= bytes.count, bytes[at] == 0xFF, bytes[at + 1] != 0xDA {
            at += 2 + (Int(bytes[at + 2]) << 8 | Int(bytes[at + 3]))
        }
        // In the entropy-coded data, FF is followed by 00 (a stuffed byte) or a restart marker.
        let end = try #require(
            (at..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xD9 && $0 > at + 2 }, "an end of image after the scan")
        return Array(bytes[...(end + 1)])
    }

    /// The job over `folder`'s `media/` showing `files` one a day from 2024-12-01 (each pinned), with
    /// `motion: none` into `outputs` with `fit: contain`.
    static func job(_ files: [String], in folder: TemporaryFolder) throws -> URL {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let first = try #require(calendar.date(from: DateComponents(year: 2024, month: 12, day: 1)))
        let formatter = DateFormatter()
        formatter.calendar = calendar
        formatter.timeZone = calendar.timeZone
        formatter.dateFormat = "yyyy-MM-dd"
        let days = try files.indices.map { formatter.string(from: try #require(calendar.date(byAdding: .day, value: $0, to: first))) }
        let job = folder.url.appendingPathComponent("photos.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: \(days[0]), to: \(days[days.count - 1]) }
        clips: { photo: { duration: 0.3s, motion: none } }
        transition: { style: cut }
        days:
        \(zip(days, files).map { "  \($0): { pin: \($1) }" }.joined(separator: "\n"))
        outputs:
        \(outputs.map { "  - { name: \($0.name), path: out/\($0.name).mp4, resolution: \($0.width)x\($0.height), fps: 10, fit: contain, video: { crf: 0 } }" }.joined(separator: "\n"))

        """.write(to: job, atomically: true, encoding: .utf8)
        return job
    }

    /// For each of `shown` (one a day, `framesPerDay` frames each, in order) in the reel at `reel`: the lowest
    /// PSNR of its frames against its reference scaled into the same contain rectangle (a 4-pixel border
    /// left out), and the largest sample change from one of its frames to the next.
    static func compared(_ shown: [Shown], reel: URL, width: Int, height: Int, in folder: TemporaryFolder) throws -> [(
        file: String, psnr: Double, change: Double
    )] {
        let raw = folder.url.appendingPathComponent("\(reel.lastPathComponent).yuv")
        _ = try ReferenceCommand.output(
            try ReferenceCommand.requiredFFmpeg,
            ["-v", "error", "-i", reel.path, "-map", "0:v", "-pix_fmt", "yuv420p", "-f", "rawvideo", "-y", raw.path])
        let cases = try JSONSerialization.data(
            withJSONObject: shown.enumerated().map { index, shown in
                ["name": shown.file, "reference": shown.reference.path, "first": index * framesPerDay, "count": framesPerDay] as [String: Any]
            })
        let printed = try ReferenceCommand.output(
            try ReferenceCommand.requiredReferencePython,
            ["-W", "ignore", "-c", compareScript, String(decoding: cases, as: UTF8.self), raw.path, String(width), String(height)])
        let results = try #require(try JSONSerialization.jsonObject(with: printed) as? [[String: Any]])
        return results.map { ($0["name"] as? String ?? "", $0["psnr"] as? Double ?? 0, $0["change"] as? Double ?? .infinity) }
    }

    /// Prints, as JSON, for each case of argv[1] (`name`, `reference`, `first` frame, frame `count`) of the
    /// raw yuv420p video at argv[2] (argv[3] × argv[4]): the lowest PSNR of its frames inside the contain
    /// rectangle against the reference (its ICC profile moved into sRGB by LittleCMS, scaled by Pillow's
    /// Lanczos, turned into BT.709 limited-range samples by colour-science, its chroma averaged 2 × 2; made
    /// once per reference, which the eight orientations of a HEIC share) and the largest change of a sample
    /// from one frame to the next.
    static let compareScript = """
        import io, json, math, sys
        import numpy, colour, pillow_heif
        from PIL import Image, ImageCms
        cases, raw, width, height = json.loads(sys.argv[1]), sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
        frame_size = width * height * 3 // 2
        video = numpy.fromfile(raw, dtype=numpy.uint8)
        inset = 4
        def even(value, limit):
            return min(limit, max(2, int(math.floor(value / 2 + 0.5)) * 2))
        def inner(planes, width, height):
            return numpy.concatenate([p[inset >> s:(height - inset) >> s, inset >> s:(width - inset) >> s].ravel() for p, s in zip(planes, (0, 1, 1))])
        def srgb(path):
            picture = pillow_heif.open_heif(path).to_pillow() if path.lower().endswith(".heic") else Image.open(path)
            profile = picture.info.get("icc_profile")
            picture = picture.convert("RGB")
            if profile:
                picture = ImageCms.profileToProfile(picture, ImageCms.ImageCmsProfile(io.BytesIO(profile)), ImageCms.createProfile("sRGB"), renderingIntent=1)
            return picture
        def scaled(path):
            picture = srgb(path)
            scale = min(width / picture.width, height / picture.height)
            shown_width, shown_height = even(picture.width * scale, width), even(picture.height * scale, height)
            rgb = numpy.asarray(picture.resize((shown_width, shown_height), Image.LANCZOS), dtype=float) / 255
            ycc = colour.RGB_to_YCbCr(rgb, K=colour.WEIGHTS_YCBCR["ITU-R BT.709"], out_bits=8, out_legal=True, out_int=False) * 255
            chroma = [ycc[..., c].reshape(shown_height // 2, 2, shown_width // 2, 2).mean(axis=(1, 3)) for c in (1, 2)]
            return shown_width, shown_height, inner([ycc[..., 0]] + chroma, shown_width, shown_height)
        results, expectations = [], {}
        for case in cases:
            path = case["reference"]
            if path not in expectations:
                expectations[path] = scaled(path)
            shown_width, shown_height, expected = expectations[path]
            x, y = (width - shown_width) // 2 & ~1, (height - shown_height) // 2 & ~1
            psnrs, previous, change = [], None, 0.0
            for index in range(case["first"], case["first"] + case["count"]):
                frame = video[index * frame_size:(index + 1) * frame_size]
                luma = frame[:width * height].reshape(height, width)[y:y + shown_height, x:x + shown_width]
                blue, red = (frame[width * height:].reshape(2, height // 2, width // 2)[c, y // 2:(y + shown_height) // 2, x // 2:(x + shown_width) // 2] for c in (0, 1))
                measured = inner([luma, blue, red], shown_width, shown_height).astype(float)
                error = numpy.mean((measured - expected) ** 2)
                psnrs.append(99.0 if error == 0 else float(10 * math.log10(255 * 255 / error)))
                if previous is not None:
                    change = max(change, float(numpy.abs(measured - previous).max()))
                previous = measured
            results.append({"name": case["name"], "psnr": min(psnrs), "change": change})
        print(json.dumps(results))
        """

    /// Renders `shown` (in `folder`'s `media/`) one a day into both outputs and checks every frame of every
    /// day against its reference: PSNR at least 38 dB, and every frame of a day the same.
    static func expectMatches(_ shown: [Shown], in folder: TemporaryFolder) throws {
        let job = try Self.job(shown.map(\.file), in: folder)
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        for output in outputs {
            let reel = folder.url.appendingPathComponent("out/\(output.name).mp4")
            let decoded = try PhotoDayTests.decodedFrames(reel)
            #expect(decoded.count == shown.count * framesPerDay && decoded.messages.isEmpty, "\(output.name): \(decoded)")
            for result in try compared(shown, reel: reel, width: output.width, height: output.height, in: folder) {
                print("\(output.name) \(output.width)x\(output.height) \(result.file): PSNR \(result.psnr) dB, largest change \(result.change)")
                #expect(result.psnr >= 38, "\(output.name): \(result.file): PSNR \(result.psnr)")
                #expect(result.change == 0, "\(output.name): \(result.file) moves with motion: none (a sample changes by \(result.change))")
            }
        }
    }

    @Test("the iPhone's and the Samsung's HEICs, with every EXIF orientation, are shown as heif-convert or pillow-heif shows them")
    func heicStills() throws {
        let folder = try TemporaryFolder("photo-reference-heic")
        let media = try folder.subfolder("media")
        let references = try folder.subfolder("references")
        let samsung = try Self.plainSamsungHEIC(in: references)
        let samsungReference = references.appendingPathComponent("samsung.png")
        _ = try ReferenceCommand.output(try ReferenceCommand.requiredHeifConvert, [samsung.path, samsungReference.path])
        // Debian's libheif 1.15 refuses the iPhone 15 Pro's HEIC ("Too many auxiliary image references"); pillow-heif's 1.20 reads it.
        let iPhone = RealCorpusTests.folder.appendingPathComponent("IMG_3582.HEIC")
        // A HEIF's picture is turned by its irot and imir boxes; an EXIF orientation does not turn it again.
        let shown =
            try Self.oriented(iPhone, stem: "iphone", in: media).map { Shown(file: $0.lastPathComponent, reference: iPhone) }
            + Self.oriented(samsung, stem: "samsung", in: media).map { Shown(file: $0.lastPathComponent, reference: samsungReference) }
        try Self.expectMatches(shown, in: folder)
    }

    /// Writes the iPhone HEIC's primary picture at argv[1] as the iPhone writes a JPEG ("Most Compatible"):
    /// as pillow-heif decodes it (upright), with its Display P3 profile, at quality 95, at half its size (12 MP
    /// decodes are what make the test slow, not what it checks), to argv[2].
    static let iPhoneJPEG = """
        import sys, pillow_heif
        from PIL import Image
        picture = pillow_heif.open_heif(sys.argv[1]).to_pillow()
        half = picture.resize((picture.width // 2, picture.height // 2), Image.LANCZOS)
        half.save(sys.argv[2], quality=95, icc_profile=picture.info.get("icc_profile"))
        """

    @Test("phone JPEGs with every EXIF orientation, in their phones' Display P3, are shown as ImageMagick's -auto-orient shows them")
    func jpegStills() throws {
        let folder = try TemporaryFolder("photo-reference-jpeg")
        let media = try folder.subfolder("media")
        let made = try folder.subfolder("made")
        let exiftool = try ReferenceCommand.requiredExiftool, convert = try ReferenceCommand.requiredImageMagick
        // The corpus's phone JPEGs hold no picture to compare (the Pixel 8's is black, the Motion Photos'
        // scans are cut): these are the iPhone's HEIC and the Samsung's still written as the phones write
        // JPEGs (at half size), each with its phone's Exif and profile (the iPhone's and the Pixel 8's
        // Display P3).
        let iPhoneHEIC = RealCorpusTests.folder.appendingPathComponent("IMG_3582.HEIC")
        let iPhone = made.appendingPathComponent("iphone.jpg")
        _ = try ReferenceCommand.output(
            try ReferenceCommand.requiredReferencePython, ["-W", "ignore", "-c", Self.iPhoneJPEG, iPhoneHEIC.path, iPhone.path])
        _ = try ReferenceCommand.output(exiftool, ["-q", "-overwrite_original", "-tagsFromFile", iPhoneHEIC.path, "-exif:all", iPhone.path])
        let samsung = try Self.plainSamsungHEIC(in: made), samsungPicture = made.appendingPathComponent("samsung.png")
        _ = try ReferenceCommand.output(try ReferenceCommand.requiredHeifConvert, [samsung.path, samsungPicture.path])
        let pixel = made.appendingPathComponent("pixel.jpg"), pixel8 = RealCorpusTests.folder.appendingPathComponent("pixel_8.jpg")
        _ = try ReferenceCommand.output(convert, [samsungPicture.path, "-resize", "50%", "-quality", "95", pixel.path])
        _ = try ReferenceCommand.output(
            exiftool, ["-q", "-overwrite_original", "-tagsFromFile", pixel8.path, "-exif:all", "-icc_profile", pixel.path])
        var files = try Self.oriented(iPhone, stem: "iphone", in: media) + Self.oriented(pixel, stem: "pixel", in: media)
        // The Pixel 8's own black picture, as it is.
        let black = media.appendingPathComponent("pixel_8.jpg")
        try FileManager.default.copyItem(at: pixel8, to: black)
        files.append(black)
        let shown = try files.map { file in
            let reference = made.appendingPathComponent("\(file.lastPathComponent).png")
            // zlib's fastest level: the same pixels and profile, a fifth of the CPU of the default level for these 6 MP pictures.
            _ = try ReferenceCommand.output(convert, [file.path, "-auto-orient", "-define", "png:compression-level=1", reference.path])
            return Shown(file: file.lastPathComponent, reference: reference)
        }
        try Self.expectMatches(shown, in: folder)
    }

    @Test("the Pixel's and the Samsung's Motion Photo JPEGs cut to their stills (their scans cut short) render or are named, and the reel decodes")
    func cutMotionPhotoStills() throws {
        let folder = try TemporaryFolder("photo-reference-cut")
        let media = try folder.subfolder("media")
        let names = ["pixel-motion-photo-shortened.jpg", "ss-motion-photo-shortened.jpg"]
        for name in names {
            let still = media.appendingPathComponent(name)
            try Data(try Self.primaryJPEG([UInt8](try Data(contentsOf: RealCorpusTests.folder.appendingPathComponent("edges/\(name)"))))).write(
                to: still)
            _ = try ReferenceCommand.output(try ReferenceCommand.requiredExiftool, ["-q", "-overwrite_original", "-XMP:all=", still.path])
            #expect(MotionPhoto.locate(in: [UInt8](try Data(contentsOf: still))) == .notMotionPhoto, "\(name) is a plain still")
        }
        let job = try Self.job(names, in: folder)
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        let (days, frames) = try PhotoDayTests.planned(job)
        for (name, day) in zip(names, days) {
            #expect(day["file"] as? String == name || run.standardError.contains(name), "\(name): \(day); \(run.standardError)")
        }
        for output in Self.outputs {
            let decoded = try PhotoDayTests.decodedFrames(folder.url.appendingPathComponent("out/\(output.name).mp4"))
            #expect(decoded.count == frames && decoded.messages.isEmpty, "\(output.name): \(decoded)")
        }
    }

    /// Prints, as JSON, the 24 patches of the chart (six columns by four rows filling the rectangle argv[4]
    /// `x,y,width,height`) in the first frame of the raw yuv420p video at argv[1] (argv[2] × argv[3]): the
    /// middle half of each patch averaged, its BT.709 limited-range samples turned into sRGB (0–255).
    static let chartPatches = """
        import json, sys, numpy
        raw, width, height = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
        left, top, shown_width, shown_height = (int(v) for v in sys.argv[4].split(","))
        frame = numpy.fromfile(raw, dtype=numpy.uint8)[:width * height * 3 // 2].astype(float)
        luma = frame[:width * height].reshape(height, width)
        blue, red = frame[width * height:].reshape(2, height // 2, width // 2)
        patches = []
        for index in range(24):
            column, row = index % 6, index // 6
            x0, x1 = left + (4 * column + 1) * shown_width // 24, left + (4 * column + 3) * shown_width // 24
            y0, y1 = top + (4 * row + 1) * shown_height // 16, top + (4 * row + 3) * shown_height // 16
            y = (luma[y0:y1, x0:x1].mean() - 16) / 219
            cb = (blue[y0 // 2:y1 // 2, x0 // 2:x1 // 2].mean() - 128) / 224
            cr = (red[y0 // 2:y1 // 2, x0 // 2:x1 // 2].mean() - 128) / 224
            rgb = [y + 1.5748 * cr, y - 0.1873 * cb - 0.4681 * cr, y + 1.8556 * cb]
            patches.append([min(255.0, max(0.0, c * 255)) for c in rgb])
        print(json.dumps(patches))
        """

    @Test("a Display P3 chart (the iPhone's own profile) keeps its colours through the render: mean CIEDE2000 ≤ 1 against colour-science")
    func displayP3Chart() throws {
        let folder = try TemporaryFolder("photo-reference-p3")
        let media = try folder.subfolder("media")
        try ColourChart.writeDisplayP3(
            to: media.appendingPathComponent("chart.jpg"), profileFrom: RealCorpusTests.folder.appendingPathComponent("IMG_3582.HEIC"))
        let job = try Self.job(["chart.jpg"], in: folder)
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        for output in Self.outputs {
            let raw = folder.url.appendingPathComponent("\(output.name).yuv")
            _ = try ReferenceCommand.output(
                try ReferenceCommand.requiredFFmpeg,
                [
                    "-v", "error", "-i", folder.url.appendingPathComponent("out/\(output.name).mp4").path, "-frames:v", "1", "-pix_fmt", "yuv420p",
                    "-f",
                    "rawvideo", "-y", raw.path
                ])
            // The chart's 3:2 contained: 540 × 360 in 640 × 360, 360 × 240 in 360 × 640.
            let rect = output.width > output.height ? "50,0,540,360" : "0,200,360,240"
            let measured = String(
                decoding: try ReferenceCommand.output(
                    try ReferenceCommand.requiredReferencePython,
                    ["-W", "ignore", "-c", Self.chartPatches, raw.path, String(output.width), String(output.height), rect]), as: UTF8.self)
            let mean = try ColourChart.meanDifference(measured.trimmingCharacters(in: .whitespacesAndNewlines))
            print("Display P3 chart, \(output.name) \(output.width)x\(output.height): mean CIEDE2000 \(mean)")
            #expect(mean <= 1.0, "\(output.name): mean ΔE2000 \(mean); measured \(measured)")
        }
    }
}
