import DVMedia
import DVSignal

/// The colours of a calendar picture.
package struct CalendarPalette: Sendable, Hashable {
    /// Behind everything.
    package var background: SRGBColour
    /// A day cell of the timeframe, and a blank thumbnail area.
    package var cell: SRGBColour
    /// A day cell of a drawn month outside the timeframe.
    package var outsideCell: SRGBColour
    /// The title, month names and day numbers.
    package var text: SRGBColour
    /// Weekday headers and the numbers of days outside the timeframe.
    package var dimText: SRGBColour
    /// The badge's plate, and its text.
    package var badge: SRGBColour
    package var badgeText: SRGBColour
    /// The cross over a skipped day.
    package var cross: SRGBColour

    package init(
        background: SRGBColour, cell: SRGBColour, outsideCell: SRGBColour, text: SRGBColour, dimText: SRGBColour,
        badge: SRGBColour, badgeText: SRGBColour, cross: SRGBColour
    ) {
        self.background = background
        self.cell = cell
        self.outsideCell = outsideCell
        self.text = text
        self.dimText = dimText
        self.badge = badge
        self.badgeText = badgeText
        self.cross = cross
    }

    /// Dark, as phone apps show media: light text, an orange badge, a red cross.
    package static let standard = CalendarPalette(
        background: SRGBColour(red: 22, green: 22, blue: 24), cell: SRGBColour(red: 44, green: 44, blue: 48),
        outsideCell: SRGBColour(red: 30, green: 30, blue: 33), text: SRGBColour(red: 236, green: 236, blue: 240),
        dimText: SRGBColour(red: 120, green: 120, blue: 128), badge: SRGBColour(red: 255, green: 159, blue: 10),
        badgeText: SRGBColour(red: 28, green: 28, blue: 30), cross: SRGBColour(red: 255, green: 69, blue: 58)
    )
}
