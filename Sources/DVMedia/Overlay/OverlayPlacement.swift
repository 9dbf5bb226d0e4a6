import DVSignal

/// Where an overlay of a given size goes in a frame: in the frame inset by its safe area (the margins a
/// platform's interface covers), named places keep a margin from that area's edges, points put the
/// overlay's centre there; either way it stays inside the area. With no safe area the area is the frame.
package struct OverlayPlacement {
    package let frameWidth: Int
    package let frameHeight: Int
    /// The area overlays are placed in, in pixels: the frame less its safe area's margins.
    package let area: (x: Int, y: Int, width: Int, height: Int)

    /// A frame's margins, as fractions of its height (`top`, `bottom`) and width (`left`, `right`).
    package struct Insets: Sendable, Hashable {
        package var top: Double
        package var bottom: Double
        package var left: Double
        package var right: Double

        package init(top: Double, bottom: Double, left: Double, right: Double) {
            self.top = top
            self.bottom = bottom
            self.left = left
            self.right = right
        }

        /// No margins.
        package static let none = Insets(top: 0, bottom: 0, left: 0, right: 0)
    }

    /// Placement in a `frameWidth × frameHeight` frame inset by `insets`, each margin rounded up to whole
    /// pixels so that nothing placed reaches into it.
    package init(frameWidth: Int, frameHeight: Int, insets: Insets = .none) {
        self.frameWidth = frameWidth
        self.frameHeight = frameHeight
        let pixels = { (fraction: Double, side: Int) in max(0, min(side, Int((fraction * Double(side)).rounded(.up)))) }
        let left = pixels(insets.left, frameWidth), right = pixels(insets.right, frameWidth)
        let top = pixels(insets.top, frameHeight), bottom = pixels(insets.bottom, frameHeight)
        area = (left, top, max(0, frameWidth - left - right), max(0, frameHeight - top - bottom))
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

    /// The widest an overlay may be to fit between the margins of the area.
    package var maxWidth: Int { max(1, area.width - 2 * margin) }

    /// The top-left corner of a `width × height` overlay at `position`, in the area (a point's fractions
    /// are of the area).
    package func origin(of position: Position, width: Int, height: Int) -> (x: Int, y: Int) {
        let x: Int
        let y: Int
        switch position {
        case let .anchor(anchor):
            let name = anchor.rawValue
            x = name.hasSuffix("left") ? margin : name.hasSuffix("right") ? area.width - width - margin : (area.width - width) / 2
            y = name.hasPrefix("top") ? margin : name.hasPrefix("bottom") ? area.height - height - margin : (area.height - height) / 2
        case let .point(px, py):
            x = Int((px * Double(area.width)).rounded()) - width / 2
            y = Int((py * Double(area.height)).rounded()) - height / 2
        }
        return (area.x + Self.clamp(x, to: area.width - width), area.y + Self.clamp(y, to: area.height - height))
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
