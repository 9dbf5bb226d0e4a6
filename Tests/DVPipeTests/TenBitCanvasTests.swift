import DVMedia
import DVPlanning
import DVSignal
import DVTestBasics
import Testing

/// The pixel primitives on 10-bit (yuv420p10le) canvas frames: transitions, placing and pasting, text and
/// rectangles, rotation and the backdrop's blur, at full 10-bit precision and agreeing with the 8-bit paths.
@Suite("TenBitCanvas")
struct TenBitCanvasTests {
    static let width = 48, height = 32

    // MARK: Frames

    /// A plane's size in samples.
    static func size(_ frame: VideoFrame, plane: Int) -> (width: Int, height: Int) {
        plane == 0 ? (frame.width, frame.height) : (frame.width / 2, frame.height / 2)
    }

    /// The start of row `row` of plane `plane` of a 10-bit frame.
    static func row(_ frame: VideoFrame, plane: Int, _ row: Int) -> UnsafeMutablePointer<UInt16> {
        UnsafeMutableRawPointer(frame.plane(plane) + row * frame.stride(plane)).assumingMemoryBound(to: UInt16.self)
    }

    /// Every visible sample of a 10-bit frame, plane by plane, row by row.
    static func samples(_ frame: VideoFrame) -> [[UInt16]] {
        (0..<3).map { plane in
            let (width, height) = size(frame, plane: plane)
            return (0..<height).flatMap { y in (0..<width).map { row(frame, plane: plane, y)[$0] } }
        }
    }

    /// Every visible sample of an 8-bit frame, plane by plane, row by row.
    static func bytes(_ frame: VideoFrame) -> [[UInt8]] {
        (0..<3).map { plane in
            let (width, height) = size(frame, plane: plane)
            return (0..<height).flatMap { y in (0..<width).map { frame.plane(plane)[y * frame.stride(plane) + $0] } }
        }
    }

    /// A 10-bit frame whose samples are `value(plane, x, y)`.
    static func tenBit(width: Int = width, height: Int = height, _ value: (Int, Int, Int) -> UInt16) throws -> VideoFrame {
        let frame = try VideoFrame(width: width, height: height, format: .hlg10)
        for plane in 0..<3 {
            let (columns, rows) = size(frame, plane: plane)
            for y in 0..<rows {
                for x in 0..<columns { row(frame, plane: plane, y)[x] = value(plane, x, y) }
            }
        }
        return frame
    }

    /// An 8-bit frame whose samples are `value(plane, x, y)`.
    static func eightBit(width: Int = width, height: Int = height, _ value: (Int, Int, Int) -> UInt8) throws -> VideoFrame {
        let frame = try VideoFrame(width: width, height: height)
        for plane in 0..<3 {
            let (columns, rows) = size(frame, plane: plane)
            for y in 0..<rows {
                for x in 0..<columns { frame.plane(plane)[y * frame.stride(plane) + x] = value(plane, x, y) }
            }
        }
        return frame
    }

    /// Random 10-bit limited-range content (odd codes included, so lost low bits show).
    static func randomTenBit(seed: UInt64) throws -> VideoFrame {
        var generator = SplitMix64(seed: seed)
        return try tenBit { plane, _, _ in UInt16.random(in: plane == 0 ? 64...940 : 64...960, using: &generator) }
    }

    // MARK: Transitions

    @Test("every style gives exactly A at p = 0 and exactly B at p = 1", arguments: TransitionStyle.allCases)
    func endpoints(style: TransitionStyle) throws {
        let a = try Self.randomTenBit(seed: 1), b = try Self.randomTenBit(seed: 2)
        for (progress, expected) in [(0.0, a), (1.0, b)] {
            let output = try VideoFrame(width: Self.width, height: Self.height, format: .hlg10)
            try style.render(from: a, to: b, progress: progress, into: output)
            #expect(Self.samples(output) == Self.samples(expected), "\(style) at \(progress)")
        }
    }

    @Test("a 10-bit crossfade half way is within one code of the exact mean")
    func crossfadeMidpoint() throws {
        let a = try Self.randomTenBit(seed: 3), b = try Self.randomTenBit(seed: 4)
        let output = try VideoFrame(width: Self.width, height: Self.height, format: .hlg10)
        try TransitionStyle.crossfade.render(from: a, to: b, progress: 0.5, into: output)
        let (first, second, mixed) = (Self.samples(a), Self.samples(b), Self.samples(output))
        for plane in 0..<3 {
            let worst = mixed[plane].indices.map { abs(2 * Double(mixed[plane][$0]) - Double(first[plane][$0]) - Double(second[plane][$0])) / 2 }
                .max()
            #expect(worst.map { $0 <= 1 } == true, "plane \(plane) is \(worst ?? -1) codes from the mean")
        }
    }

    @Test("a 10-bit fade reaches 10-bit black (64, 512, 512) half way")
    func fadeReachesBlack() throws {
        let output = try VideoFrame(width: Self.width, height: Self.height, format: .hlg10)
        try TransitionStyle.fade.render(from: try Self.randomTenBit(seed: 5), to: try Self.randomTenBit(seed: 6), progress: 0.5, into: output)
        let planes = Self.samples(output)
        #expect(Set(planes[0]) == [64])
        #expect(Set(planes[1]) == [512] && Set(planes[2]) == [512])
    }

    @Test("a 10-bit crossfade of 8-bit content shifted up is the 8-bit crossfade times 4, within 4 codes", arguments: [0.1, 0.37, 0.5, 0.83])
    func crossfadeMatchesEightBit(progress: Double) throws {
        var generator = SplitMix64(seed: 7)
        let values = (0..<6).map { _ in (0..<(Self.width * Self.height)).map { _ in UInt8.random(in: 16...240, using: &generator) } }
        let content = { (frame: Int) in { (plane: Int, x: Int, y: Int) in values[frame * 3 + plane][y * Self.width + x] } }
        let a8 = try Self.eightBit(content(0)), b8 = try Self.eightBit(content(1))
        let a10 = try Self.tenBit { UInt16(content(0)($0, $1, $2)) << 2 }, b10 = try Self.tenBit { UInt16(content(1)($0, $1, $2)) << 2 }
        let out8 = try VideoFrame(width: Self.width, height: Self.height)
        let out10 = try VideoFrame(width: Self.width, height: Self.height, format: .hlg10)
        try TransitionStyle.crossfade.render(from: a8, to: b8, progress: progress, into: out8)
        try TransitionStyle.crossfade.render(from: a10, to: b10, progress: progress, into: out10)
        let (shallow, deep) = (Self.bytes(out8), Self.samples(out10))
        for plane in 0..<3 {
            let worst = zip(shallow[plane], deep[plane]).map { abs(Int($0) * 4 - Int($1)) }.max() ?? .max
            #expect(worst <= 4, "plane \(plane): \(worst) codes apart")
        }
    }

    @Test("a transition refuses frames of different depths")
    func transitionNeedsOneDepth() throws {
        let a = try VideoFrame(width: Self.width, height: Self.height), b = try Self.randomTenBit(seed: 8)
        let output = try VideoFrame(width: Self.width, height: Self.height, format: .hlg10)
        #expect(throws: MediaError.self) { try TransitionStyle.crossfade.render(from: a, to: b, progress: 0.5, into: output) }
    }

    // MARK: Rotation, blur

    @Test("turning a 10-bit plane moves the same samples as turning the 8-bit one, low bits and all", arguments: FrameRotation.allCases)
    func rotation(rotation: FrameRotation) throws {
        var generator = SplitMix64(seed: 9)
        let values = (0..<(Self.width * Self.height)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let shallow = try Self.eightBit { _, x, y in values[y * Self.width + x] }
        // The 10-bit samples carry the 8-bit value in their top bits and its own low bits below, so a
        // sample read from the wrong place or with its low bits cut shows.
        let deep = try Self.tenBit { _, x, y in UInt16(values[y * Self.width + x]) << 2 | UInt16(values[y * Self.width + x] & 3) }
        let (width, height) = rotation.swapsAxes ? (Self.height, Self.width) : (Self.width, Self.height)
        let turned8 = try VideoFrame(width: width, height: height), turned10 = try VideoFrame(width: width, height: height, format: .hlg10)
        for plane in 0..<3 {
            let (columns, rows) = Self.size(shallow, plane: plane)
            PlaneRotation.rotate(
                shallow.plane(plane), stride: shallow.stride(plane), width: columns, height: rows,
                into: turned8.plane(plane), stride: turned8.stride(plane), rotation: rotation)
            PlaneRotation.rotate(
                Self.row(deep, plane: plane, 0), stride: deep.stride(plane) / 2, width: columns, height: rows,
                into: Self.row(turned10, plane: plane, 0), stride: turned10.stride(plane) / 2, rotation: rotation)
        }
        let expected = Self.bytes(turned8).map { $0.map { UInt16($0) << 2 | UInt16($0 & 3) } }
        #expect(Self.samples(turned10) == expected)
    }

    @Test("the backdrop's blur keeps a flat 10-bit plane flat, and its darkening scales towards 64 and 512")
    func blur() throws {
        let frame = try Self.tenBit { plane, _, _ in plane == 0 ? 601 : 700 }
        let blur = PlaneBlur()
        for plane in 0..<3 {
            let (columns, rows) = Self.size(frame, plane: plane)
            blur.blur(Self.row(frame, plane: plane, 0), stride: frame.stride(plane) / 2, width: columns, height: rows, radius: 3)
        }
        var planes = Self.samples(frame)
        #expect(Set(planes[0]) == [601] && Set(planes[1]) == [700] && Set(planes[2]) == [700])
        for plane in 0..<3 {
            let (columns, rows) = Self.size(frame, plane: plane)
            PlaneBlur.scale(
                Self.row(frame, plane: plane, 0), stride: frame.stride(plane) / 2, width: columns, height: rows,
                neutral: plane == 0 ? 64 : 512, factor: 128)
        }
        planes = Self.samples(frame)
        // Half the distance from the neutral value: 64 + 537 / 2 and 512 + 188 / 2, rounded down.
        #expect(Set(planes[0]) == [332] && Set(planes[1]) == [606] && Set(planes[2]) == [606])
    }

    // MARK: Placing, pasting

    @Test("pasting at opacity 1 copies the 10-bit picture exactly, at 0 leaves the canvas exactly")
    func paste() throws {
        let picture = try Self.randomTenBit(seed: 10)
        let canvasWidth = 64, canvasHeight = 40, x = 20, y = 14
        for opacity in [1.0, 0.0] {
            let canvas = try Self.tenBit(width: canvasWidth, height: canvasHeight) { plane, cx, cy in UInt16(101 + 2 * plane + cx + cy) }
            let before = Self.samples(canvas)
            canvas.paste(picture, x: x, y: y, opacity: opacity)
            let after = Self.samples(canvas), pasted = Self.samples(picture)
            for plane in 0..<3 {
                let shift = plane == 0 ? 0 : 1
                let (columns, rows) = Self.size(canvas, plane: plane), pictureColumns = Self.size(picture, plane: plane).width
                var wrong = 0
                for cy in 0..<rows {
                    for cx in 0..<columns {
                        let (px, py) = (cx - (x >> shift), cy - (y >> shift))
                        let inside = px >= 0 && py >= 0 && px < pictureColumns && py < Self.size(picture, plane: plane).height
                        let expected = inside && opacity == 1 ? pasted[plane][py * pictureColumns + px] : before[plane][cy * columns + cx]
                        if after[plane][cy * columns + cx] != expected { wrong += 1 }
                    }
                }
                #expect(wrong == 0, "plane \(plane) at opacity \(opacity)")
            }
        }
    }

    @Test("placing a 10-bit picture copies its samples; a picture of the other depth is refused")
    func place() throws {
        let picture = try Self.randomTenBit(seed: 11)
        let canvas = try VideoFrame(width: 96, height: 64, format: .hlg10)
        canvas.fillTenBit(y: 65, u: 511, v: 513)
        try canvas.place(picture, centredIn: PixelRect(x: 0, y: 0, width: 96, height: 64))
        let (placed, source) = (Self.samples(canvas), Self.samples(picture))
        // Centred: the picture's top-left corner lands at (24, 16).
        let window: [UInt16] = (0..<Self.height).flatMap { (y: Int) -> ArraySlice<UInt16> in
            let start = (16 + y) * 96 + 24
            return placed[0][start..<(start + Self.width)]
        }
        #expect(window == source[0])
        #expect(placed[0][0] == 65 && placed[1][0] == 511 && placed[2][0] == 513)
        #expect(throws: MediaError.self) {
            try canvas.place(try VideoFrame(width: 16, height: 16), centredIn: PixelRect(x: 0, y: 0, width: 96, height: 64))
        }
    }

    // MARK: Drawing

    /// A mask over the frame's top-left 20×12 pixels: fully covered 2×2 blocks in its left half, a ramp of
    /// partial coverage in its right half, and nothing in its bottom rows.
    static func mask() -> TextMask {
        var mask = TextMask(width: 20, height: 12)
        for y in 0..<8 {
            for x in 0..<10 { mask[x, y] = 255 }
            for x in 10..<20 { mask[x, y] = UInt8(x * 12) }
        }
        return mask
    }

    /// A 10-bit frame whose every sample has odd low bits (…01 or …11), as no 8-bit value times 4 has.
    static func oddFrame() throws -> VideoFrame {
        try tenBit { plane, x, y in UInt16(plane == 0 ? 301 : 503) + UInt16((x + y) % 2) * 2 }
    }

    @Test("a 10-bit colour blended through a mask: full coverage gives the colour, no coverage keeps every bit")
    func blendTenBitColour() throws {
        let frame = try Self.oddFrame(), before = Self.samples(try Self.oddFrame())
        let color = YUV10Color(y: 877, u: 301, v: 799)
        frame.blend(Self.mask(), x: 0, y: 0, color: color)
        let after = Self.samples(frame)
        // Luma: columns 0..<10 of rows 0..<8 are the colour; the ramp lies between; rows 8... and columns 20... are as they were.
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let index = y * Self.width + x
                if y < 8 && x < 10 {
                    #expect(after[0][index] == color.y)
                } else if y >= 8 || x >= 20 {
                    #expect(after[0][index] == before[0][index], "luma (\(x), \(y)) was not covered")
                } else {
                    let coverage = Double(x * 12) / 255, old = Double(before[0][index])
                    #expect(abs(Double(after[0][index]) - (old + (Double(color.y) - old) * coverage)) <= 0.5 + 1e-9)
                }
            }
        }
        let chromaWidth = Self.width / 2
        for y in 0..<(Self.height / 2) {
            for x in 0..<chromaWidth {
                let index = y * chromaWidth + x
                if y < 4 && x < 5 {
                    #expect(after[1][index] == color.u && after[2][index] == color.v)
                } else if y >= 4 || x >= 10 {
                    #expect(after[1][index] == before[1][index] && after[2][index] == before[2][index], "chroma (\(x), \(y)) was not covered")
                }
            }
        }
    }

    @Test("an 8-bit colour blended into a 10-bit frame leaves the samples it does not cover bit-exact")
    func blendEightBitColourKeepsLowBits() throws {
        let frame = try Self.oddFrame(), before = Self.samples(try Self.oddFrame())
        frame.blend(Self.mask(), x: 0, y: 0, color: YUVColor(y: 200, u: 90, v: 170))
        let after = Self.samples(frame)
        #expect(after[0][0] == 800 && after[1][0] == 360 && after[2][0] == 680)
        for y in 8..<Self.height {
            #expect(Array(after[0][(y * Self.width)..<((y + 1) * Self.width)]) == Array(before[0][(y * Self.width)..<((y + 1) * Self.width)]))
        }
        for y in 4..<(Self.height / 2) {
            let row = (y * Self.width / 2)..<((y + 1) * Self.width / 2)
            #expect(Array(after[1][row]) == Array(before[1][row]) && Array(after[2][row]) == Array(before[2][row]))
        }
    }

    @Test("a 10-bit rectangle fill paints exact codes, chroma for every block it touches")
    func fillRectangle() throws {
        let frame = try Self.oddFrame(), before = Self.samples(try Self.oddFrame())
        frame.fill(YUV10Color(y: 941, u: 63, v: 1001), x: 3, y: 5, width: 6, height: 4)
        let after = Self.samples(frame)
        for y in 0..<Self.height {
            for x in 0..<Self.width {
                let inside = (3..<9).contains(x) && (5..<9).contains(y)
                #expect(after[0][y * Self.width + x] == (inside ? 941 : before[0][y * Self.width + x]))
            }
        }
        // Chroma columns 1..<5, rows 2..<5: the blocks luma columns 3..<9 and rows 5..<9 touch.
        let chromaWidth = Self.width / 2
        var painted: [(x: Int, y: Int)] = []
        for y in 0..<(Self.height / 2) {
            for x in 0..<chromaWidth where after[1][y * chromaWidth + x] == 63 { painted.append((x, y)) }
        }
        #expect(painted.count == 12 && painted.allSatisfy { (1..<5).contains($0.x) && (2..<5).contains($0.y) })
    }
}
