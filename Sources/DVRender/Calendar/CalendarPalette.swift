import DVMedia
/// The colours of a calendar picture.
public struct CalendarPalette: Sendable, Hashable {
    /// Behind everything.
    public var background: RGBColor
    /// A day cell of the timeframe, and a blank thumbnail area.
    public var cell: RGBColor
    /// A day cell of a drawn month outside the timeframe.
    public var outsideCell: RGBColor
    /// The title, month names and day numbers.
    public var text: RGBColor
    /// Weekday headers and the numbers of days outside the timeframe.
    public var dimText: RGBColor
    /// The badge's plate, and its text.
    public var badge: RGBColor
    public var badgeText: RGBColor
    /// The cross over a skipped day.
    public var cross: RGBColor

    public init(
        background: RGBColor, cell: RGBColor, outsideCell: RGBColor, text: RGBColor, dimText: RGBColor,
        badge: RGBColor, badgeText: RGBColor, cross: RGBColor
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
        background: RGBColor(red: 22, green: 22, blue: 24), cell: RGBColor(red: 44, green: 44, blue: 48),
        outsideCell: RGBColor(red: 30, green: 30, blue: 33), text: RGBColor(red: 236, green: 236, blue: 240),
        dimText: RGBColor(red: 120, green: 120, blue: 128), badge: RGBColor(red: 255, green: 159, blue: 10),
        badgeText: RGBColor(red: 28, green: 28, blue: 30), cross: RGBColor(red: 255, green: 69, blue: 58)
    )
}
