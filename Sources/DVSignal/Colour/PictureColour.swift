import Foundation

/// How the 8-bit values of an RGB picture in its own colour space (an embedded ICC profile, PNG's `cICP`
/// or `cHRM` and `gAMA`) become the sRGB values overlays are drawn from, which the canvas reads as BT.709.
///
/// Each channel's curve takes the value to linear light, the colorants (adapted by Bradford from the ICC
/// connection space's D50 to sRGB's D65, as colour-managed viewers do) take it to linear sRGB, what lies
/// outside sRGB is brought in by the least change, as HDR video is (`fitIntoGamut`), and the sRGB
/// curve encodes it again. A Display P3 photo keeps the colours it shows on the phone that took it.
package struct PictureColour: Sendable {
    /// Per channel, the linear light of each 8-bit value; one table for a grey picture.
    private let light: [[Double]]
    /// Linear RGB in the picture's colorants to linear sRGB; nil for a grey picture, whose greys stay grey.
    private let toSRGB: Matrix3?

    /// A picture whose channels decode by `curves` (one for grey, three for RGB) and whose red, green and
    /// blue are `colorants` (CIE XYZ, D50; nil for grey).
    package init(curves: [(Double) -> Double], colorants: [SIMD3<Double>]?) {
        light = curves.map { curve in (0..<256).map { curve(Double($0) / 255) } }
        toSRGB = colorants.map { colorants in
            (Matrix3.bradford(from: Matrix3.d65, to: Matrix3.d50) * ColourPrimaries.bt709.toXYZ).inverse * Matrix3(columns: colorants)
        }
    }

    /// The colorants (CIE XYZ, D50) of red, green and blue of chromaticities `primaries` under the white of
    /// chromaticity `white`: what an ICC profile would list for a picture tagged with chromaticities alone.
    package static func colorants(primaries: [(x: Double, y: Double)], white: (x: Double, y: Double)) -> [SIMD3<Double>] {
        let toXYZ = Matrix3.rgbToXYZ(primaries: primaries, white: white)
        let whiteXYZ = toXYZ.apply(SIMD3(repeating: 1))
        let adapted = Matrix3.bradford(from: whiteXYZ, to: Matrix3.d50) * toXYZ
        return (0..<3).map { column in SIMD3(adapted.rows[0][column], adapted.rows[1][column], adapted.rows[2][column]) }
    }

    /// The sRGB values for the 8-bit `red`, `green`, `blue` of the picture.
    package func sRGB(red: UInt8, green: UInt8, blue: UInt8) -> SIMD3<UInt8> {
        let linear: SIMD3<Double>
        if let toSRGB {
            let inPicture = SIMD3(light[0][Int(red)], light[1][Int(green)], light[2][Int(blue)])
            linear = ColourConversion.fitIntoGamut(toSRGB.apply(inPicture))
        } else {
            linear = SIMD3(repeating: light[0][Int(red)])
        }
        func code(_ value: Double) -> UInt8 { UInt8((SRGBCurve.encode(value) * 255).rounded()) }
        return SIMD3(code(linear.x), code(linear.y), code(linear.z))
    }

    /// True when every value comes out as it went in (an sRGB profile, or chromaticities and gamma that
    /// round to sRGB's), so the picture can be left alone: checked on a 9-step grid of the cube and the
    /// whole grey ramp.
    package var isIdentity: Bool {
        let steps = stride(from: 0, through: 256, by: 32).map { UInt8(min($0, 255)) }
        for red in steps {
            for green in steps {
                for blue in steps where sRGB(red: red, green: green, blue: blue) != SIMD3(red, green, blue) {
                    return false
                }
            }
        }
        return (0...255).allSatisfy { value in
            let grey = UInt8(value)
            return sRGB(red: grey, green: grey, blue: grey) == SIMD3(repeating: grey)
        }
    }

    /// Converts packed RGBA pixels (alpha untouched) into sRGB, each distinct colour once.
    package func convert(rgba: inout [UInt8]) {
        var converted: [UInt32: SIMD3<UInt8>] = [:]
        for pixel in stride(from: 0, to: rgba.count - 3, by: 4) {
            let key = UInt32(rgba[pixel]) << 16 | UInt32(rgba[pixel + 1]) << 8 | UInt32(rgba[pixel + 2])
            let colour: SIMD3<UInt8>
            if let known = converted[key] {
                colour = known
            } else {
                colour = sRGB(red: rgba[pixel], green: rgba[pixel + 1], blue: rgba[pixel + 2])
                converted[key] = colour
            }
            rgba[pixel] = colour.x
            rgba[pixel + 1] = colour.y
            rgba[pixel + 2] = colour.z
        }
    }
}

/// The sRGB transfer function of IEC 61966-2-1, which pictures (PNG, JPEG) are encoded with.
package enum SRGBCurve {
    /// Signal (0…1) to linear light.
    package static func decode(_ signal: Double) -> Double {
        signal <= 0.04045 ? signal / 12.92 : pow((signal + 0.055) / 1.055, 2.4)
    }

    /// Linear light (clamped to 0…1) to signal.
    package static func encode(_ light: Double) -> Double {
        let x = min(max(light, 0), 1)
        return x <= 0.0031308 ? 12.92 * x : 1.055 * pow(x, 1 / 2.4) - 0.055
    }
}
