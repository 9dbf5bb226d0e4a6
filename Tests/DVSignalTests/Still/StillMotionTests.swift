import DVSignal
import Foundation
import Testing

/// The motion of a moving still: windows that stay inside the picture, faces kept in view, and a motion
/// with constant speed (a pan) or constant rate in log scale (a push), so frame-to-frame motion has no
/// second difference to measure.
@Suite struct StillMotionTests {
    typealias Size = (width: Int, height: Int)

    static let pictures: [Size] = [(4032, 3024), (3024, 4032), (1920, 1080)]
    static let destinations: [Size] = [(1920, 1080), (1080, 1920)]
    /// Faces that fit in one window of every shape tried: two people side by side, near an edge.
    static let together = [UnitRect(x: 0.18, y: 0.3, width: 0.08, height: 0.1), UnitRect(x: 0.3, y: 0.34, width: 0.07, height: 0.09)]
    /// Faces at the two ends of the picture, which no tall window holds at once.
    static let apart = [UnitRect(x: 0.05, y: 0.4, width: 0.06, height: 0.08), UnitRect(x: 0.88, y: 0.45, width: 0.06, height: 0.08)]

    static func motions(fits: [StillMotion.Fit], subjects: [[UnitRect]]) -> [(String, Size, StillMotion)] {
        var result: [(String, Size, StillMotion)] = []
        for picture in pictures {
            for destination in destinations {
                for fit in fits {
                    for mode in [StillMotion.Mode.auto, .push, .pan, .none] {
                        for faces in subjects {
                            let motion = StillMotion.plan(
                                picture: picture, destination: destination, fit: fit, mode: mode, subjects: faces,
                                interest: UnitPoint(x: 0.8, y: 0.2), frameCount: 90)
                            result.append(("\(picture) in \(destination) \(fit) \(mode) \(faces.count) faces", picture, motion))
                        }
                    }
                }
            }
        }
        return result
    }

    @Test func everyWindowStaysInsideThePictureAndEveryRectangleInsideTheDestination() {
        for (name, picture, motion) in Self.motions(fits: [.contain, .cover, .blur, .subject], subjects: [[], Self.together, Self.apart]) {
            for index in 0..<motion.frameCount {
                let view = motion.view(at: index)
                let window = view.window
                #expect(window.x >= -1e-6 && window.y >= -1e-6, "\(name) frame \(index)")
                #expect(window.x + window.width <= Double(picture.width) + 1e-6, "\(name) frame \(index)")
                #expect(window.y + window.height <= Double(picture.height) + 1e-6, "\(name) frame \(index)")
                #expect(view.rect.x >= 0 && view.rect.y >= 0 && view.rect.x % 2 == 0 && view.rect.y % 2 == 0, "\(name)")
                #expect(view.rect.width % 2 == 0 && view.rect.height % 2 == 0, "\(name)")
            }
        }
    }

    @Test func coverAndSubjectFillTheDestination() {
        for (name, _, motion) in Self.motions(fits: [.cover, .subject], subjects: [[]]) {
            #expect(
                motion.rect == PixelRect(x: 0, y: 0, width: 1920, height: 1080) || motion.rect == PixelRect(x: 0, y: 0, width: 1080, height: 1920),
                "\(name)")
        }
    }

    @Test func facesThatFitInOneWindowAreInsideEveryFrame() {
        for (name, picture, motion) in Self.motions(fits: [.contain, .cover, .blur, .subject], subjects: [Self.together]) {
            for index in 0..<motion.frameCount {
                let window = motion.view(at: index).window
                for face in Self.together {
                    #expect(face.x * Double(picture.width) >= window.x - 1e-6, "\(name) frame \(index)")
                    #expect(face.maxX * Double(picture.width) <= window.x + window.width + 1e-6, "\(name) frame \(index)")
                    #expect(face.y * Double(picture.height) >= window.y - 1e-6, "\(name) frame \(index)")
                    #expect(face.maxY * Double(picture.height) <= window.y + window.height + 1e-6, "\(name) frame \(index)")
                }
            }
        }
    }

    @Test func autoPansALandscapePhotoInATallFrameAndPushesElsewhere() {
        func mode(_ picture: Size, _ destination: Size, _ fit: StillMotion.Fit) -> StillMotion.Mode {
            StillMotion.plan(picture: picture, destination: destination, fit: fit, mode: .auto, subjects: [], interest: nil, frameCount: 90).mode
        }
        #expect(mode((4032, 3024), (1080, 1920), .cover) == .pan)
        #expect(mode((3024, 4032), (1920, 1080), .subject) == .pan)
        #expect(mode((4032, 3024), (1920, 1080), .cover) == .push)
        #expect(mode((4032, 3024), (1080, 1920), .contain) == .push)
        #expect(mode((4032, 3024), (1080, 1920), .blur) == .push)
    }

    @Test func facesTooFarApartForOneWindowArePannedFromTheFirstToTheLast() {
        let motion = StillMotion.plan(
            picture: (4032, 3024), destination: (1080, 1920), fit: .cover, mode: .auto, subjects: Self.apart, interest: nil, frameCount: 90)
        #expect(motion.mode == .pan)
        func shows(_ face: UnitRect, _ index: Int) -> Bool {
            let window = motion.view(at: index).window, centre = (face.x + face.width / 2) * 4032
            return centre >= window.x && centre <= window.x + window.width
        }
        #expect(shows(Self.apart[0], 0) && !shows(Self.apart[1], 0))
        #expect(shows(Self.apart[1], 89) && !shows(Self.apart[0], 89))
    }

    /// The map from one frame's destination pixels to the next frame's that show the same picture point:
    /// a scale and a shift on each axis.
    static func frameToFrame(_ motion: StillMotion, _ index: Int) -> (scale: Double, x: Double, y: Double) {
        let this = motion.view(at: index), next = motion.view(at: index + 1)
        return (this.step / next.step, (this.originX - next.originX) / next.step, (this.originY - next.originY) / next.step)
    }

    @Test func frameToFrameMotionIsConstantAndMonotone() {
        for (name, _, motion) in Self.motions(fits: [.contain, .cover, .blur, .subject], subjects: [[], Self.together, Self.apart]) {
            let maps = (0..<(motion.frameCount - 1)).map { Self.frameToFrame(motion, $0) }
            for (a, b) in zip(maps, maps.dropFirst()) {
                // In destination pixels at the frame's far corner: far below the 0.05 px the issue allows.
                #expect(abs(a.scale - b.scale) * 1920 < 1e-6 && abs(a.x - b.x) < 1e-6 && abs(a.y - b.y) < 1e-6, "\(name)")
            }
            let steps = (0..<motion.frameCount).map { motion.view(at: $0).step }
            let centres = (0..<motion.frameCount).map { index in
                let window = motion.view(at: index).window
                return (x: window.x + window.width / 2, y: window.y + window.height / 2)
            }
            switch motion.mode {
            case .push:
                #expect(zip(steps, steps.dropFirst()).allSatisfy { $1 < $0 }, "\(name)")
                if name.hasSuffix(" 0 faces") { #expect(abs(steps[0] / steps[89] - StillMotion.pushZoom) < 1e-9, "\(name)") }
            case .pan:
                #expect(Set(steps).count == 1, "\(name)")
                let dx = zip(centres, centres.dropFirst()).map { $1.x - $0.x }, dy = zip(centres, centres.dropFirst()).map { $1.y - $0.y }
                #expect(dx.allSatisfy { $0 >= 0 } && dy.allSatisfy { $0 >= 0 }, "\(name)")
                #expect(dx.contains { $0 > 0 } || dy.contains { $0 > 0 }, "\(name) should travel")
            case .none, .auto:
                #expect(Set(steps).count == 1 && centres.allSatisfy { $0 == centres[0] }, "\(name)")
            }
        }
    }

    @Test func theSameInputsGiveTheSameMotionAndItsKeyRoundTrips() throws {
        let plan = {
            StillMotion.plan(
                picture: (4032, 3024), destination: (1080, 1920), fit: .subject, mode: .auto, subjects: Self.together,
                interest: UnitPoint(x: 0.3, y: 0.6), frameCount: 75)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let first = try encoder.encode(plan()), second = try encoder.encode(plan())
        #expect(first == second)
        let decoded = try JSONDecoder().decode(StillMotion.self, from: first)
        #expect(decoded == plan())
        #expect((0..<75).map { decoded.view(at: $0) } == (0..<75).map { plan().view(at: $0) })
    }

    @Test func badSizesGiveAViewRatherThanACrash() {
        let motion = StillMotion.plan(
            picture: (0, 0), destination: (0, 0), fit: .contain, mode: .auto, subjects: [UnitRect(x: 2, y: -1, width: 0, height: 3)],
            interest: UnitPoint(x: .nan, y: 4), frameCount: 0)
        #expect(motion.view(at: 5).step.isFinite)
    }
}
