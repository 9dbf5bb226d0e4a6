import Testing

@testable import DVSignal

/// The subject's window moved into a covering crop, through each of the stream's rotations: the part of the
/// stored picture kept, turned upright, starts where the window's edge says.
@Suite("subject crop through rotations")
struct SubjectCropTests {
    /// The turn that undoes `rotation`.
    static func inverse(_ rotation: FrameRotation) -> FrameRotation {
        switch rotation {
        case .clockwise90: .counterClockwise90
        case .counterClockwise90: .clockwise90
        default: rotation
        }
    }

    @Test(
        "a 96 × 54 upright picture whose columns hold their own number, in a tall frame: the kept part turned upright starts at the window's edge",
        arguments: FrameRotation.allCases)
    func edges(rotation: FrameRotation) {
        let (shownWidth, shownHeight) = (96, 54)
        let upright = (0..<shownHeight).flatMap { _ in (0..<shownWidth).map { UInt8($0) } }
        let (width, height) = rotation.swapsAxes ? (shownHeight, shownWidth) : (shownWidth, shownHeight)
        var stored = [UInt8](repeating: 0, count: width * height)
        upright.withUnsafeBufferPointer { source in
            stored.withUnsafeMutableBufferPointer { target in
                PlaneRotation.rotate(
                    source.baseAddress!, stride: shownWidth, width: shownWidth, height: shownHeight,
                    into: target.baseAddress!, stride: width, rotation: Self.inverse(rotation))
            }
        }
        for edge in [0, 1_250, 5_000, 6_800] {
            var placement = CanvasPlacement(
                width: width, height: height, sampleAspect: 1, rotation: rotation, canvasWidth: 36, canvasHeight: 64, cover: true, alignment: 2
            )
            placement.moveCrop(toShownEdge: edge, of: SubjectFraming.scale, width: width, height: height, rotation: rotation, alignment: 2)
            // The kept part, cut out of the stored picture and turned upright.
            var kept: [UInt8] = []
            for row in placement.cropY..<(placement.cropY + placement.cropHeight) {
                kept += stored[(row * width + placement.cropX)..<(row * width + placement.cropX + placement.cropWidth)]
            }
            let (keptWidth, keptHeight) =
                rotation.swapsAxes ? (placement.cropHeight, placement.cropWidth) : (placement.cropWidth, placement.cropHeight)
            var turned = [UInt8](repeating: 0, count: keptWidth * keptHeight)
            kept.withUnsafeBufferPointer { source in
                turned.withUnsafeMutableBufferPointer { target in
                    PlaneRotation.rotate(
                        source.baseAddress!, stride: placement.cropWidth, width: placement.cropWidth, height: placement.cropHeight,
                        into: target.baseAddress!, stride: keptWidth, rotation: rotation)
                }
            }
            let wanted = shownWidth * edge / SubjectFraming.scale
            #expect(
                abs(Int(turned[0]) - wanted) <= 2, "edge \(edge): the kept part starts at column \(turned[0]) of the upright picture, not \(wanted)")
            #expect(turned[keptWidth - 1] == turned[0] + UInt8(keptWidth - 1), "the kept columns run left to right")
        }
    }

    @Test("an edge past the end keeps the window inside the picture")
    func clamped() {
        var placement = CanvasPlacement(
            width: 1920, height: 1080, sampleAspect: 1, rotation: .none, canvasWidth: 1080, canvasHeight: 1920, cover: true, alignment: 2)
        placement.moveCrop(toShownEdge: SubjectFraming.scale, of: SubjectFraming.scale, width: 1920, height: 1080, rotation: .none, alignment: 2)
        #expect(placement.cropX + placement.cropWidth == 1920)
    }
}
