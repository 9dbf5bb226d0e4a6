/// A point of a picture in unit coordinates: 0…1 across its width (`x`) and down its height (`y`), so it
/// holds at any size the picture is decoded at.
package struct UnitPoint: Sendable, Hashable, Codable {
    package var x: Double
    package var y: Double

    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The middle of the picture.
    package static let centre = UnitPoint(x: 0.5, y: 0.5)
}
