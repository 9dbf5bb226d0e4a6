import DVPlanning
import DVRender
import DVSignal
import Testing

/// The calendar's geometry: which cell a date lands in (weeks start on Monday) and where months go.
@Suite struct MonthGridTests {
    private func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    @Test func weeksStartOnMonday() {
        #expect(MonthGrid.weekdayNames == ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"])
        let december = MonthGrid(containing: day("2024-12-15"))
        // 2024-12-01 is a Sunday: the last column of the first row.
        #expect(december.leadingBlanks == 6)
        #expect(december.cell(of: day("2024-12-01"))! == (0, 6))
        #expect(december.cell(of: day("2024-12-02"))! == (1, 0))
        #expect(december.cell(of: day("2024-12-25"))! == (4, 2))
        #expect(december.cell(of: day("2024-12-31"))! == (5, 1))
        #expect(december.rows == 6)
        #expect(december.cell(of: day("2025-01-01")) == nil)
        #expect(december.title == "December 2024")
    }

    @Test func rowCountsFromFourToSix() {
        // February 2021 starts on a Monday and has 28 days: exactly four weeks.
        let february = MonthGrid(containing: day("2021-02-10"))
        #expect(february.leadingBlanks == 0)
        #expect(february.rows == 4)
        #expect(february.cell(of: day("2021-02-28"))! == (3, 6))
        #expect(MonthGrid(containing: day("2024-02-29")).rows == 5)
        #expect(MonthGrid(containing: day("2024-02-29")).cell(of: day("2024-02-29"))! == (4, 3))
    }

    @Test func monthsOfATimeframeCrossYears() {
        let months = MonthGrid.months(from: day("2024-11-20"), through: day("2025-01-10"))
        #expect(months.map(\.title) == ["November 2024", "December 2024", "January 2025"])
        #expect(MonthGrid.months(from: day("2024-12-05"), through: day("2024-12-06")).count == 1)
    }

    @Test func oneMonthLayout() throws {
        let layout = CalendarLayout(days: DayRange(day("2024-12-01"), day("2024-12-31")))
        let step = CalendarLayout.cellWidth + CalendarLayout.gutter
        let gridTop =
            CalendarLayout.margin + CalendarLayout.titleHeight + CalendarLayout.monthTitleHeight
            + CalendarLayout.weekdayHeaderHeight
        #expect(layout.width == 2 * CalendarLayout.margin + 7 * CalendarLayout.cellWidth + 6 * CalendarLayout.gutter)
        let first = try #require(layout.cellRect(for: day("2024-12-01")))
        #expect(
            first == PixelRect(x: CalendarLayout.margin + 6 * step, y: gridTop, width: CalendarLayout.cellWidth, height: CalendarLayout.cellHeight))
        let last = try #require(layout.cellRect(for: day("2024-12-31")))
        #expect(last.x == CalendarLayout.margin + step)
        #expect(last.y == gridTop + 5 * (CalendarLayout.cellHeight + CalendarLayout.gutter))
        #expect(layout.height == last.maxY + CalendarLayout.margin)
        let thumbnail = try #require(layout.thumbnailRect(for: day("2024-12-31")))
        #expect(thumbnail.x == last.x + CalendarLayout.thumbnailInset && thumbnail.y == last.y + CalendarLayout.numberStripHeight)
        #expect(thumbnail.maxX <= last.maxX && thumbnail.maxY <= last.maxY)
        #expect(layout.weekdayHeaderRect(month: 0, column: 0).x == CalendarLayout.margin)
        #expect(layout.cellRect(for: day("2025-01-01")) == nil)
    }

    @Test func monthsStackOrSitSideBySide() throws {
        let days = DayRange(day("2024-11-20"), day("2025-01-10"))
        let stacked = CalendarLayout(days: days)
        #expect(stacked.columns == 1)
        #expect(stacked.monthFrames.map(\.x) == [CalendarLayout.margin, CalendarLayout.margin, CalendarLayout.margin])
        #expect(stacked.monthFrames[1].y == stacked.monthFrames[0].maxY + CalendarLayout.blockGap)
        let sideBySide = CalendarLayout(days: days, columns: 2)
        #expect(sideBySide.monthFrames[1].x == sideBySide.monthFrames[0].maxX + CalendarLayout.blockGap)
        #expect(sideBySide.monthFrames[1].y == sideBySide.monthFrames[0].y)
        // November 2024 needs five rows and December six: the next row of blocks clears the taller one.
        #expect(sideBySide.monthFrames[2].y == sideBySide.monthFrames[1].maxY + CalendarLayout.blockGap)
        #expect(sideBySide.width == 2 * CalendarLayout.margin + 2 * CalendarLayout.blockWidth + CalendarLayout.blockGap)
        #expect(CalendarLayout(days: days, columns: 9).columns == 3)
        let january = try #require(sideBySide.cellRect(for: day("2025-01-01")))
        #expect(sideBySide.monthFrames[2].contains(x: january.x, y: january.y))
        for rect in [sideBySide.width, sideBySide.height] + sideBySide.monthFrames.flatMap({ [$0.x, $0.y, $0.height] }) {
            #expect(rect % 2 == 0, "4:2:0 drawing needs even geometry")
        }
    }
}
