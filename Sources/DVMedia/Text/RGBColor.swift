/// A colour in 8-bit sRGB components, converted to YUV for the frame it is drawn into.
public struct RGBColor: Sendable, Hashable, Codable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Parses `#RRGGBB`; nil for anything else.
    public init?(hex: String) {
        guard hex.count == 7, hex.first == "#", let value = UInt32(hex.dropFirst(), radix: 16) else { return nil }
        self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }

    public static let white = RGBColor(red: 255, green: 255, blue: 255)
    public static let black = RGBColor(red: 0, green: 0, blue: 0)

    /// BT.709 limited range (Y 16–235, U/V 16–240), what video encoders are handed.
    public var bt709Limited: YUVColor {
        let (luma, blueDifference, redDifference) = components(kr: 0.2126, kb: 0.0722)
        return YUVColor(
            y: Self.quantize(16 + 219 * luma), u: Self.quantize(128 + 224 * blueDifference),
            v: Self.quantize(128 + 224 * redDifference)
        )
    }

    /// BT.601 full range (0–255), what JPEG (JFIF) stores.
    public var bt601Full: YUVColor {
        let (luma, blueDifference, redDifference) = components(kr: 0.299, kb: 0.114)
        return YUVColor(
            y: Self.quantize(255 * luma), u: Self.quantize(128 + 255 * blueDifference),
            v: Self.quantize(128 + 255 * redDifference)
        )
    }

    /// Luma in 0…1 and the two colour differences in −0.5…0.5 for the matrix with coefficients `kr`, `kb`.
    private func components(kr: Double, kb: Double) -> (Double, Double, Double) {
        let r = Double(red) / 255
        let g = Double(green) / 255
        let b = Double(blue) / 255
        let luma = kr * r + (1 - kr - kb) * g + kb * b
        return (luma, (b - luma) / (2 * (1 - kb)), (r - luma) / (2 * (1 - kr)))
    }

    private static func quantize(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }
}
