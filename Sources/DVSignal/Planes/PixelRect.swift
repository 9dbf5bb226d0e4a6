/// A rectangle of pixels in a picture: left and top edges, width and height; y grows downwards.
public struct PixelRect: Sendable, Hashable, Codable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// One past the right-most column.
    public var maxX: Int { x + width }
    /// One past the bottom row.
    public var maxY: Int { y + height }

    /// True when the pixel (`x`, `y`) lies inside.
    public func contains(x: Int, y: Int) -> Bool {
        x >= self.x && x < maxX && y >= self.y && y < maxY
    }

    /// `120x86+24+300` (size, then offsets, as ImageMagick writes geometry).
    public var description: String { "\(width)x\(height)+\(x)+\(y)" }
}
