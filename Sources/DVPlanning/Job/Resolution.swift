/// An output size: a named height (`1080p`, shaped by the aspect) or exact pixels (`1280x720`).
public enum Resolution: Sendable, Hashable, Codable, CustomStringConvertible {
    /// `480p`, `720p`, `1080p`, `1440p`, `2160p`: the short side in pixels.
    case preset(Int)
    /// Exact `W`x`H` pixels; the aspect does not apply.
    case pixels(width: Int, height: Int)

    /// The short sides the presets name.
    public static let presets = [480, 720, 1080, 1440, 2160]

    /// Parses a preset name or `WxH` with both sides 16…8192.
    public init?(_ text: String) {
        if text.hasSuffix("p"), let lines = Int(text.dropLast()), Self.presets.contains(lines) {
            self = .preset(lines)
            return
        }
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 5 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let width = Int(parts[0]), let height = Int(parts[1]), (16...8192).contains(width), (16...8192).contains(height)
        else { return nil }
        self = .pixels(width: width, height: height)
    }

    /// The frame size in pixels: a preset's short side is its number and the long side follows the aspect,
    /// rounded to an even number (encoders need even sizes).
    public func frameSize(aspect: AspectRatio) -> (width: Int, height: Int) {
        switch self {
        case .pixels(let width, let height):
            return (width, height)
        case .preset(let short):
            let long = Self.even(Double(short) * Double(max(aspect.width, aspect.height)) / Double(min(aspect.width, aspect.height)))
            return aspect.isVertical ? (short, long) : (long, short)
        }
    }

    private static func even(_ value: Double) -> Int {
        Int((value / 2).rounded()) * 2
    }

    public var description: String {
        switch self {
        case .preset(let lines): return "\(lines)p"
        case .pixels(let width, let height): return "\(width)x\(height)"
        }
    }
}
