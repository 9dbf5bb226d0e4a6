import DVSignal

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
        let ycc = YCbCrMatrix.bt709.ycc(unit)
        return YUVColor(y: Self.quantize(16 + 219 * ycc.x), u: Self.quantize(128 + 224 * ycc.y), v: Self.quantize(128 + 224 * ycc.z))
    }

    /// BT.601 full range (0–255), what JPEG (JFIF) stores.
    public var bt601Full: YUVColor {
        let ycc = YCbCrMatrix.bt601.ycc(unit)
        return YUVColor(y: Self.quantize(255 * ycc.x), u: Self.quantize(128 + 255 * ycc.y), v: Self.quantize(128 + 255 * ycc.z))
    }

    /// The components in 0…1.
    private var unit: SIMD3<Double> { SIMD3(Double(red), Double(green), Double(blue)) / 255 }

    private static func quantize(_ value: Double) -> UInt8 {
        UInt8(max(0, min(255, value.rounded())))
    }
}
