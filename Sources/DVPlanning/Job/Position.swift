/// Where an overlay sits: one of nine named places, or a point `{x, y}` in 0…1 of the frame.
public enum Position: Sendable, Hashable, Codable, CustomStringConvertible {
    case anchor(Anchor)
    /// The overlay's centre at this fraction of the frame's width and height.
    case point(x: Double, y: Double)

    /// The nine named places.
    public enum Anchor: String, Sendable, Hashable, Codable, CaseIterable {
        case topLeft = "top-left"
        case top
        case topRight = "top-right"
        case left
        case center
        case right
        case bottomLeft = "bottom-left"
        case bottom
        case bottomRight = "bottom-right"
    }

    public var description: String {
        switch self {
        case .anchor(let anchor): return anchor.rawValue
        case .point(let x, let y): return "{x: \(x), y: \(y)}"
        }
    }
}
