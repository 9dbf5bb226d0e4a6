import DVMedia
import DVPlanning
import DVSignal

/// Draws the main screen of a daily-video calendar as one picture: a title, then for every month of a
/// `CalendarLayout` its name, a weekday header (Monday first) and its day cells. A cell shows the day number,
/// the day's thumbnail (or nothing), a badge and a cross as its `CalendarCell` says; days of a drawn month
/// without a cell are outside the timeframe and are dimmed.
///
/// Draws into an 8-bit yuv420p picture (so thumbnails are copied as they are, and text is blended with the
/// same code as video overlays), then converts it to RGB. Owns the font faces it draws with: keep an instance on one task.
package final class CalendarRenderer {
    package let layout: CalendarLayout
    package let palette: CalendarPalette
    private let regular: String
    private let bold: String
    private let fonts = FontSet()

    /// Pixel sizes of the text, and the badge plate's height and padding.
    private static let titleSize = 30
    private static let monthTitleSize = 22
    private static let weekdaySize = 13
    private static let numberSize = 14
    private static let badgeSize = 11
    private static let badgeHeight = 16
    private static let badgePadding = 5

    /// A renderer for `layout`, with text in the regular and bold font files given.
    package init(
        layout: CalendarLayout, palette: CalendarPalette = .standard, fontPath: String = TextStyle.defaultFontPath,
        boldFontPath: String = TextStyle.boldFontPath
    ) throws {
        self.layout = layout
        self.palette = palette
        regular = fontPath
        bold = boldFontPath
        _ = try fonts.face(fontPath, pixelSize: Self.numberSize)
        _ = try fonts.face(boldFontPath, pixelSize: Self.titleSize)
    }

    /// The calendar picture for `cells` (one per day of the timeframe; a later cell for the same date wins)
    /// under `title`.
    ///
    /// - Throws: `MediaError` when a font cannot render or a thumbnail is not 8-bit yuv420p.
    package func render(_ cells: [CalendarCell], title: String) throws -> RGBPicture {
        let sheet = try VideoFrame(width: layout.width, height: layout.height)
        sheet.fill(palette.background.bt709Limited)
        try write(title, font: bold, size: Self.titleSize, in: layout.titleRect, color: palette.text, into: sheet)
        let byDate = Dictionary(cells.map { ($0.date, $0) }, uniquingKeysWith: { _, later in later })
        for (index, month) in layout.months.enumerated() {
            try write(month.title, font: bold, size: Self.monthTitleSize, in: layout.monthTitleRect(index), color: palette.text, into: sheet)
            for (column, name) in MonthGrid.weekdayNames.enumerated() {
                try write(
                    name, font: regular, size: Self.weekdaySize, in: layout.weekdayHeaderRect(month: index, column: column),
                    color: palette.dimText, centred: true, into: sheet
                )
            }
            for day in month.days {
                try draw(day, cell: byDate[day], into: sheet)
            }
        }
        return try RGBPicture(canvas: sheet)
    }

    /// One day's cell: background, number, thumbnail, badge, cross.
    private func draw(_ day: CalendarDay, cell: CalendarCell?, into sheet: VideoFrame) throws {
        guard let rect = layout.cellRect(for: day), let strip = layout.numberStripRect(for: day),
            let thumbnailRect = layout.thumbnailRect(for: day)
        else { return }
        let inside = cell != nil
        sheet.fill(
            (inside ? palette.cell : palette.outsideCell).bt709Limited, x: rect.x, y: rect.y, width: rect.width, height: rect.height
        )
        let numberRect = PixelRect(x: strip.x + 6, y: strip.y, width: strip.width / 3, height: strip.height)
        try write(String(day.day), font: regular, size: Self.numberSize, in: numberRect, color: inside ? palette.text : palette.dimText, into: sheet)
        guard let cell else { return }
        if let thumbnail = cell.thumbnail {
            try sheet.place(thumbnail, centredIn: thumbnailRect)
        }
        if let badge = cell.badge {
            try drawBadge(badge, in: strip, into: sheet)
        }
        if cell.crossed {
            let cross = TextMask.cross(width: thumbnailRect.width, height: thumbnailRect.height, thickness: 3)
            sheet.blend(cross, x: thumbnailRect.x, y: thumbnailRect.y, color: palette.cross.bt709Limited)
        }
    }

    /// `text` on a plate at the right end of a cell's number strip, leaving the left third for the number.
    private func drawBadge(_ text: String, in strip: PixelRect, into sheet: VideoFrame) throws {
        let room = strip.width * 2 / 3 - 2 * Self.badgePadding - CalendarLayout.thumbnailInset
        let text = try fitted(text, font: bold, size: Self.badgeSize, width: room)
        let mask = text.mask
        let plateWidth = (mask.width + 2 * Self.badgePadding + 1) & ~1
        let plate = PixelRect(
            x: strip.maxX - CalendarLayout.thumbnailInset - plateWidth, y: strip.y + ((strip.height - Self.badgeHeight) / 2 & ~1),
            width: plateWidth, height: Self.badgeHeight
        )
        sheet.fill(palette.badge.bt709Limited, x: plate.x, y: plate.y, width: plate.width, height: plate.height)
        let textTop = baseline(in: plate, size: text.pixelSize) - mask.baseline
        sheet.draw(text.image, x: plate.x + Self.badgePadding, y: textTop, shown: palette.badgeText)
    }

    /// Draws `text` on one line in `rect`, left-aligned or centred, its capitals centred vertically; shrunk
    /// to fit the width.
    private func write(
        _ text: String, font: String, size: Int, in rect: PixelRect, color: SRGBColour, centred: Bool = false,
        into sheet: VideoFrame
    ) throws {
        let block = try fitted(text, font: font, size: size, width: rect.width)
        let x = centred ? rect.x + (rect.width - block.mask.width) / 2 : rect.x
        sheet.draw(block.image, x: x, y: baseline(in: rect, size: block.pixelSize) - block.mask.baseline, shown: color)
    }

    /// `text` rendered at `size`, or smaller when it would be wider than `width`.
    private func fitted(_ text: String, font: String, size: Int, width: Int) throws -> TextBlock {
        try TextBlock(text, fontPath: font, fonts: fonts, pixelSize: size, maxWidth: width > 0 ? width : Int.max, alignment: .left)
    }

    /// The baseline row that centres capitals of a font `size` pixels tall (about 0.73 em in DejaVu) in `rect`.
    private func baseline(in rect: PixelRect, size: Int) -> Int {
        rect.y + (rect.height + size * 73 / 100) / 2
    }
}
