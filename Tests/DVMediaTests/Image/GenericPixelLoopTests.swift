import DVMedia
import DVPlanning
import DVSignal
import DVTestBasics
import Testing

/// The pixel loops written once for both canvas formats (paste, text masks, overlay pictures, a still's view) against a
/// straightforward per-sample reference: an 8-bit frame moves by 1/255 steps, a 10-bit one by the steps
/// its own loop had before (1/65 536 for a paste).
@Suite struct GenericPixelLoopTests {
    static let width = 32, height = 18

    /// `old` moved towards `value` by `weight`/`total`, rounded to the nearest code.
    static func mix(_ old: Int, _ value: Int, weight: Int, of total: Int) -> Int {
        let change = (value - old) * weight
        return old + (change >= 0 ? change + (total - 1) / 2 : change - (total - 1) / 2) / total
    }

    /// A frame of `format` filled with seeded noise.
    static func noise(_ format: CanvasFormat, seed: UInt64) throws -> VideoFrame {
        let frame = try VideoFrame(width: width, height: height, format: format)
        var random = SplitMix64(seed: seed)
        for plane in 0..<3 {
            let (columns, rows) = plane == 0 ? (width, height) : (width / 2, height / 2)
            for row in 0..<rows {
                for column in 0..<columns {
                    set(frame, plane, column, row, Int.random(in: 0..<(1 << format.bitDepth), using: &random))
                }
            }
        }
        return frame
    }

    static func sample(_ frame: VideoFrame, _ plane: Int, _ x: Int, _ y: Int) -> Int {
        let line = frame.plane(plane) + y * frame.stride(plane)
        return frame.canvasFormat == .hlg10 ? Int(line[2 * x]) | Int(line[2 * x + 1]) << 8 : Int(line[x])
    }

    static func set(_ frame: VideoFrame, _ plane: Int, _ x: Int, _ y: Int, _ value: Int) {
        let line = frame.plane(plane) + y * frame.stride(plane)
        if frame.canvasFormat == .hlg10 {
            line[2 * x] = UInt8(value & 0xFF)
            line[2 * x + 1] = UInt8(value >> 8)
        } else {
            line[x] = UInt8(value)
        }
    }

    @Test(
        "a still's view at identity scale and an even offset copies all three planes, and nothing outside its rectangle",
        arguments: CanvasFormat.allCases)
    func stillView(format: CanvasFormat) throws {
        let picture = try Self.noise(format, seed: 3), target = try Self.noise(format, seed: 4), before = try Self.noise(format, seed: 4)
        let view = StillView(originX: 6, originY: -2, step: 1, rect: PixelRect(x: 2, y: 4, width: 20, height: 10))
        try target.draw(picture, view: view)
        for plane in 0..<3 {
            let shift = plane == 0 ? 0 : 1
            for y in 0..<(Self.height >> shift) {
                for x in 0..<(Self.width >> shift) {
                    let inside = view.rect.contains(x: x << shift, y: y << shift)
                    let expected = inside ? Self.sample(picture, plane, x + (6 >> shift), y - (2 >> shift)) : Self.sample(before, plane, x, y)
                    #expect(Self.sample(target, plane, x, y) == expected, "plane \(plane) (\(x), \(y))")
                }
            }
        }
    }

    @Test("a paste mixes every sample as the per-sample reference does, in both formats", arguments: CanvasFormat.allCases)
    func paste(format: CanvasFormat) throws {
        let unit = format == .sdr8 ? 255 : 65_536
        for opacity in [0.0, 0.3, 0.75, 1.0] {
            let target = try Self.noise(format, seed: 1), picture = try VideoFrame(width: 12, height: 8, format: format)
            let source = try Self.noise(format, seed: 2)
            try picture.place(source, centredIn: PixelRect(x: 0, y: 0, width: 12, height: 8))
            let before = try Self.noise(format, seed: 1)
            let (x, y) = (24, 4)
            target.paste(picture, x: x, y: y, opacity: opacity)
            let weight = Int((opacity * Double(unit)).rounded())
            for plane in 0..<3 {
                let shift = plane == 0 ? 0 : 1
                for row in 0..<(Self.height >> shift) {
                    for column in 0..<(Self.width >> shift) {
                        let px = column - (x >> shift), py = row - (y >> shift)
                        let inside = px >= 0 && py >= 0 && px < (12 >> shift) && py < (8 >> shift)
                        let old = Self.sample(before, plane, column, row)
                        let expected =
                            inside ? Self.mix(old, Self.sample(picture, plane, px, py), weight: weight, of: unit) : old
                        #expect(
                            Self.sample(target, plane, column, row) == expected, "\(format) plane \(plane) at \(column),\(row), opacity \(opacity)")
                    }
                }
            }
        }
    }

    @Test("a text mask in a colour moves luma by its coverage, as the reference, in both formats", arguments: CanvasFormat.allCases)
    func textMask(format: CanvasFormat) throws {
        let frame = try Self.noise(format, seed: 3), before = try Self.noise(format, seed: 3)
        var mask = TextMask(width: 10, height: 6)
        for my in 0..<6 {
            for mx in 0..<10 { mask[mx, my] = UInt8((my * 10 + mx) * 4 % 256) }
        }
        let colour = SRGBColour(red: 200, green: 40, blue: 90)
        let codes = colour.codes(on: format)
        switch format {
        case .sdr8: frame.blend(mask, x: 3, y: 5, color: colour.bt709Limited)
        case .hlg10: frame.blend(mask, x: 3, y: 5, color: colour.hlg10)
        }
        for row in 0..<Self.height {
            for column in 0..<Self.width {
                let mx = column - 3, my = row - 5
                let coverage = mx >= 0 && my >= 0 && mx < 10 && my < 6 ? Int(mask[mx, my]) : 0
                let old = Self.sample(before, 0, column, row)
                let expected =
                    coverage == 0
                    ? old
                    : format == .sdr8
                        ? Self.mix(old, Int(codes.x), weight: coverage, of: 255)
                        : Self.mix(old, Int(codes.x), weight: coverage * 256, of: 255 * 256)
                #expect(Self.sample(frame, 0, column, row) == expected, "\(format) luma at \(column),\(row)")
            }
        }
    }
}
