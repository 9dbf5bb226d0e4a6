/// An 8-bit sRGB colour, e.g. a canvas background.
public struct RGBColor: Sendable, Hashable, Codable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Black, the usual background.
    public static let black = RGBColor(red: 0, green: 0, blue: 0)

    /// The colour in limited-range BT.709 YUV (Y 16–235, U and V 16–240), as the encoder receives it.
    public var limitedRangeBT709: (y: UInt8, u: UInt8, v: UInt8) {
        let r = Double(red) / 255, g = Double(green) / 255, b = Double(blue) / 255
        let luma = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let y = 16 + 219 * luma
        let u = 128 + 224 * (b - luma) / 1.8556
        let v = 128 + 224 * (r - luma) / 1.5748
        func byte(_ value: Double) -> UInt8 { UInt8(min(255, max(0, value.rounded()))) }
        return (byte(y), byte(u), byte(v))
    }
}
