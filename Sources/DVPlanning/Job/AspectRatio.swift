/// A picture's shape, `W:H` (`16:9`; `9:16` is a vertical reel).
public struct AspectRatio: Sendable, Hashable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Landscape 16:9, the default.
    public static let widescreen = AspectRatio(width: 16, height: 9)

    /// Parses `W:H` with both sides 1…100.
    public init?(_ text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.count <= 3 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let width = Int(parts[0]), let height = Int(parts[1]), (1...100).contains(width), (1...100).contains(height)
        else { return nil }
        self.init(width: width, height: height)
    }

    /// True when taller than wide.
    public var isVertical: Bool { height > width }

    public var description: String { "\(width):\(height)" }
}
