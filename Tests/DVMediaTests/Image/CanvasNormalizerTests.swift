import DVMedia
import DVPlanning
import DVSignal
import DVTestSupport
import Foundation
import Testing

@Suite("CanvasNormalizer")
struct CanvasNormalizerTests {
    static let red = SRGBColour(red: 255, green: 0, blue: 0)

    @Test("background colours convert to limited-range BT.709")
    func backgroundColours() {
        #expect(SRGBColour.black.bt709Limited == YUVColor(y: 16, u: 128, v: 128))
        #expect(SRGBColour.white.bt709Limited == YUVColor(y: 235, u: 128, v: 128))
        #expect(Self.red.bt709Limited == YUVColor(y: 63, u: 102, v: 240))
    }

    @Test("contain letterboxes a wide picture on the background colour")
    func containLetterbox() throws {
        let normalizer = try CanvasNormalizer(canvasWidth: 160, canvasHeight: 160, fit: .contain, background: Self.red)
        let canvas = try normalizer.makeCanvas()
        let picture = try TestFrames.uniform(width: 160, height: 96, y: 200, u: 100, v: 150)
        try normalizer.normalize(picture, rotation: .none, into: canvas)
        // 160×96 fills 160 wide: bars of 32 rows above and below.
        #expect(TestFrames.values(canvas, plane: 0, columns: 0..<160, rows: 0..<32) == [63])
        #expect(TestFrames.values(canvas, plane: 0, columns: 0..<160, rows: 128..<160) == [63])
        #expect(TestFrames.values(canvas, plane: 1, columns: 0..<80, rows: 0..<16) == [102])
        #expect(TestFrames.values(canvas, plane: 2, columns: 0..<80, rows: 64..<80) == [240])
        #expect(TestFrames.values(canvas, plane: 0, columns: 0..<160, rows: 32..<128) == [200])
        #expect(TestFrames.values(canvas, plane: 1, columns: 0..<80, rows: 16..<64) == [100])
    }

    @Test("contain pillarboxes a tall picture, centred on even offsets")
    func containPillarbox() throws {
        let normalizer = try CanvasNormalizer(canvasWidth: 320, canvasHeight: 180, fit: .contain)
        let canvas = try normalizer.makeCanvas()
        let picture = try TestFrames.uniform(width: 90, height: 160, y: 180, u: 128, v: 128)
        try normalizer.normalize(picture, rotation: .none, into: canvas)
        // 90×160 → 102×180 (101.25 rounded to even), x = 109 → 108.
        #expect(TestFrames.values(canvas, plane: 0, columns: 0..<108, rows: 0..<180) == [16])
        #expect(TestFrames.values(canvas, plane: 0, columns: 108..<210, rows: 0..<180) == [180])
        #expect(TestFrames.values(canvas, plane: 0, columns: 210..<320, rows: 0..<180) == [16])
    }

    @Test("cover fills the canvas with the centre of the picture")
    func coverCropsCentre() throws {
        let normalizer = try CanvasNormalizer(canvasWidth: 160, canvasHeight: 160, fit: .cover, background: Self.red)
        let canvas = try normalizer.makeCanvas()
        let picture = try TestFrames.uniform(width: 320, height: 160, y: 50, u: 128, v: 128)
        for row in 0..<160 {
            (picture.plane(0) + row * picture.stride(0) + 80).update(repeating: 200, count: 160)
        }
        try normalizer.normalize(picture, rotation: .none, into: canvas)
        #expect(TestFrames.values(canvas, plane: 0, columns: 0..<160, rows: 0..<160) == [200])
        #expect(TestFrames.values(canvas, plane: 1, columns: 0..<80, rows: 0..<80) == [128])
    }

    @Test("blur puts a darkened copy of the picture where contain puts bars")
    func blurBackdrop() throws {
        let normalizer = try CanvasNormalizer(canvasWidth: 160, canvasHeight: 160, fit: .blur)
        let canvas = try normalizer.makeCanvas()
        let picture = try TestFrames.uniform(width: 160, height: 96, y: 200, u: 160, v: 96)
        try normalizer.normalize(picture, rotation: .none, into: canvas)
        // A uniform picture blurs to itself; luma keeps 140/256 of its distance from 16, chroma 200/256 from 128.
        #expect(TestFrames.values(canvas, plane: 0, columns: 0..<160, rows: 0..<32) == [116])
        #expect(TestFrames.values(canvas, plane: 1, columns: 0..<80, rows: 0..<16) == [153])
        #expect(TestFrames.values(canvas, plane: 2, columns: 0..<80, rows: 0..<16) == [103])
        #expect(TestFrames.values(canvas, plane: 0, columns: 0..<160, rows: 32..<128) == [200])
    }

    @Test(
        "a picture twice the canvas size is halved by averaging each 2×2 block",
        arguments: [(CanvasFit.contain, 72, 0), (.cover, 96, 12)])
    func halvedByBlockMeans(fit: CanvasFit, pictureWidth: Int, cropX: Int) throws {
        // A 36×20 canvas: luma rows of 36 and chroma rows of 18 take both the 16-sample steps and the
        // sample-by-sample tail. `cover` crops 12 columns off each side of the 96×40 picture first.
        let pattern = { (plane: Int, x: Int, y: Int) in UInt8((x * 37 + y * 91 + plane * 50) % 256) }
        let picture = try TestFrames.uniform(width: pictureWidth, height: 40, y: 0, u: 0, v: 0)
        for plane in 0..<3 {
            let (width, height) = TestFrames.size(picture, plane: plane)
            for y in 0..<height {
                for x in 0..<width { picture.plane(plane)[y * picture.stride(plane) + x] = pattern(plane, x, y) }
            }
        }
        let normalizer = try CanvasNormalizer(canvasWidth: 36, canvasHeight: 20, fit: fit)
        let canvas = try normalizer.makeCanvas()
        try normalizer.normalize(picture, rotation: .none, into: canvas)
        for plane in 0..<3 {
            let (width, height) = TestFrames.size(canvas, plane: plane)
            let left = plane == 0 ? cropX : cropX / 2
            for y in 0..<height {
                for x in 0..<width {
                    let block = [(0, 0), (1, 0), (0, 1), (1, 1)].map { Int(pattern(plane, left + 2 * x + $0.0, 2 * y + $0.1)) }
                    let expected = UInt8((block.reduce(0, +) + 2) / 4)
                    #expect(TestFrames.sample(canvas, plane: plane, x: x, y: y) == expected, "plane \(plane) at \(x),\(y)")
                }
            }
        }
    }

    @Test(
        "rotated pictures come out upright",
        arguments: [
            (FrameRotation.clockwise90, "right"), (.counterClockwise90, "left"), (.upsideDown, "bottom"), (.none, "top")
        ])
    func rotation(rotation: FrameRotation, brightSide: String) throws {
        // A 160×96 picture whose top half is white.
        let picture = try TestFrames.uniform(width: 160, height: 96, y: 16, u: 128, v: 128)
        (picture.plane(0)).update(repeating: 235, count: picture.stride(0) * 48)
        let shown = rotation.swapsAxes ? (96, 160) : (160, 96)
        let normalizer = try CanvasNormalizer(canvasWidth: shown.0, canvasHeight: shown.1, fit: .contain)
        let canvas = try normalizer.makeCanvas()
        try normalizer.normalize(picture, rotation: rotation, into: canvas)
        let (w, h) = shown
        let probes = ["left": (4, h / 2), "right": (w - 5, h / 2), "top": (w / 2, 4), "bottom": (w / 2, h - 5)]
        for (side, point) in probes {
            let value = TestFrames.sample(canvas, plane: 0, x: point.0, y: point.1)
            let opposite = ["left": "right", "right": "left", "top": "bottom", "bottom": "top"][brightSide]!
            if side == brightSide {
                #expect(value == 235, "\(rotation) \(side)")
            } else if side == opposite {
                #expect(value == 16, "\(rotation) \(side)")
            }
        }
    }

    @Test(
        "a decoded rotated, 10-bit HEVC clip is fitted upright",
        .enabled(if: EncoderAvailability.check().contains { $0.name == "libx265" && $0.available }))
    func decodedRotatedTenBit() throws {
        let scratch = try TestMedia.makeFolder()
        let folder = scratch.url
        let url = folder.appendingPathComponent("portrait.mp4")
        try TestMedia.writeClip(to: url, codec: .hevc, width: 160, height: 96, count: 3, tenBit: true, rotationClockwise: 90) { frame, _ in
            TestMedia.fill10Bit(frame, y: 64, u: 512, v: 512)
            let rowBytes = frame.stride(0) / 2
            UnsafeMutableRawPointer(frame.plane(0)).bindMemory(to: UInt16.self, capacity: rowBytes * 48)
                .update(repeating: 940, count: rowBytes * 48)
        }
        let reader = try ClipReader(.file(url.path), start: 0, duration: 0.1, outputFPS: 30, threads: 1)
        let normalizer = try CanvasNormalizer(canvasWidth: 320, canvasHeight: 180, fit: .contain)
        let canvas = try normalizer.makeCanvas()
        let frame = try #require(try reader.next())
        try normalizer.normalize(frame.picture, rotation: reader.rotation, into: canvas)
        // Shown 96×160 → 108×180 at x = 106: white on its right half, black on its left.
        #expect(abs(Int(TestFrames.sample(canvas, plane: 0, x: 200, y: 90)) - 235) <= 2)
        #expect(abs(Int(TestFrames.sample(canvas, plane: 0, x: 120, y: 90)) - 16) <= 2)
        #expect(TestFrames.sample(canvas, plane: 0, x: 20, y: 90) == 16)
    }
}
