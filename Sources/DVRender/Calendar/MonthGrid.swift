import DVMedia
import DVPlanning

/// One month as a calendar page lays it out: a row per week and a column per weekday, Monday first (ISO 8601,
/// the order `CalendarDay.weekday` counts in). Pure arithmetic, no drawing.
package struct MonthGrid: Sendable, Hashable {
    package let year: Int
    /// 1 (January) through 12.
    package let month: Int

    /// Column headers, left to right.
    package static let weekdayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    /// English month names, January first.
    package static let monthNames = [
        "January", "February", "March", "April", "May", "June",
        "July", "August", "September", "October", "November", "December"
    ]

    /// The month that `day` falls in.
    package init(containing day: CalendarDay) {
        year = day.year
        month = day.month
    }

    /// The first day of the month.
    package var first: CalendarDay { CalendarDay(year: year, month: month, day: 1)! }

    /// Number of days in the month.
    package var dayCount: Int { CalendarDay.daysIn(month: month, year: year) }

    /// Empty cells before the 1st in the first row: 0 when the month starts on a Monday, 6 on a Sunday.
    package var leadingBlanks: Int { first.weekday - 1 }

    /// Rows (weeks) the month needs: 4 to 6.
    package var rows: Int { (leadingBlanks + dayCount + 6) / 7 }

    /// The row (week, from 0) and column (weekday, 0 = Monday) of `day`, or nil for a day of another month.
    package func cell(of day: CalendarDay) -> (row: Int, column: Int)? {
        guard day.year == year, day.month == month else { return nil }
        let slot = leadingBlanks + day.day - 1
        return (slot / 7, slot % 7)
    }

    /// The days of the month, in order.
    package var days: [CalendarDay] {
        (1...dayCount).map { CalendarDay(year: year, month: month, day: $0)! }
    }

    /// `December 2024`.
    package var title: String { "\(Self.monthNames[month - 1]) \(year)" }

    /// The month after this one.
    package var next: MonthGrid { MonthGrid(containing: first.lastOfMonth.adding(days: 1)) }

    /// Every month from the one holding `first` through the one holding `last`.
    package static func months(from first: CalendarDay, through last: CalendarDay) -> [MonthGrid] {
        var months = [MonthGrid(containing: first)]
        let end = MonthGrid(containing: last)
        while let current = months.last, current != end, current.first < end.first {
            months.append(current.next)
        }
        return months
    }
}
