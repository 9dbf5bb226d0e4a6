import DVSignal

/// Where an overlay of a given size goes in a frame: named places keep a margin from the edges, points
/// put the overlay's centre there; either way it stays inside the frame.
package struct OverlayPlacement {
    package let frameWidth: Int
    package let frameHeight: Int

    package init(frameWidth: Int, frameHeight: Int) {
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
    }

    /// Where an overlay sits: one of nine named places, or a point in 0…1 of the frame. The job's
    /// `Position` as the painter places it.
    package enum Position: Sendable, Hashable {
        case anchor(Anchor)
        /// The overlay's centre at this fraction of the frame's width and height.
        case point(x: Double, y: Double)

        /// The nine named places.
        package enum Anchor: String, Sendable, Hashable, CaseIterable {
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
    }

    /// Space kept between a named place and the frame's edges: 3 % of the shorter side.
    package var margin: Int { max(1, min(frameWidth, frameHeight) * 3 / 100) }

    /// The widest an overlay may be to fit between the margins.
    package var maxWidth: Int { max(1, frameWidth - 2 * margin) }

    /// The top-left corner of a `width × height` overlay at `position`.
    package func origin(of position: Position, width: Int, height: Int) -> (x: Int, y: Int) {
        let x: Int
        let y: Int
        switch position {
        case let .anchor(anchor):
            let name = anchor.rawValue
            x = name.hasSuffix("left") ? margin : name.hasSuffix("right") ? frameWidth - width - margin : (frameWidth - width) / 2
            y = name.hasPrefix("top") ? margin : name.hasPrefix("bottom") ? frameHeight - height - margin : (frameHeight - height) / 2
        case let .point(px, py):
            x = Int((px * Double(frameWidth)).rounded()) - width / 2
            y = Int((py * Double(frameHeight)).rounded()) - height / 2
        }
        return (Self.clamp(x, to: frameWidth - width), Self.clamp(y, to: frameHeight - height))
    }

    /// `rect` in pixels, on even numbers (as 4:2:0 chroma needs), at least 16 wide and high and inside the frame.
    package func pixelRect(of rect: UnitRect) -> (x: Int, y: Int, width: Int, height: Int) {
        let even = { (value: Double) in Int((value / 2).rounded()) * 2 }
        let width = min(frameWidth & ~1, max(16, even(rect.width * Double(frameWidth))))
        let height = min(frameHeight & ~1, max(16, even(rect.height * Double(frameHeight))))
        let x = Self.clamp(even(rect.x * Double(frameWidth)), to: frameWidth - width) & ~1
        let y = Self.clamp(even(rect.y * Double(frameHeight)), to: frameHeight - height) & ~1
        return (x, y, width, height)
    }

    private static func clamp(_ value: Int, to upper: Int) -> Int {
        max(0, min(value, max(0, upper)))
    }
}
