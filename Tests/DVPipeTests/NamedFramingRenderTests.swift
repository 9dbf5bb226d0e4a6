import DVPlanning
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

@testable import DVRender

/// Framing by the names a file gives its faces: the wide photo of two people (`PhotoMotionTests`), whose right
/// person a 9:16 frame loses when it is framed on the faces found, keeps that person whole in every frame
/// when the photo names its faces and `subject:` names them. Until the scan reads XMP regions, the regions
/// are written into the work folder's index, as the scan would keep them.
@Suite(.serialized, .tags(.endToEnd, .reference)) struct NamedFramingRenderTests {
    /// Python: prints, as JSON, the faces OpenCV finds in the picture at argv[1], `[x, y, width, height]` each.
    static let findFaces = """
        import json, sys, cv2
        \(PhotoMotionTests.distinctFaces)
        print(json.dumps(faces(cv2.imread(sys.argv[1]))))
        """

    /// Python: prints, as JSON, per frame of the reel at argv[1], the faces OpenCV finds that lie whole inside
    /// the frame (touching no edge).
    static let wholeFaces = """
        import json, sys, cv2
        \(PhotoMotionTests.distinctFaces)
        video, found = cv2.VideoCapture(sys.argv[1]), []
        while True:
            ok, frame = video.read()
            if not ok:
                break
            height, width = frame.shape[:2]
            found.append([[x, y, w, h] for x, y, w, h in faces(frame) if x > 0 and y > 0 and x + w < width and y + h < height])
        print(json.dumps(found))
        """

    @Test("subject: {people: [Right person]} keeps the named right person whole in every 9:16 frame of the wide photo; plan says so")
    func subjectKeepsTheNamedPerson() throws {
        let folder = try TemporaryFolder("named-framing")
        let (media, _) = try PhotoMotionTests.photos(in: folder)
        let python = try #require(ReferenceCommand.facePython)
        let photo = media.appendingPathComponent("faces-wide.jpg")
        let printed = try ReferenceCommand.output(python, ["-W", "ignore", "-c", Self.findFaces, photo.path])
        let boxes = try #require(try JSONSerialization.jsonObject(with: printed) as? [[Int]]).sorted { $0[0] < $1[0] }
        try #require(boxes.count == 2, "OpenCV finds the two people: \(boxes)")
        let (width, height) = (980.0, 480.0)
        let regions = zip(["Left person", "Right person"], boxes).map { name, box in
            NamedRegion(
                name: name,
                area: RegionArea(
                    x: Double(box[0]) / width, y: Double(box[1]) / height, width: Double(box[2]) / width, height: Double(box[3]) / height))
        }
        let job = folder.url.appendingPathComponent("named.yaml")
        try """
        version: 1
        library: { paths: [media], timezone: UTC }
        timeframe: { from: 2024-12-01, to: 2024-12-01 }
        clips: { photo: { duration: 2s, motion: auto } }
        days: { 2024-12-01: { pin: faces-wide.jpg } }
        subject: { people: [right PERSON] }
        output: { path: out/tall.mp4, resolution: 270x480, fps: 10, fit: subject }

        """.write(to: job, atomically: true, encoding: .utf8)
        // The scan's index, its photo given the regions an XMP reader would find.
        let scanned = try DVPipeProcess.run(["plan", job.path])
        try #require(scanned.status == 0, "\(scanned.standardError)")
        let index = WorkFolder.default(forJob: job).indexFile
        let root = media.standardizedFileURL.path
        let entries = IndexCache.load(from: index, roots: [root]).map { entry in
            guard entry.relativePath == "faces-wide.jpg", case .media(var info) = entry.probe else { return entry }
            info.annotations = Annotations(people: regions)
            var named = entry
            named.probe = .media(info)
            return named
        }
        try #require(entries.contains { $0.annotations.people.count == 2 })
        try IndexCache.save(entries, roots: [root], to: index)

        // The layout's windows: every frame's holds the right person's region whole.
        let loaded = try #require(JobLoader.load(path: job.path).job)
        let layout = try PlannedJob.make(job: loaded, asOf: nil, work: WorkFolder.default(forJob: job), observer: SilentObserver())
            .layout(observer: SilentObserver())
        let shot = try #require(layout.pieces.compactMap(\.source.clip).first?.still?.shots.first)
        let right = try #require(regions[1].area)
        #expect(shot.motion.mode == .pan && shot.frameCount == 20)
        for frame in 0..<shot.frameCount {
            let view = shot.motion.view(at: frame)
            let left = view.originX + Double(view.rect.x) * view.step, end = view.originX + Double(view.rect.x + view.rect.width) * view.step
            let top = view.originY + Double(view.rect.y) * view.rowStep, bottom = view.originY + Double(view.rect.y + view.rect.height) * view.rowStep
            #expect(
                left <= right.x * width && (right.x + right.width) * width <= end && top <= right.y * height
                    && (right.y + right.height) * height <= bottom, "frame \(frame): window \(left)…\(end) × \(top)…\(bottom), region \(right)")
        }

        let plan = try DVPipeProcess.run(["plan", job.path])
        try #require(plan.status == 0, "\(plan.standardError)")
        #expect(plan.standardOutput.contains("2024-12-01  photo: pan on the named faces of Right person"), "\(plan.standardOutput)")
        let json = try DVPipeProcess.run(["plan", job.path, "--json"])
        let planned = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let day = try #require(((planned["framing"] as? [String: Any])?["tall"] as? [[String: Any]])?.first)
        #expect(day["follows"] as? String == "names" && day["names"] as? [String] == ["Right person"], "\(day)")

        let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
        try #require(run.status == 0, "\(run.standardError)")
        let found = try ReferenceCommand.output(
            python, ["-W", "ignore", "-c", Self.wholeFaces, folder.url.appendingPathComponent("out/tall.mp4").path])
        let frames = try #require(try JSONSerialization.jsonObject(with: found) as? [[[Int]]])
        #expect(frames.count == 20)
        #expect(frames.allSatisfy { !$0.isEmpty }, "OpenCV finds a whole face in every frame: \(frames.map(\.count))")
    }
}
