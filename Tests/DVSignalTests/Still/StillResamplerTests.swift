import DVSignal
import DVTestBasics
import Foundation
import Testing

/// The still resampler against pictures whose right answer is known: itself (identity scale at whole-pixel
/// offsets), a smooth pattern shifted analytically, a flat colour, and a pattern too fine for the
/// destination, which must come out as its mean whatever the sub-pixel offset (no aliasing, no shimmer).
@Suite struct StillResamplerTests {
    /// A plane of samples, row after row.
    struct Plane<Sample: CanvasSample> {
        var width: Int, height: Int
        var samples: [Sample]

        init(width: Int, height: Int, value: (Int, Int) -> Int) {
            self.width = width
            self.height = height
            samples = (0..<(width * height)).map { Sample(clamping: value($0 % width, $0 / width)) }
        }

        subscript(x: Int, y: Int) -> Int { Int(samples[y * width + x]) }

        /// This plane with `view` of `picture` drawn into it.
        func drawing(_ picture: Plane, view: StillView, maximum: Int) -> Plane {
            var result = self
            picture.samples.withUnsafeBufferPointer { source in
                result.samples.withUnsafeMutableBufferPointer { target in
                    StillResampler.draw(
                        source.baseAddress!, stride: picture.width, width: picture.width, height: picture.height,
                        into: target.baseAddress!, stride: width, view: view, maximum: maximum)
                }
            }
            return result
        }
    }

    static func identity<Sample: CanvasSample>(_: Sample.Type, largest: Int) {
        var random = SplitMix64(seed: 61)
        let picture = Plane<Sample>(width: 64, height: 48) { _, _ in Int.random(in: 0...largest, using: &random) }
        let blank = Plane<Sample>(width: 40, height: 30) { _, _ in 7 }
        let view = StillView(originX: 5, originY: -1, step: 1, rect: PixelRect(x: 2, y: 4, width: 34, height: 24))
        let drawn = blank.drawing(picture, view: view, maximum: largest)
        for y in 0..<30 {
            for x in 0..<40 {
                let expected = view.rect.contains(x: x, y: y) ? picture[x + 5, y - 1] : 7
                #expect(drawn[x, y] == expected, "(\(x), \(y))")
            }
        }
    }

    @Test func identityScaleAtWholePixelOffsetsCopiesThePictureExactly() {
        Self.identity(UInt8.self, largest: 255)
        Self.identity(UInt16.self, largest: 1023)
        Self.identity(UInt16.self, largest: 65535)
    }

    /// A smooth pattern: a slow sine across and a cosine down, about mid-grey.
    static func pattern(_ x: Double, _ y: Double, middle: Double, amplitude: Double) -> Double {
        middle + amplitude * sin(2 * Double.pi * x / 23) * cos(2 * Double.pi * y / 31)
    }

    @Test(arguments: [(0.3, 0.7), (0.5, 0.5), (-0.25, 0.125), (12.9, 3.01)])
    func aSubPixelShiftMatchesThePatternShiftedAnalytically(dx: Double, dy: Double) {
        for (largest, middle, amplitude, tolerance) in [(255, 128.0, 100.0, 1.5), (65535, 32768.0, 25600.0, 64.0)] {
            let picture = Plane<UInt16>(width: 96, height: 96) { x, y in
                Int(Self.pattern(Double(x), Double(y), middle: middle, amplitude: amplitude).rounded())
            }
            let view = StillView(originX: dx + 20, originY: dy + 20, step: 1, rect: PixelRect(x: 0, y: 0, width: 48, height: 48))
            let drawn = Plane<UInt16>(width: 48, height: 48) { _, _ in 0 }.drawing(picture, view: view, maximum: largest)
            var worst = 0.0
            for y in 0..<48 {
                for x in 0..<48 {
                    // Destination pixel x's centre shows the picture at sample coordinate originX + x.
                    let expected = Self.pattern(Double(x) + 20 + dx, Double(y) + 20 + dy, middle: middle, amplitude: amplitude)
                    worst = max(worst, abs(Double(drawn[x, y]) - expected))
                }
            }
            #expect(worst <= tolerance, "worst error \(worst) of \(amplitude) at (\(dx), \(dy))")
        }
    }

    @Test(arguments: [0.37, 1.0, 1.3, 2.0, 2.7])
    func aFlatColourStaysFlatAtEveryScaleAndOffset(step: Double) {
        let eight = Plane<UInt8>(width: 70, height: 50) { _, _ in 77 }
        let ten = Plane<UInt16>(width: 70, height: 50) { _, _ in 700 }
        let view = StillView(originX: 0.41, originY: 0.13, step: step, rect: PixelRect(x: 0, y: 0, width: 24, height: 16))
        #expect(Plane<UInt8>(width: 24, height: 16) { _, _ in 0 }.drawing(eight, view: view, maximum: 255).samples.allSatisfy { $0 == 77 })
        #expect(Plane<UInt16>(width: 24, height: 16) { _, _ in 0 }.drawing(ten, view: view, maximum: 1023).samples.allSatisfy { $0 == 700 })
    }

    @Test func aPatternTooFineToShowComesOutAsItsMeanAtEverySubPixelOffset() {
        // Stripes one picture pixel wide, shown at a half and at a third of their size: what is left must
        // be their mean and must not flicker as the view moves by fractions of a pixel.
        let stripes = Plane<UInt8>(width: 200, height: 40) { x, _ in x % 2 == 0 ? 40 : 200 }
        for step in [2.0, 3.0, 2.4] {
            for offset in stride(from: 0.0, to: 1, by: 0.125) {
                let view = StillView(originX: 20 + offset, originY: 0, step: step, rect: PixelRect(x: 0, y: 0, width: 40, height: 8))
                let drawn = Plane<UInt8>(width: 40, height: 8) { _, _ in 0 }.drawing(stripes, view: view, maximum: 255)
                #expect(drawn.samples.allSatisfy { abs(Int($0) - 120) <= 12 }, "step \(step) offset \(offset): \(drawn.samples.prefix(12))")
            }
        }
    }

    @Test func theSameViewGivesTheSameBytes() {
        var random = SplitMix64(seed: 7)
        let picture = Plane<UInt16>(width: 120, height: 90) { _, _ in Int.random(in: 0...1023, using: &random) }
        let view = StillView(originX: 3.217, originY: 1.5, step: 1.731, rect: PixelRect(x: 2, y: 2, width: 60, height: 44))
        let blank = Plane<UInt16>(width: 64, height: 48) { _, _ in 64 }
        #expect(blank.drawing(picture, view: view, maximum: 1023).samples == blank.drawing(picture, view: view, maximum: 1023).samples)
    }

    /// `view` of `picture` drawn into `destination` by the resampler's arithmetic written plainly: per axis the
    /// Catmull-Rom taps (widened by the step above 1, normalised in `Double`, then `Float`), a column's
    /// vertical sum tap after tap in order (zero weights skipped), then the horizontal sums four lanes wide
    /// in chunks of four taps, added as (lane 0 + lane 1) + (lane 2 + lane 3), clamped and rounded to even;
    /// edges repeated. The loops the resampler runs must write exactly these bytes.
    static func reference<Sample: CanvasSample>(_ picture: Plane<Sample>, into destination: Plane<Sample>, view: StillView, maximum: Int)
        -> Plane<Sample>
    {
        func taps(count: Int, first: Int, origin: Double, step: Double) -> (starts: [Int], weights: [[Float]]) {
            let scale = max(1, step), radius = 2 * max(1, step)
            let width = (Int((2 * radius).rounded(.up)) + 3) / 4 * 4
            var starts: [Int] = [], weights: [[Float]] = []
            for pixel in 0..<count {
                let centre = origin + (Double(first + pixel) + 0.5) * step - 0.5
                let start = Int((centre - radius).rounded(.down)) + 1
                let raw = (0..<width).map { tap -> Double in
                    let x = abs((Double(start + tap) - centre) / scale)
                    return x < 1 ? (1.5 * x - 2.5) * x * x + 1 : x < 2 ? ((-0.5 * x + 2.5) * x - 4) * x + 2 : 0
                }
                let sum = raw.reduce(0, +)
                starts.append(start)
                weights.append(raw.map { Float($0 / sum) })
            }
            return (starts, weights)
        }
        let rect = view.rect
        let columns = taps(count: rect.width, first: rect.x, origin: view.originX, step: view.step)
        let rows = taps(count: rect.height, first: rect.y, origin: view.originY, step: view.step)
        var result = destination
        for y in 0..<rect.height {
            func vertical(_ x: Int) -> Float {
                let column = min(max(x, 0), picture.width - 1)
                var sum: Float? = nil
                for (tap, weight) in rows.weights[y].enumerated() where weight != 0 {
                    let product = weight * Float(picture[column, min(max(rows.starts[y] + tap, 0), picture.height - 1)])
                    sum = sum.map { $0 + product } ?? product
                }
                return sum ?? 0
            }
            for x in 0..<rect.width {
                var lanes = [Float](repeating: 0, count: 4)
                for (tap, weight) in columns.weights[x].enumerated() {
                    let product = vertical(columns.starts[x] + tap) * weight
                    lanes[tap % 4] = tap < 4 ? product : lanes[tap % 4] + product
                }
                let sum = min(max((lanes[0] + lanes[1]) + (lanes[2] + lanes[3]), 0), Float(maximum))
                result.samples[(rect.y + y) * result.width + rect.x + x] = Sample(sum.rounded(.toNearestOrEven))
            }
        }
        return result
    }

    @Test(arguments: [0.61, 1.0, 1.04, 1.15, 1.333, 1.6, 2.7, 5.2])
    func theDrawWritesThePlainArithmeticsBytes(step: Double) {
        var random = SplitMix64(seed: 61)
        let eight = Plane<UInt8>(width: 97, height: 71) { _, _ in Int.random(in: 0...255, using: &random) }
        let ten = Plane<UInt16>(width: 97, height: 71) { _, _ in Int.random(in: 0...1023, using: &random) }
        for (x, y) in [(0.0, 0.0), (-3.3, 2.71), (9.125, -1.5), (17.0, 11.0)] {
            let view = StillView(originX: x, originY: y, step: step, rect: PixelRect(x: 2, y: 4, width: 40, height: 26))
            let blank8 = Plane<UInt8>(width: 44, height: 32) { _, _ in 9 }, blank10 = Plane<UInt16>(width: 44, height: 32) { _, _ in 90 }
            #expect(blank8.drawing(eight, view: view, maximum: 255).samples == Self.reference(eight, into: blank8, view: view, maximum: 255).samples)
            #expect(blank10.drawing(ten, view: view, maximum: 1023).samples == Self.reference(ten, into: blank10, view: view, maximum: 1023).samples)
        }
    }

    @Test func theChromaViewOfAWholePixelViewIsAWholePixelView() {
        let view = StillView(originX: 6, originY: -4, step: 1, rect: PixelRect(x: 2, y: 4, width: 34, height: 24))
        #expect(view.chroma == StillView(originX: 3, originY: -2, step: 1, rect: PixelRect(x: 1, y: 2, width: 17, height: 12)))
    }

    @Test func aViewNoMotionMakesDrawsNothingRatherThanCrash() {
        let picture = Plane<UInt8>(width: 8, height: 8) { _, _ in 200 }
        let blank = Plane<UInt8>(width: 8, height: 8) { _, _ in 9 }
        for (x, step) in [(Double.nan, 1.0), (1e300, 1.0), (0, 1e9), (0, 0), (0, -1), (-.infinity, 2)] {
            let view = StillView(originX: x, originY: 0, step: step, rect: PixelRect(x: 0, y: 0, width: 8, height: 8))
            #expect(blank.drawing(picture, view: view, maximum: 255).samples == blank.samples, "\(x), \(step)")
        }
    }
}
