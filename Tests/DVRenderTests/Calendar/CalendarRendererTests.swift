import DVMedia
import DVPlanning
import DVRender
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// A calendar drawn from hand-made cells, written as PNG and decoded back through libavcodec.
@Suite struct CalendarRendererTests {
    private func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    /// A thumbnail-sized picture of one colour.
    private func thumbnail(_ color: SRGBColour) throws -> VideoFrame {
        let frame = try VideoFrame(width: CalendarLayout.thumbnailWidth, height: CalendarLayout.thumbnailHeight)
        frame.fill(color.bt709Limited)
        return frame
    }

    /// Pixels of `rect` further than `tolerance` (per component) from `color`.
    private func pixels(in rect: PixelRect, of picture: RGBPicture, differingFrom color: SRGBColour, tolerance: Int = 6) -> Int {
        var count = 0
        for y in rect.y..<rect.maxY {
            for x in rect.x..<rect.maxX {
                let pixel = picture[x, y]
                let distance = max(
                    abs(Int(pixel.red) - Int(color.red)), abs(Int(pixel.green) - Int(color.green)),
                    abs(Int(pixel.blue) - Int(color.blue))
                )
                if distance > tolerance { count += 1 }
            }
        }
        return count
    }

    @Test func cellsShowThumbnailsBadgesAndCrossesAndThePNGDecodesBack() throws {
        let folder = try TemporaryFolder()
        let layout = CalendarLayout(days: DayRange(day("2024-12-02"), day("2024-12-08")))
        let palette = CalendarPalette.standard
        let green = SRGBColour(red: 30, green: 200, blue: 60)
        let cells = [
            CalendarCell(date: day("2024-12-02"), thumbnail: try thumbnail(green)),
            CalendarCell(date: day("2024-12-03")),
            CalendarCell(date: day("2024-12-04"), crossed: true),
            CalendarCell(date: day("2024-12-05"), thumbnail: try thumbnail(green), badge: "from Dec 1")
        ]
        let picture = try CalendarRenderer(layout: layout).render(cells, title: "A week")
        let url = folder.url.appendingPathComponent("calendar.png")
        try PNGEncoder(width: picture.width, height: picture.height).write(picture, to: url)

        let decoded = try RGBPicture.read(from: url)
        #expect(decoded.width == layout.width && decoded.height == layout.height)
        #expect(decoded == picture)

        let withMedia = try #require(layout.thumbnailRect(for: day("2024-12-02")))
        #expect(pixels(in: withMedia, of: decoded, differingFrom: palette.cell) == withMedia.width * withMedia.height)
        // Chroma is shared by 2×2 pixels and interpolated when converted to RGB: the outermost pixels blend.
        let inner = PixelRect(x: withMedia.x + 1, y: withMedia.y + 1, width: withMedia.width - 2, height: withMedia.height - 2)
        #expect(pixels(in: inner, of: decoded, differingFrom: green) == 0)
        let empty = try #require(layout.thumbnailRect(for: day("2024-12-03")))
        #expect(pixels(in: empty, of: decoded, differingFrom: palette.cell) == 0)
        let crossed = try #require(layout.thumbnailRect(for: day("2024-12-04")))
        let crossPixels = pixels(in: crossed, of: decoded, differingFrom: palette.cell)
        #expect(crossPixels > 2 * crossed.width && crossPixels < crossed.width * crossed.height / 5)
        let badged = try #require(layout.numberStripRect(for: day("2024-12-05")))
        let rightHalf = PixelRect(x: badged.x + badged.width / 2, y: badged.y, width: badged.width / 2, height: badged.height)
        #expect(pixels(in: rightHalf, of: decoded, differingFrom: palette.badge) < rightHalf.width * rightHalf.height * 3 / 4)
        let unbadged = try #require(layout.numberStripRect(for: day("2024-12-03")))
        let plainHalf = PixelRect(x: unbadged.x + unbadged.width / 2, y: unbadged.y, width: unbadged.width / 2, height: unbadged.height)
        #expect(pixels(in: plainHalf, of: decoded, differingFrom: palette.cell) == 0)
        // The 1st is in the drawn month but outside the timeframe: a dimmed cell with nothing in it.
        let outside = try #require(layout.thumbnailRect(for: day("2024-12-01")))
        #expect(pixels(in: outside, of: decoded, differingFrom: palette.outsideCell) == 0)
    }

    @Test func aThumbnailLargerThanItsAreaIsCutToIt() throws {
        let layout = CalendarLayout(days: DayRange(day("2024-12-02"), day("2024-12-02")))
        let big = try VideoFrame(width: 400, height: 300)
        big.fill(SRGBColour.white.bt709Limited)
        let picture = try CalendarRenderer(layout: layout).render([CalendarCell(date: day("2024-12-02"), thumbnail: big)], title: "")
        let area = try #require(layout.thumbnailRect(for: day("2024-12-02")))
        let cell = try #require(layout.cellRect(for: day("2024-12-02")))
        #expect(pixels(in: area, of: picture, differingFrom: .white) == 0)
        let below = PixelRect(x: cell.x, y: area.maxY + 1, width: cell.width, height: cell.maxY - area.maxY - 1)
        #expect(pixels(in: below, of: picture, differingFrom: CalendarPalette.standard.cell) == 0)
    }
}
