import Foundation

/// What an embedded ICC profile says of an RGB or grey picture, for the matrix/TRC profiles that cameras,
/// phones and editors embed (sRGB, Display P3, Adobe RGB, grey gamma profiles): each channel's tone curve
/// and, for RGB, the three colorants in the profile connection space (CIE XYZ relative to D50).
///
/// Read bounded: a profile cut short, of another kind (LUT-based, CMYK, Lab connection space) or with a
/// curve or colorant missing gives nil, and the picture is then taken as sRGB.
package struct ICCProfile: Sendable, Equatable {
    /// A channel's tone curve, from signal (0…1) to linear light (0…1).
    package enum ToneCurve: Sendable, Equatable {
        /// Light = signal ^ gamma (a `curv` with one entry, or none for gamma 1).
        case gamma(Double)
        /// A `para` curve: ICC's function type (0…4) and its parameters g, a, b, c, d, e, f (missing ones 0).
        case parametric(function: Int, parameters: [Double])
        /// A `curv` table: light sampled at evenly spaced signals, interpolated linearly between samples.
        case sampled([Double])

        /// Linear light for `signal` (clamped to 0…1).
        package func light(_ signal: Double) -> Double {
            let x = min(max(signal, 0), 1)
            switch self {
            case .gamma(let gamma):
                return pow(x, gamma)
            case .parametric(let function, let p):
                let (g, a, b, c, d, e, f) = (p[0], p[1], p[2], p[3], p[4], p[5], p[6])
                func power(_ base: Double) -> Double { pow(max(base, 0), g) }
                switch function {
                case 1: return x >= -b / a ? power(a * x + b) : 0
                case 2: return x >= -b / a ? power(a * x + b) + c : c
                case 3: return x >= d ? power(a * x + b) : c * x
                case 4: return x >= d ? power(a * x + b) + e : c * x + f
                default: return power(x)
                }
            case .sampled(let samples):
                let position = x * Double(samples.count - 1)
                let below = min(Int(position), samples.count - 2)
                let fraction = position - Double(below)
                return samples[below] + fraction * (samples[below + 1] - samples[below])
            }
        }
    }

    /// One curve for a grey profile, three (red, green, blue) for an RGB one.
    package let curves: [ToneCurve]
    /// The red, green and blue colorants (CIE XYZ, D50); nil for a grey profile.
    package let colorants: [SIMD3<Double>]?

    /// Most tags a profile may list; real ones hold a dozen or two.
    private static let maximumTags = 200
    /// Most entries a sampled curve may hold (16-bit tables hold 4096 at most in practice).
    private static let maximumSamples = 65_536

    /// Reads the profile in `bytes` (an ICC profile as a PNG `iCCP` chunk or JPEG `APP2` segments carry it).
    package init?(bytes: [UInt8]) {
        let profile = BoundedBytes(bytes: bytes, start: 0, end: bytes.count)
        guard profile.matches(Array("acsp".utf8), at: 36), profile.matches(Array("XYZ ".utf8), at: 20),
            let tagCount = profile.uint32(at: 128, .bigEndian), tagCount <= Self.maximumTags
        else { return nil }
        var tags: [String: BoundedBytes] = [:]
        for index in 0..<Int(tagCount) {
            let entry = 132 + index * 12
            guard let signature = profile.slice(from: entry, count: 4), let offset = profile.uint32(at: entry + 4, .bigEndian),
                let size = profile.uint32(at: entry + 8, .bigEndian), let data = profile.slice(from: Int(offset), count: Int(size))
            else { return nil }
            tags[String(decoding: bytes[signature.start..<signature.end], as: UTF8.self)] = data
        }
        if profile.matches(Array("RGB ".utf8), at: 16) {
            guard let red = tags["rTRC"].flatMap(Self.curve), let green = tags["gTRC"].flatMap(Self.curve),
                let blue = tags["bTRC"].flatMap(Self.curve),
                let colorants = ["rXYZ", "gXYZ", "bXYZ"].map({ tags[$0].flatMap(Self.xyz) }) as? [SIMD3<Double>]
            else { return nil }
            curves = [red, green, blue]
            self.colorants = colorants
        } else if profile.matches(Array("GRAY".utf8), at: 16) {
            guard let grey = tags["kTRC"].flatMap(Self.curve) else { return nil }
            curves = [grey]
            colorants = nil
        } else {
            return nil
        }
    }

    /// An `XYZ ` tag's first value.
    private static func xyz(_ tag: BoundedBytes) -> SIMD3<Double>? {
        guard tag.matches(Array("XYZ ".utf8), at: 0), let x = fixed(tag, at: 8), let y = fixed(tag, at: 12), let z = fixed(tag, at: 16)
        else { return nil }
        return SIMD3(x, y, z)
    }

    /// A `curv` or `para` tag.
    private static func curve(_ tag: BoundedBytes) -> ToneCurve? {
        if tag.matches(Array("curv".utf8), at: 0) {
            guard let count = tag.uint32(at: 8, .bigEndian), count <= maximumSamples else { return nil }
            switch count {
            case 0: return .gamma(1)
            case 1: return tag.uint16(at: 12, .bigEndian).map { .gamma(Double($0) / 256) }
            default:
                let samples = (0..<Int(count)).map { tag.uint16(at: 12 + 2 * $0, .bigEndian).map { Double($0) / 65535 } }
                return (samples as? [Double]).map(ToneCurve.sampled)
            }
        }
        guard tag.matches(Array("para".utf8), at: 0), let function = tag.uint16(at: 8, .bigEndian), function <= 4 else { return nil }
        let count = [1, 3, 4, 5, 7][Int(function)]
        guard let parameters = (0..<count).map({ fixed(tag, at: 12 + 4 * $0) }) as? [Double] else { return nil }
        // Types 1 and 2 divide by a; a profile with a = 0 there describes no curve.
        guard function == 0 || function >= 3 || parameters[1] != 0 else { return nil }
        return .parametric(function: Int(function), parameters: parameters + Array(repeating: 0, count: 7 - count))
    }

    /// An `s15Fixed16Number`.
    private static func fixed(_ tag: BoundedBytes, at offset: Int) -> Double? {
        tag.uint32(at: offset, .bigEndian).map { Double(Int32(bitPattern: $0)) / 65536 }
    }
}
