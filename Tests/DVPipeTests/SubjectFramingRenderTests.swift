import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVRender

/// `fit: subject` on clips made from a real face (scikit-image's astronaut) moved across 16:9 frames,
/// rendered 9:16 and searched by OpenCV's own detector: the face stays in the frame where the centre
/// crop loses it, moves smoothly, and two faces that cannot share a window fall back to `blur`.
@Suite(.serialized, .tags(.endToEnd, .reference)) struct SubjectFramingRenderTests {
    /// The astronaut, `side` pixels square, as RGB bytes, from scikit-image by OpenCV's area resampling.
    static func astronaut(side: Int, folder: TemporaryFolder) throws -> [UInt8] {
        let python = try #require(ReferenceCommand.facePython, "make test makes .build-faces/venv (scripts/setup-face-reference.sh)")
        let file = folder.url.appendingPathComponent("astronaut.rgb")
        _ = try ReferenceCommand.output(
            python,
            [
                "-W", "ignore", "-c",
                """
                import sys, cv2, skimage.data
                side = int(sys.argv[2])
                open(sys.argv[1], "wb").write(cv2.resize(skimage.data.astronaut(), (side, side), interpolation=cv2.INTER_AREA).tobytes())
                """, file.path, String(side)
            ])
        return [UInt8](try Data(contentsOf: file))
    }

    /// OpenCV's faces in every frame of `reel`: per frame, the centre of each face it finds, as shares of
    /// the width and height.
    static func openCVFaces(in reel: URL) throws -> [[(x: Double, y: Double)]] {
        let python = try #require(ReferenceCommand.facePython)
        let printed = try ReferenceCommand.output(
            python,
            [
                "-W", "ignore", "-c",
                """
                import json, sys, cv2
                cascade = cv2.CascadeClassifier(cv2.data.haarcascades + "haarcascade_frontalface_default.xml")
                video, frames = cv2.VideoCapture(sys.argv[1]), []
                while True:
                    ok, frame = video.read()
                    if not ok:
                        break
                    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
                    faces = cascade.detectMultiScale(grey, scaleFactor=1.1, minNeighbors=3)
                    frames.append([[(x + w / 2) / grey.shape[1], (y + h / 2) / grey.shape[0]] for x, y, w, h in faces])
                print(json.dumps(frames))
                """, reel.path
            ])
        return try #require(try JSONSerialization.jsonObject(with: printed) as? [[[Double]]]).map { $0.map { ($0[0], $0[1]) } }
    }

    /// In a framing sheet, where each thumbnail's outline starts: the first column of the accent colour on
    /// the row just inside the outline's top edge, from the thumbnail's left (read by the ffmpeg command).
    static func outlineLefts(in sheet: URL) throws -> [Int] {
        let ffmpeg = try #require(ReferenceCommand.ffmpeg)
        let size = try ReferenceCommand.output(
            ReferenceCommand.ffprobe ?? ffmpeg,
            [
                "-v", "error", "-select_streams", "v:0", "-show_entries", "stream=width,height", "-of", "csv=p=0", sheet.path
            ])
        let numbers = String(decoding: size, as: UTF8.self).split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        let width = try #require(numbers.first)
        let rgb = [UInt8](try ReferenceCommand.output(ffmpeg, ["-v", "error", "-i", sheet.path, "-pix_fmt", "rgb24", "-f", "rawvideo", "-"]))
        let accent = CalendarPalette.standard.badge
        // 800 × 450 shown in 160 × 90: the picture fills the thumbnail; its top edge is the thumbnail's.
        let row = FramingSheet.margin + 2 * FramingSheet.labelHeight + 1
        return (0..<4).compactMap { column in
            let left = FramingSheet.margin + column * (FramingSheet.thumbnailWidth + FramingSheet.gap)
            return (0..<FramingSheet.thumbnailWidth).first { x in
                let at = (row * width + left + x) * 3
                return abs(Int(rgb[at]) - Int(accent.red)) + abs(Int(rgb[at + 1]) - Int(accent.green)) + abs(Int(rgb[at + 2]) - Int(accent.blue)) < 60
            }
        }
    }

    /// A 2 s, 10 fps clip without text, `width` × `height`, filmed at `hour` on 2024-11-16 plus `day` days
    /// (named as phones name them), showing `pictures`.
    static func clip(day: Int = 0, hour: Int = 12, width: Int = 800, height: Int = 450, pictures: [SamplePicture]) -> SampleClip {
        var clip = DatedLibrary.clip(day)
        clip.fileName = String(format: "VID_202411%02d_%02d0000.mp4", 16 + day, hour)
        clip.tags = .filmed(at: String(format: "2024-11-%02dT%02d:00:00+0000", 16 + day, hour))
        clip.width = width
        clip.height = height
        clip.text = ""
        clip.pictures = pictures
        return clip
    }

    /// `rgb`, a picture of RGB bytes, turned upside down.
    static func upsideDown(_ rgb: [UInt8]) -> [UInt8] {
        stride(from: rgb.count - 3, through: 0, by: -3).flatMap { rgb[$0..<($0 + 3)] }
    }

    /// A job over `folder`'s `media/` from 2024-11-16 to 2024-11-18, rendered 9:16 twice: `subject` framed
    /// by subject, `centre` cropped in the middle (cover).
    static func subjectAndCentreJob(in folder: TemporaryFolder) throws -> URL {
        let job = folder.url.appendingPathComponent("subject.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-11-16, to: 2024-11-18 }
        clips: { video: { duration: 2s } }
        transition: { style: cut }
        outputs:
          - { name: subject, path: out/subject.mp4, resolution: 360x640, fps: 10, fit: subject }
          - { name: centre, path: out/centre.mp4, resolution: 360x640, fps: 10, fit: cover }

        """.write(to: job, atomically: true, encoding: .utf8)
        return job
    }

    /// The astronaut's face from frame to frame: the top-most face of the first frame, then in each frame the
    /// face nearest the one before (OpenCV at times also takes a patch of her suit, below it, for a face).
    static func track(_ frames: ArraySlice<[(x: Double, y: Double)]>) -> [(x: Double, y: Double)] {
        var track: [(x: Double, y: Double)] = []
        for faces in frames {
            let previous = track.last
            let chosen =
                previous.map { last in faces.min { hypot($0.x - last.x, $0.y - last.y) < hypot($1.x - last.x, $1.y - last.y) } }
                ?? faces.min { $0.y < $1.y }
            if let chosen { track.append(chosen) }
        }
        return track
    }

    @Test(
        "a gliding face and a face resting in the left third stay in a 9:16 frame; two faces apart fall back to blur, and plan says so; the bytes repeat"
    )
    func followsTheFace() throws {
        let folder = try TemporaryFolder("subject")
        let media = try folder.subfolder("media")
        let face = try Self.astronaut(side: 360, folder: folder)
        let writer = try SampleWriter()
        let placements: [[(from: (x: Int, y: Int), to: (x: Int, y: Int))]] = [
            [((0, 44), (440, 44))], [((40, 44), (40, 44))], [((0, 44), (0, 44)), ((440, 44), (440, 44))]
        ]
        for (index, pictures) in placements.enumerated() {
            try writer.write(
                Self.clip(day: index, pictures: pictures.map { SamplePicture(rgb: face, width: 360, height: 360, from: $0.from, to: $0.to) }),
                in: media)
        }
        let job = try Self.subjectAndCentreJob(in: folder)
        let plan = try DVPipeProcess.run(["plan", job.path])
        try #require(plan.status == 0, "\(plan.standardError)")
        #expect(plan.standardOutput.contains("2024-11-16  subject: pan"), "\(plan.standardOutput)")
        #expect(plan.standardOutput.contains("2024-11-17  subject: still"))
        #expect(plan.standardOutput.contains("2024-11-18  fallback: blur"))
        let json = try DVPipeProcess.run(["plan", job.path, "--json"])
        let planned = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let days = try #require((planned["framing"] as? [String: Any])?["subject"] as? [[String: Any]])
        #expect(days.map { $0["motion"] as? String } == ["pan", "still", "fallback"])
        let pan = try #require(days.first?["points"] as? [[Int]])
        #expect(pan.map { $0[0] } == [0, 5, 10, 15, 19], "every half second and the last frame")
        #expect(zip(pan.dropFirst(), pan).allSatisfy { $0[1] >= $1[1] } && pan.last![1] > pan.first![1], "the window pans one way: \(pan)")
        #expect(planned["days"] != nil && planned["version"] as? Int == 1, "the plan itself is all there")
        let sheets = try folder.subfolder("sheets")
        let drawn = try DVPipeProcess.run(["plan", job.path, "--contact-sheet", sheets.path])
        try #require(drawn.status == 0, "\(drawn.standardError)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: sheets.path).sorted()
                == ["2024-11-16-framing-subject.png", "2024-11-17-framing-subject.png"], "the panning and the still day; no window on the blurred one"
        )
        let glidingWindow = try Self.outlineLefts(in: sheets.appendingPathComponent("2024-11-16-framing-subject.png"))
        let restingWindow = try Self.outlineLefts(in: sheets.appendingPathComponent("2024-11-17-framing-subject.png"))
        #expect(
            glidingWindow.count == 4 && zip(glidingWindow.dropFirst(), glidingWindow).allSatisfy { $0 > $1 },
            "the outline moves right: \(glidingWindow)")
        #expect(restingWindow.count == 4 && Set(restingWindow).count == 1, "the outline stays: \(restingWindow)")

        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "\(run.standardError)")
        let subject = try Self.openCVFaces(in: folder.url.appendingPathComponent("out/subject.mp4"))
        let centre = try Self.openCVFaces(in: folder.url.appendingPathComponent("out/centre.mp4"))
        try #require(subject.count == 60 && centre.count == 60)
        for (day, frames) in [("gliding", 0..<20), ("resting", 20..<40)] {
            let found = frames.filter { !subject[$0].isEmpty }.count, centred = frames.filter { !centre[$0].isEmpty }.count
            print("fit: subject finds the \(day) face in \(found) of 20 frames; the centre crop in \(centred)")
            #expect(found * 100 >= 95 * frames.count, "OpenCV finds the \(day) face in \(found) of \(frames.count) frames")
            #expect(found > centred, "the centre crop shows the \(day) face in \(centred) frames")
        }
        let reel = folder.url.appendingPathComponent("out/subject.mp4")
        let first = try Data(contentsOf: reel)
        let again = try DVPipeProcess.run(["run", job.path, "--progress", "none", "--fresh", "--jobs", "1", "--output", "subject"])
        try #require(again.status == 0, "\(again.standardError)")
        #expect(try Data(contentsOf: reel) == first, "the same bytes from nothing, one segment at a time")
        let glide = Self.track(subject[0..<20])
        #expect(glide.count == 20)
        let steps = zip(glide.dropFirst(), glide).map { hypot($0.x - $1.x, $0.y - $1.y) }
        #expect((steps.max() ?? 1) < 0.12, "the face moves smoothly in the frame: largest step \(steps.max() ?? 1) of the width")
    }

    @Test(
        "in a 9:16 reels output, a tall clip's face is centred between the safe area's margins, not in the frame; at the clip's bottom edge it stays as low as the crop goes"
    )
    func faceClearOfSafeArea() throws {
        let folder = try TemporaryFolder("subject-safe")
        let media = try folder.subfolder("media")
        let face = try Self.astronaut(side: 360, folder: folder)
        let writer = try SampleWriter()
        // 360 × 960 clips (taller than 9:16): the crop runs down them. The astronaut in the middle, then at the bottom.
        for (day, y) in [(0, 300), (1, 600)] {
            try writer.write(
                Self.clip(day: day, width: 360, height: 960, pictures: [SamplePicture(rgb: face, width: 360, height: 360, from: (0, y), to: (0, y))]),
                in: media)
        }
        let job = folder.url.appendingPathComponent("safe.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-11-16, to: 2024-11-17 }
        clips: { video: { duration: 2s } }
        transition: { style: cut }
        outputs:
          - { name: reels, path: out/reels.mp4, resolution: 360x640, fps: 24, fit: subject, profile: reels }
          - { name: plain, path: out/plain.mp4, resolution: 360x640, fps: 24, fit: subject }

        """.write(to: job, atomically: true, encoding: .utf8)
        let json = try DVPipeProcess.run(["plan", job.path, "--json"])
        try #require(json.status == 0, "\(json.standardError)")
        let planned = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let framing = try #require(planned["framing"] as? [String: Any])
        let reels = try #require(framing["reels"] as? [[String: Any]]), plain = try #require(framing["plain"] as? [[String: Any]])
        #expect(reels.map { $0["motion"] as? String } == ["still", "still"] && plain.map { $0["motion"] as? String } == ["still", "still"])
        #expect(Set(reels[0].keys) == Set(plain[0].keys), "the plan says nothing new: \(reels[0].keys.sorted())")
        let points = { (day: [String: Any]) in day["points"] as? [[Int]] ?? [] }
        #expect(points(reels[0]) != points(plain[0]), "the middle face: the reels window moves")
        #expect(points(reels[1]) == points(plain[1]), "the bottom face: both windows as low as the clip allows")

        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "\(run.standardError)")
        let inReels = try Self.openCVFaces(in: folder.url.appendingPathComponent("out/reels.mp4"))
        let inPlain = try Self.openCVFaces(in: folder.url.appendingPathComponent("out/plain.mp4"))
        try #require(inReels.count == 96 && inPlain.count == 96)
        // The astronaut's face: the top-most face OpenCV finds (it at times takes a patch of her suit too),
        // its mean height over the frames where it is found.
        func height(_ frames: ArraySlice<[(x: Double, y: Double)]>) -> (mean: Double, found: Int) {
            let tops = frames.compactMap { $0.map(\.y).min() }
            return (tops.reduce(0, +) / Double(max(1, tops.count)), tops.count)
        }
        let (reelsMiddle, plainMiddle) = (height(inReels[0..<48]), height(inPlain[0..<48]))
        try #require(reelsMiddle.found >= 45 && plainMiddle.found >= 45, "OpenCV finds the face")
        print("the face's centre: \(reelsMiddle.mean) of the height in the reels output, \(plainMiddle.mean) without a profile")
        // OpenCV's box sits a little higher on the face than dvpipe's detector's, so the shift is what is
        // measured: from the frame's middle to the middle between reels' margins (14 % and 65 %).
        let shift = 0.5 - (0.14 + 0.65) / 2
        #expect(abs(plainMiddle.mean - reelsMiddle.mean - shift) < 0.02, "the face moves up by \(shift) of the height")
        #expect((0.14...0.65).contains(reelsMiddle.mean), "the face is inside the safe area")
        let (reelsBottom, plainBottom) = (height(inReels[48..<96]), height(inPlain[48..<96]))
        try #require(reelsBottom.found > 0 && plainBottom.found > 0)
        let apart = abs(reelsBottom.mean - plainBottom.mean)
        #expect(apart < 0.01, "at the clip's bottom both crops go as low as they can: \(reelsBottom.mean), \(plainBottom.mean)")
    }

    @Test("order: best prefers the clip with a face to the same picture upside down, unless faces weighs 0")
    func bestClipHasAFace() throws {
        let folder = try TemporaryFolder("faces-best")
        let media = try folder.subfolder("media")
        let face = try Self.astronaut(side: 300, folder: folder)
        // The same pixels turned upside down: as sharp and as bright, but no face for the cascade.
        let turned = Self.upsideDown(face)
        let writer = try SampleWriter()
        for (hour, rgb) in [(9, turned), (10, face)] {
            let picture = SamplePicture(rgb: rgb, width: 300, height: 300, from: (90, 30), to: (90, 30))
            try writer.write(Self.clip(hour: hour, width: 480, height: 360, pictures: [picture]), in: media)
        }
        func chosen(score: String) throws -> String {
            let job = folder.url.appendingPathComponent("best.yaml")
            try """
            version: 1
            library: { paths: [media], timezone: UTC }
            timeframe: { from: 2024-11-16, to: 2024-11-16 }
            selection: { order: best\(score) }
            output: { path: out/best.mp4, resolution: 480x360, fps: 10 }

            """.write(to: job, atomically: true, encoding: .utf8)
            let plan = try DVPipeProcess.run(["plan", job.path, "--json"])
            try #require(plan.status == 0, "\(plan.standardError)")
            let planned = try #require(try JSONSerialization.jsonObject(with: Data(plan.standardOutput.utf8)) as? [String: Any])
            return try #require((planned["days"] as? [[String: Any]])?.first?["file"] as? String)
        }
        #expect(try chosen(score: "") == "VID_20241116_100000.mp4", "the clip with the face")
        #expect(try chosen(score: ", score: { faces: 0 }") == "VID_20241116_090000.mp4", "without faces the two tie, and the earlier wins")
    }

    @Test("a layer with fit: subject keeps the face in its rectangle; plan lists each layer's framing")
    func layerFollowsTheFace() throws {
        let folder = try TemporaryFolder("subject-layers")
        let media = try folder.subfolder("media")
        let face = try Self.astronaut(side: 360, folder: folder)
        let writer = try SampleWriter()
        for (hour, x) in [(9, 40), (10, 400)] {
            try writer.write(
                Self.clip(hour: hour, pictures: [SamplePicture(rgb: face, width: 360, height: 360, from: (x, 44), to: (x, 44))]), in: media)
        }
        let job = folder.url.appendingPathComponent("layers.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-11-16, to: 2024-11-16 }
        clips: { video: { duration: 2s } }
        output: { path: out/layers.mp4, resolution: 360x640, fps: 10, fit: cover }
        days:
          2024-11-16:
            layers:
              - { file: VID_20241116_090000.mp4, rect: { x: 0, y: 0, width: 1, height: 0.5 }, fit: subject }
              - { file: VID_20241116_100000.mp4, rect: { x: 0, y: 0.5, width: 1, height: 0.5 }, fit: cover }

        """.write(to: job, atomically: true, encoding: .utf8)
        let plan = try DVPipeProcess.run(["plan", job.path])
        try #require(plan.status == 0, "\(plan.standardError)")
        #expect(plan.standardOutput.contains("2024-11-16  layers: subject: still, cover"), "\(plan.standardOutput)")
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "\(run.standardError)")
        let frames = try Self.openCVFaces(in: folder.url.appendingPathComponent("out/layers.mp4"))
        let inTop = frames.filter { faces in faces.contains { $0.y < 0.5 } }.count
        #expect(
            frames.count == 20 && inTop * 100 >= 95 * frames.count,
            "OpenCV finds the face in the framed top layer in \(inTop) of \(frames.count) frames")
    }

    @Test(
        "without a face the window follows what moves, else what stands out: the astronaut upside down, gliding or resting at the left, stays in view; the small bar alone moves nothing"
    )
    func followsMotion() throws {
        let folder = try TemporaryFolder("subject-motion")
        let media = try folder.subfolder("media")
        let face = try Self.astronaut(side: 360, folder: folder)
        // Upside down: a large moving picture with no face for the cascade.
        let turned = Self.upsideDown(face)
        let writer = try SampleWriter()
        try writer.write(Self.clip(pictures: [SamplePicture(rgb: turned, width: 360, height: 360, from: (0, 44), to: (440, 44))]), in: media)
        try writer.write(Self.clip(day: 1, pictures: []), in: media)
        try writer.write(Self.clip(day: 2, pictures: [SamplePicture(rgb: turned, width: 360, height: 360, from: (40, 44), to: (40, 44))]), in: media)
        let job = try Self.subjectAndCentreJob(in: folder)
        let plan = try DVPipeProcess.run(["plan", job.path])
        #expect(plan.standardOutput.contains("2024-11-16  subject: pan (following motion; no face found)"), "\(plan.standardOutput)")
        #expect(plan.standardOutput.contains("2024-11-17  subject: none"), "the bar is too small to follow or to stand out")
        #expect(plan.standardOutput.contains("2024-11-18  subject: still (following what stands out; no face or movement found)"))
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "\(run.standardError)")
        // The picture's rows over the card's plain colour: a frame shows it when a sample of the output's
        // middle row is far from that colour.
        let background = Self.clip(pictures: []).background
        /// Frames of `name`'s day `day` (0-based) whose middle row shows the picture over more than `share`
        /// of its width.
        func framesShowingThePicture(_ name: String, day: Int = 0, share: Double = 0.5) throws -> Int {
            let ffmpeg = try #require(ReferenceCommand.ffmpeg)
            let rgb = [UInt8](
                try ReferenceCommand.output(
                    ffmpeg,
                    [
                        "-v", "error", "-i", folder.url.appendingPathComponent("out/\(name).mp4").path, "-vf", "crop=360:2:0:320",
                        "-pix_fmt", "rgb24", "-f", "rawvideo", "-"
                    ]))
            let frameBytes = 360 * 2 * 3
            func farFromBackground(_ at: Int) -> Bool {
                let red = abs(Int(rgb[at]) - Int(background.red)), green = abs(Int(rgb[at + 1]) - Int(background.green))
                let blue = abs(Int(rgb[at + 2]) - Int(background.blue))
                return red + green + blue > 120
            }
            let frames = min(rgb.count / frameBytes, day * 20 + 20)
            return ((day * 20)..<frames).filter { frame in
                Double(stride(from: frame * frameBytes, to: (frame + 1) * frameBytes, by: 3).filter(farFromBackground).count) > share * 720
            }.count
        }
        let followed = try framesShowingThePicture("subject"), centred = try framesShowingThePicture("centre")
        print("the moving picture fills half the middle row in \(followed) of 20 frames with fit: subject, \(centred) with the centre crop")
        #expect(followed > centred && followed >= 18, "the picture shows in \(followed) frames following motion, \(centred) centred")
        // The picture itself has parts of the card's colour: it covers about three quarters of the row where
        // the window lies wholly on it, about half where the window is centred.
        let standingOut = try framesShowingThePicture("subject", day: 2, share: 0.6)
        let standingCentred = try framesShowingThePicture("centre", day: 2, share: 0.6)
        print("the still picture covers 60% of the middle row in \(standingOut) of 20 frames with fit: subject, \(standingCentred) centred")
        #expect(standingOut == 20 && standingCentred == 0, "the picture at the left fills the window: \(standingOut), centred \(standingCentred)")
    }

    @Test(
        "real people (the corpus's webcam clips) cut 16:9 with the face centred, left or right, and reframed 9:16: OpenCV finds a face in at least as many frames as in the centre crop, and in more when it is off-centre"
    )
    func realPeopleStayInFrame() throws {
        let ffmpeg = try #require(ReferenceCommand.ffmpeg, "make test installs the ffmpeg command")
        let people = RealCorpusTests.folder.appendingPathComponent("people")
        // 16:9 windows of the 640×480 pictures, the face (about x 310 of 640) centred, at a third from the left and
        // at two thirds.
        let cuts = [("centred", "640:360:0:20"), ("left", "480:270:160:20"), ("right", "480:270:0:20")]
        var report: [String] = []
        for (number, name) in ["again", "thanks", "sister"].enumerated() {
            for (cut, (label, crop)) in cuts.enumerated() {
                let folder = try TemporaryFolder("people")
                let media = try folder.subfolder("media")
                let made = try ReferenceCommand.printed(
                    ffmpeg,
                    [
                        "-v", "error", "-i", people.appendingPathComponent("\(name).mkv").path, "-an", "-vf", "crop=\(crop)",
                        "-c:v", "libx264", "-crf", "12", "-pix_fmt", "yuv420p",
                        "-metadata", "creation_time=2024-11-\(16 + 3 * number + cut)T12:00:00Z", media.appendingPathComponent("clip.mp4").path
                    ])
                try #require(made.status == 0, "\(made.printed)")
                let job = folder.url.appendingPathComponent("job.yaml")
                try """
                version: 1
                library: { paths: [media], timezone: UTC }
                timeframe: { from: 2024-11-01, to: 2024-11-30 }
                clips: { video: { duration: full } }
                transition: { style: cut }
                outputs:
                  - { name: subject, path: out/subject.mp4, resolution: 270x480, fps: 15, fit: subject }
                  - { name: centre, path: out/centre.mp4, resolution: 270x480, fps: 15, fit: cover }

                """.write(to: job, atomically: true, encoding: .utf8)
                let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
                try #require(run.status == 0, "\(name) \(label): \(run.standardError)")
                let framed = try Self.openCVFaces(in: folder.url.appendingPathComponent("out/subject.mp4")).filter { !$0.isEmpty }.count
                let centre = try Self.openCVFaces(in: folder.url.appendingPathComponent("out/centre.mp4")).filter { !$0.isEmpty }.count
                report.append("\(name) \(label): subject \(framed), centre \(centre)")
                #expect(framed >= centre, "\(name) \(label): OpenCV finds a face in \(framed) frames of fit: subject, \(centre) of the centre crop")
                if label != "centred" {
                    #expect(
                        framed > centre, "\(name) \(label): OpenCV finds a face in \(framed) frames of fit: subject, \(centre) of the centre crop")
                }
            }
        }
        print("real people, frames with a face (OpenCV): \(report.joined(separator: "; "))")
    }
}
