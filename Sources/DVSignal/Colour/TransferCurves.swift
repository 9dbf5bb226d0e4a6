import Foundation

/// The BT.709 opto-electronic transfer function and its inverse, with BT.2020's exact constants
/// (the same curve zimg and libplacebo use); odd, so that excursions below black survive a round trip.
enum BT709Curve {
    static let alpha = 1.09929682680944
    static let beta = 0.018053968510807

    /// Scene light (0…1) to signal.
    static func encode(_ light: Double) -> Double {
        let magnitude = abs(light)
        let signal = magnitude < beta ? 4.5 * magnitude : alpha * pow(magnitude, 0.45) - (alpha - 1)
        return light < 0 ? -signal : signal
    }

    /// Signal to scene light.
    static func decode(_ signal: Double) -> Double {
        let magnitude = abs(signal)
        let light = magnitude < 4.5 * beta ? magnitude / 4.5 : pow((magnitude + alpha - 1) / alpha, 1 / 0.45)
        return signal < 0 ? -light : light
    }
}

/// The SDR display's electro-optical transfer function (ITU-R BT.1886 for an ideal display, black at 0):
/// what an SDR picture's signal means as light on the screen, and how tone-mapped HDR light becomes signal.
enum BT1886Curve {
    /// Signal (0…1) to display light relative to the display's white.
    static func decode(_ signal: Double) -> Double { pow(max(signal, 0), 2.4) }

    /// Display light relative to white to signal.
    static func encode(_ light: Double) -> Double { pow(max(light, 0), 1 / 2.4) }
}

/// SMPTE ST 2084, the perceptual quantizer: signal 0…1 ↔ absolute display light 0…10000 cd/m².
enum PQCurve {
    static let m1 = 2610.0 / 16384, m2 = 2523.0 / 4096 * 128
    static let c1 = 3424.0 / 4096, c2 = 2413.0 / 4096 * 32, c3 = 2392.0 / 4096 * 32

    /// Signal to cd/m².
    static func decode(_ signal: Double) -> Double {
        let power = pow(min(max(signal, 0), 1), 1 / m2)
        return 10000 * pow(max(power - c1, 0) / (c2 - c3 * power), 1 / m1)
    }

    /// cd/m² to signal.
    static func encode(_ luminance: Double) -> Double {
        let power = pow(min(max(luminance, 0), 10000) / 10000, m1)
        return pow((c1 + c2 * power) / (1 + c3 * power), m2)
    }
}

/// ARIB STD-B67 / ITU-R BT.2100 hybrid log-gamma.
enum HLGCurve {
    /// The display HLG is rendered for when nothing says otherwise (BT.2100's reference, 1000 cd/m²).
    static let nominalPeak = 1000.0
    static let a = 0.17883277, b = 1 - 4 * 0.17883277, c = 0.5 - 0.17883277 * log(4 * 0.17883277)

    /// Signal (0…1) to scene light (0…1): the inverse of the OETF.
    static func sceneLight(_ signal: Double) -> Double {
        let e = min(max(signal, 0), 1)
        return e <= 0.5 ? e * e / 3 : (exp((e - c) / a) + b) / 12
    }

    /// Scene light (0…1) to signal: the OETF.
    static func signal(_ light: Double) -> Double {
        let e = max(light, 0)
        return e <= 1.0 / 12 ? (3 * e).squareRoot() : a * log(12 * e - b) + c
    }

    /// Display light in cd/m² for scene light `rgb` in primaries whose luma weights are `weights`, on a display
    /// of peak `displayPeak` cd/m²: BT.2100's OOTF, which scales all three by the scene luminance raised to
    /// the system gamma less one, so hues stay as they were shot.
    static func displayLight(_ rgb: SIMD3<Double>, weights: SIMD3<Double>, displayPeak: Double) -> SIMD3<Double> {
        let gamma = 1.2 + 0.42 * log10(displayPeak / 1000)
        let luminance = (rgb * weights).sum()
        return luminance > 0 ? rgb * (displayPeak * pow(luminance, gamma - 1)) : .zero
    }
}
