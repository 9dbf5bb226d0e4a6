import DVMedia
import DVPlanning
import DVSignal

/// Pictures made by code for judging a look: a sky, a sun, ground, a face's skin tone and a grey ramp,
/// in three lights (day, dusk, indoors), as 8-bit BT.709 limited-range frames.
package enum SampleScene: CaseIterable, Sendable {
    case day, dusk, indoors

    /// The scene at `width`×`height` (both even).
    package func frame(width: Int, height: Int) throws -> VideoFrame {
        let frame = try VideoFrame(width: width, height: height)
        let luma = frame.plane(0), cb = frame.plane(1), cr = frame.plane(2)
        for blockY in 0..<(height / 2) {
            for blockX in 0..<(width / 2) {
                var u = 0, v = 0
                for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let x = blockX * 2 + dx, y = blockY * 2 + dy
                    let yuv = colour(x: Double(x) / Double(width), y: Double(y) / Double(height)).bt709Limited
                    luma[y * frame.stride(0) + x] = yuv.y
                    u += Int(yuv.u)
                    v += Int(yuv.v)
                }
                cb[blockY * frame.stride(1) + blockX] = UInt8((u + 2) / 4)
                cr[blockY * frame.stride(2) + blockX] = UInt8((v + 2) / 4)
            }
        }
        return frame
    }

    /// The colour at (`x`, `y`), both 0…1 from the top left.
    private func colour(x: Double, y: Double) -> SRGBColour {
        let (top, horizon, ground, light): ((Double, Double, Double), (Double, Double, Double), (Double, Double, Double), (Double, Double, Double)) =
            switch self {
            case .day: ((0.20, 0.45, 0.85), (0.75, 0.85, 0.95), (0.25, 0.50, 0.15), (1.0, 0.97, 0.85))
            case .dusk: ((0.15, 0.12, 0.35), (0.98, 0.55, 0.25), (0.12, 0.10, 0.08), (1.0, 0.80, 0.45))
            case .indoors: ((0.75, 0.62, 0.45), (0.85, 0.75, 0.58), (0.45, 0.28, 0.15), (1.0, 0.90, 0.70))
            }
        func mix(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ t: Double) -> (Double, Double, Double) {
            (a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t, a.2 + (b.2 - a.2) * t)
        }
        var rgb: (Double, Double, Double)
        if y > 0.88 {
            let step = (x * 10).rounded(.down) / 9
            rgb = (step, step, step)
        } else if y < 0.6 {
            rgb = mix(top, horizon, y / 0.6)
            let sun = ((x - 0.78) * (x - 0.78) * 3.2 + (y - 0.2) * (y - 0.2)).squareRoot()
            if sun < 0.08 { rgb = light }
        } else {
            rgb = mix(ground, (ground.0 * 0.5, ground.1 * 0.5, ground.2 * 0.5), (y - 0.6) / 0.28)
        }
        let face = ((x - 0.32) * (x - 0.32) * 3.2 + (y - 0.52) * (y - 0.52)).squareRoot()
        if face < 0.16 {
            let shade = 1 - face * 2
            rgb = (0.87 * shade, 0.64 * shade, 0.52 * shade)
        }
        func byte(_ value: Double) -> UInt8 { UInt8(max(0, min(255, (value * 255).rounded()))) }
        return SRGBColour(red: byte(rgb.0), green: byte(rgb.1), blue: byte(rgb.2))
    }
}
