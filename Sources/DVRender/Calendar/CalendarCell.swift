import DVMedia
import DVPlanning

/// What one day of the timeframe shows in a calendar picture. Days of a drawn month that have no cell are
/// outside the timeframe and are drawn dimmed.
package struct CalendarCell {
    package var date: CalendarDay
    /// An 8-bit yuv420p picture (BT.709, limited range, as `ClipThumbnailer` makes it) centred in the cell's
    /// thumbnail area and cut to it; nil leaves the area blank.
    package var thumbnail: VideoFrame?
    /// Short text on a coloured plate at the top right (`pinned`, `from Dec 6`), or nil for none.
    package var badge: String?
    /// True to cross the thumbnail area out (a skipped day).
    package var crossed: Bool

    package init(date: CalendarDay, thumbnail: VideoFrame? = nil, badge: String? = nil, crossed: Bool = false) {
        self.date = date
        self.thumbnail = thumbnail
        self.badge = badge
        self.crossed = crossed
    }
}
