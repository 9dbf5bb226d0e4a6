/// A colour as a painter draws it: 8-bit sRGB with straight alpha (255 opaque). The job's `RGBAColor` is
/// mapped into it by the render (`Layout/OverlayDrawing+Job`).
package struct SRGBColour: Sendable, Hashable {
    package var red: UInt8
    package var green: UInt8
    package var blue: UInt8
    package var alpha: UInt8

    package init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Black, the default background.
    package static let black = SRGBColour(red: 0, green: 0, blue: 0)
    /// White, the default text colour.
    package static let white = SRGBColour(red: 255, green: 255, blue: 255)
}
