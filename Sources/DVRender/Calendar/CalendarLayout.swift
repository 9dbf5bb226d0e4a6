import DVPlanning
import DVSignal

/// Where everything of a calendar picture goes, in pixels: a title strip across the top, then one block per
/// month of the timeframe, `columns` blocks side by side and as many rows of blocks as needed (one column
/// stacks the months vertically, as a phone app scrolls). A block is the month's name, a weekday header
/// (Monday first, see `MonthGrid`) and a grid of day cells; each cell has a strip for the day number and a
/// badge, and below it a 16:9 thumbnail area.
///
/// Every offset and size is even, so that 4:2:0 pictures can be drawn and placed at them without bleeding.
package struct CalendarLayout: Sendable, Hashable {
    /// Size of one day cell.
    package static let cellWidth = 160
    package static let cellHeight = 116
    /// Space between neighbouring cells.
    package static let gutter = 4
    /// Height of the strip at the top of a cell holding the day number and the badge.
    package static let numberStripHeight = 24
    /// The thumbnail area's size; it sits under the number strip, `thumbnailInset` from the cell's sides.
    package static let thumbnailWidth = 152
    package static let thumbnailHeight = 86
    package static let thumbnailInset = 4
    /// Space around the picture, and between month blocks.
    package static let margin = 24
    package static let blockGap = 32
    /// Heights of the picture's title strip, a month's name and the weekday header.
    package static let titleHeight = 48
    package static let monthTitleHeight = 40
    package static let weekdayHeaderHeight = 26

    /// Width of a month block: seven cells and six gutters.
    package static let blockWidth = 7 * cellWidth + 6 * gutter

    /// The months drawn, in order.
    package let months: [MonthGrid]
    /// Month blocks side by side.
    package let columns: Int
    /// Picture width in pixels.
    package let width: Int
    /// Picture height in pixels.
    package let height: Int
    /// Each month block's rectangle, in `months` order.
    package let monthFrames: [PixelRect]

    /// The layout for the months from `days.first` through `days.last`, `columns` blocks per row (at least
    /// one, at most the number of months).
    package init(days: DayRange, columns: Int = 1) {
        months = MonthGrid.months(from: days.first, through: days.last)
        self.columns = max(1, min(columns, months.count))
        var frames: [PixelRect] = []
        var top = Self.margin + Self.titleHeight
        for rowStart in stride(from: 0, to: months.count, by: self.columns) {
            let row = months[rowStart..<min(rowStart + self.columns, months.count)]
            let rowHeight = row.map(Self.blockHeight).max() ?? 0
            for (column, month) in row.enumerated() {
                frames.append(
                    PixelRect(
                        x: Self.margin + column * (Self.blockWidth + Self.blockGap), y: top,
                        width: Self.blockWidth, height: Self.blockHeight(month)
                    ))
            }
            top += rowHeight + Self.blockGap
        }
        monthFrames = frames
        width = 2 * Self.margin + self.columns * Self.blockWidth + (self.columns - 1) * Self.blockGap
        height = top - Self.blockGap + Self.margin
    }

    /// The strip across the top for the picture's title.
    package var titleRect: PixelRect {
        PixelRect(x: Self.margin, y: Self.margin, width: width - 2 * Self.margin, height: Self.titleHeight)
    }

    /// The strip of month `index` that holds its name.
    package func monthTitleRect(_ index: Int) -> PixelRect {
        let frame = monthFrames[index]
        return PixelRect(x: frame.x, y: frame.y, width: frame.width, height: Self.monthTitleHeight)
    }

    /// The header over column `column` (0 = Monday) of month `index`.
    package func weekdayHeaderRect(month index: Int, column: Int) -> PixelRect {
        let frame = monthFrames[index]
        return PixelRect(
            x: frame.x + column * (Self.cellWidth + Self.gutter), y: frame.y + Self.monthTitleHeight,
            width: Self.cellWidth, height: Self.weekdayHeaderHeight
        )
    }

    /// The index in `months` of the month holding `day`, or nil when the picture does not show it.
    package func monthIndex(of day: CalendarDay) -> Int? {
        guard let first = months.first else { return nil }
        let index = (day.year - first.year) * 12 + day.month - first.month
        return months.indices.contains(index) ? index : nil
    }

    /// The cell of `day`, or nil when the picture does not show its month.
    package func cellRect(for day: CalendarDay) -> PixelRect? {
        guard let index = monthIndex(of: day), let (row, column) = months[index].cell(of: day) else { return nil }
        let frame = monthFrames[index]
        return PixelRect(
            x: frame.x + column * (Self.cellWidth + Self.gutter),
            y: frame.y + Self.monthTitleHeight + Self.weekdayHeaderHeight + row * (Self.cellHeight + Self.gutter),
            width: Self.cellWidth, height: Self.cellHeight
        )
    }

    /// The thumbnail area of `day`'s cell.
    package func thumbnailRect(for day: CalendarDay) -> PixelRect? {
        cellRect(for: day).map {
            PixelRect(
                x: $0.x + Self.thumbnailInset, y: $0.y + Self.numberStripHeight,
                width: Self.thumbnailWidth, height: Self.thumbnailHeight
            )
        }
    }

    /// The strip of `day`'s cell above the thumbnail, for its number and badge.
    package func numberStripRect(for day: CalendarDay) -> PixelRect? {
        cellRect(for: day).map { PixelRect(x: $0.x, y: $0.y, width: $0.width, height: Self.numberStripHeight) }
    }

    private static func blockHeight(_ month: MonthGrid) -> Int {
        monthTitleHeight + weekdayHeaderHeight + month.rows * cellHeight + (month.rows - 1) * gutter
    }
}
