import DVMedia
import DVPlanning

/// The colours of a calendar picture.
public struct CalendarPalette: Sendable, Hashable {
    /// Behind everything.
    public var background: RGBAColor
    /// A day cell of the timeframe, and a blank thumbnail area.
    public var cell: RGBAColor
    /// A day cell of a drawn month outside the timeframe.
    public var outsideCell: RGBAColor
    /// The title, month names and day numbers.
    public var text: RGBAColor
    /// Weekday headers and the numbers of days outside the timeframe.
    public var dimText: RGBAColor
    /// The badge's plate, and its text.
    public var badge: RGBAColor
    public var badgeText: RGBAColor
    /// The cross over a skipped day.
    public var cross: RGBAColor

    public init(
        background: RGBAColor, cell: RGBAColor, outsideCell: RGBAColor, text: RGBAColor, dimText: RGBAColor,
        badge: RGBAColor, badgeText: RGBAColor, cross: RGBAColor
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
    public static let standard = CalendarPalette(
        background: RGBAColor(red: 22, green: 22, blue: 24), cell: RGBAColor(red: 44, green: 44, blue: 48),
        outsideCell: RGBAColor(red: 30, green: 30, blue: 33), text: RGBAColor(red: 236, green: 236, blue: 240),
        dimText: RGBAColor(red: 120, green: 120, blue: 128), badge: RGBAColor(red: 255, green: 159, blue: 10),
        badgeText: RGBAColor(red: 28, green: 28, blue: 30), cross: RGBAColor(red: 255, green: 69, blue: 58)
    )
}
