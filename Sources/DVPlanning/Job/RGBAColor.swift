/// A colour written `#RRGGBB` or `#RRGGBBAA` (alpha 255 when left out).
public struct RGBAColor: Sendable, Hashable, Codable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Black, the default background.
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    /// White, the default text colour.
    public static let white = RGBAColor(red: 255, green: 255, blue: 255)

    /// The same colour, fully opaque: what a card's background or a canvas takes of a job's colour.
    public var opaque: RGBAColor { RGBAColor(red: red, green: green, blue: blue) }

    public init?(_ text: String) {
        guard text.first == "#", text.count == 7 || text.count == 9 else { return nil }
        let digits = Array(text.utf8.dropFirst())
        var channels: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = Self.hexValue(digits[index]), let low = Self.hexValue(digits[index + 1]) else { return nil }
            channels.append(high << 4 | low)
        }
        self.init(red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 255)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque.
    public var description: String {
        let hex = { (value: UInt8) in value < 16 ? "0" + String(value, radix: 16, uppercase: true) : String(value, radix: 16, uppercase: true) }
        return "#" + hex(red) + hex(green) + hex(blue) + (alpha == 255 ? "" : hex(alpha))
    }
}
