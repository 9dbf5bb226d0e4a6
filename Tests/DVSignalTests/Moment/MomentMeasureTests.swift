import DVSignal
import Foundation
import Testing

/// The measures of a moment on pictures and sounds made for them: each one tells the good from the poor.
@Suite struct MomentMeasureTests {
    /// A 64×48 texture of pseudo-random levels 40…215, moved by `shift`.
    static func checkerboard(shift: (x: Int, y: Int) = (0, 0), width: Int = 64, height: Int = 48) -> LumaProxy {
        let samples = (0..<(width * height)).map { index -> UInt8 in
            let x = index % width - shift.x, y = index / width - shift.y
            var seed = UInt32(truncatingIfNeeded: (x &+ 1000) &* 73_856_093 ^ (y &+ 1000) &* 19_349_663)
            seed = seed &* 1_103_515_245 &+ 12345
            return UInt8(40 + (seed >> 16) % 176)
        }
        return LumaProxy(width: width, height: height, samples: samples)
    }

    static func flat(_ level: UInt8) -> LumaProxy {
        LumaProxy(width: 64, height: 48, samples: Array(repeating: level, count: 64 * 48))
    }

    @Test("sharpness: detail scores high, a flat picture 0; exposure: mid-grey high, black 0")
    func stills() {
        let sharp = MomentMeasure.still(Self.checkerboard())
        let flat = MomentMeasure.still(Self.flat(120))
        let black = MomentMeasure.still(Self.flat(16))
        #expect(sharp.sharpness > 0.9 && flat.sharpness == 0)
        #expect(flat.exposure > 0.95 && black.exposure == 0)
    }

    @Test("steadiness falls with the whole picture's shift; motion is what differs once aligned")
    func changes() {
        let still = MomentMeasure.change(from: Self.checkerboard(), to: Self.checkerboard())
        #expect(still.steadiness == 1 && still.motion == 0)
        let shaken = MomentMeasure.change(from: Self.checkerboard(), to: Self.checkerboard(shift: (2, 1)))
        #expect(shaken.steadiness == ((1 / (1 + 5.0.squareRoot())) * 1000).rounded() / 1000, "a (2, 1) shift: \(shaken)")
        #expect(shaken.motion == 0, "aligned, nothing else moved")
        var moved = Self.checkerboard().samples
        for row in 20..<30 { for column in 20..<40 { moved[row * 64 + column] = 250 } }
        let subject = MomentMeasure.change(from: Self.checkerboard(), to: LumaProxy(width: 64, height: 48, samples: moved))
        #expect(subject.steadiness == 1 && subject.motion > 0.5, "\(subject)")
    }

    @Test("sound: a tone at −18 dBFS scores high, silence 0, a 40 Hz rumble low")
    func sounds() {
        let rate = 48_000
        let tone = (0..<24_000).map { Float(0.126 * sin(2 * Double.pi * 440 * Double($0) / Double(rate))) }
        let rumble = (0..<24_000).map { Float(0.126 * sin(2 * Double.pi * 40 * Double($0) / Double(rate))) }
        #expect(MomentMeasure.sound(tone[...], sampleRate: rate) > 0.9)
        #expect(MomentMeasure.sound(Array(repeating: 0, count: 24_000)[...], sampleRate: rate) == 0)
        #expect(MomentMeasure.sound(rumble[...], sampleRate: rate) < 0.3)
    }

    @Test("a proxy averages square blocks of 8-bit or 10-bit luma into at most 160 samples a row")
    func proxies() {
        var plane = [UInt8](repeating: 0, count: 640 * 4 * 2)
        for column in 0..<640 {
            let value = UInt16(column < 320 ? 400 : 800)
            for row in 0..<4 {
                plane[(row * 640 + column) * 2] = UInt8(value & 0xFF)
                plane[(row * 640 + column) * 2 + 1] = UInt8(value >> 8)
            }
        }
        let proxy = plane.withUnsafeBufferPointer { pointer in
            LumaProxy(plane: pointer.baseAddress!, stride: 640 * 2, width: 640, height: 4, bytesPerSample: 2, bits: 10)
        }
        #expect(proxy.width == 160 && proxy.height == 1)
        #expect(proxy.samples.first == 100 && proxy.samples.last == 200)
    }
}
