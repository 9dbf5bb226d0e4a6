import DVMedia
import DVPlanning
import DVSignal
import Foundation
import Testing

@testable import DVRender

/// The faces a clip's named regions show, ahead of the faces found: which names are kept (`subject:`), how a
/// movie borrows its still's regions, and the windows a photo's motion and a movie's crop take from them.
@Suite struct NamedFacesTests {
    /// Two people side by side in a wide picture: Ana's face at the left, Émma's at the right.
    static let people = [
        NamedRegion(name: "Ana", area: RegionArea(x: 0.08, y: 0.2, width: 0.14, height: 0.3)),
        NamedRegion(name: "Émma", area: RegionArea(x: 0.8, y: 0.25, width: 0.13, height: 0.28)),
        NamedRegion(name: "Focus", area: nil), NamedRegion(name: " ", area: RegionArea(x: 0.4, y: 0.4, width: 0.2, height: 0.2))
    ]

    @Test("named regions are kept in the file's order; a name without a region or a region without a name is no one's")
    func namedRegions() throws {
        let faces = try #require(NamedFaces(people: Self.people, subject: nil))
        #expect(faces.names == ["Ana", "Émma"])
        #expect(faces.areas.count == 2 && faces.missing.isEmpty)
        #expect(NamedFaces(people: [NamedRegion(name: "Noah")], subject: nil) == nil)
        #expect(NamedFaces(people: [], subject: Job.Subject(people: ["Noah"])) == nil)
    }

    @Test("subject keeps the people it names, whatever their letter case and Unicode form; a name not in the clip frames all of them")
    func subjectChoosesThePeople() throws {
        // "EMMA" with the accent as a combining mark (NFD) matches "Émma" as one character (NFC).
        let decomposed = "E\u{301}MMA"
        let emma = try #require(NamedFaces(people: Self.people, subject: Job.Subject(people: [decomposed, "Noah"])))
        #expect(emma.names == ["Émma"])
        #expect(emma.missing == ["Noah"])
        #expect(emma.areas.first.map { abs($0.x - 0.8) < 1e-9 } == true)
        let nobody = try #require(NamedFaces(people: Self.people, subject: Job.Subject(people: ["Noah"])))
        #expect(nobody.names == ["Ana", "Émma"] && nobody.missing == ["Noah"])
    }

    @Test("a movie borrows its still's regions only when the two shapes agree within 1%")
    func movieShapes() {
        let still = (width: 4032, height: 3024)
        #expect(NamedFaces.lent(people: Self.people, subject: nil, still: still, movie: (1440, 1080)) != nil)
        #expect(NamedFaces.lent(people: Self.people, subject: nil, still: still, movie: (1446, 1080)) != nil)
        #expect(NamedFaces.lent(people: Self.people, subject: nil, still: still, movie: (1920, 1080)) == nil)
        #expect(NamedFaces.lent(people: Self.people, subject: nil, still: (0, 0), movie: (1920, 1080)) == nil)
    }

    @Test("a wide photo of two people pushed or panned in a 9:16 frame keeps the subject's face whole in every frame")
    func photoMotionKeepsTheSubject() throws {
        let emma = try #require(NamedFaces(people: Self.people, subject: Job.Subject(people: ["émma"])))
        let area = try #require(emma.areas.first)
        let picture = PixelSize(width: 980, height: 480)
        let day = CalendarDay("2024-12-01")!
        for motion in Job.PhotoMotion.allCases {
            let photo = PlannedPhoto(
                motion: motion,
                shots: [PlannedPhoto.Shot(file: "two.jpg", path: "/lib/two.jpg", captureTime: LocalDateTime(date: day), duration: .seconds(2))])
            let show = ReelLayout.still(
                of: photo, destination: PixelSize(width: 180, height: 320), fit: .cover, frameCount: 20, fps: 10, identities: [:],
                stills: ["/lib/two.jpg": StillFacts(width: picture.width, height: picture.height, faces: [])], named: ["/lib/two.jpg": emma],
                outputs: [])
            let shot = try #require(show.shots.first)
            for frame in 0..<shot.frameCount {
                let view = shot.motion.view(at: frame)
                let left = view.originX + Double(view.rect.x) * view.step, right = view.originX + Double(view.rect.x + view.rect.width) * view.step
                let top = view.originY + Double(view.rect.y) * view.rowStep
                let bottom = view.originY + Double(view.rect.y + view.rect.height) * view.rowStep
                let face = (
                    left: area.x * Double(picture.width), right: area.maxX * Double(picture.width), top: area.y * Double(picture.height),
                    bottom: area.maxY * Double(picture.height)
                )
                #expect(
                    left <= face.left && face.right <= right && top <= face.top && face.bottom <= bottom,
                    "\(motion) frame \(frame): window \(left)…\(right) × \(top)…\(bottom), face \(face)")
            }
        }
    }

    @Test("a movie framed by its still's regions keeps the named face in a still window; faces too far apart fall back")
    func movieWindow() throws {
        let video = VideoStreamInfo(
            codec: "h264", width: 1920, height: 1080, frameRate: 30, rotation: 0, pixelFormat: "yuv420p", isVariableFrameRate: false)
        let clip = ClipSource(path: "/lib/a.mov", identity: "a", startMilliseconds: 0, frameCount: 30, day: "2024-12-01")
        let emma = try #require(NamedFaces(people: Self.people, subject: Job.Subject(people: ["Émma"])))
        let framing = try #require(PlannedJob.framing(of: emma, video: video, clip: clip, width: 1080, height: 1920, fps: 30))
        #expect(framing.motion == .still && framing.follows == .names)
        let window = SubjectFraming.scale * 1080 * 1080 / (1920 * 1920)
        #expect(framing.positions.count == 30)
        #expect(framing.positions.allSatisfy { $0 <= 8000 && 9300 <= $0 + window })
        let both = try #require(NamedFaces(people: Self.people, subject: nil))
        #expect(PlannedJob.framing(of: both, video: video, clip: clip, width: 1080, height: 1920, fps: 30)?.motion == .fallback)
        // A clip of the frame's shape is not cropped.
        #expect(PlannedJob.framing(of: emma, video: video, clip: clip, width: 1920, height: 1080, fps: 30) == nil)
    }
}
