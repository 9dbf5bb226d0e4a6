import DVPlanning
import Foundation
import Testing

@Suite("Calendar days and resolved timeframes")
struct CalendarDayTests {
    private func day(_ text: String) -> CalendarDay {
        CalendarDay(text) ?? CalendarDay(year: 1, month: 1, day: 1)!
    }

    @Test func parsingIsStrict() {
        #expect(CalendarDay("2024-02-29") == CalendarDay(year: 2024, month: 2, day: 29))
        for bad in ["2023-02-29", "2024-13-01", "2024-12-32", "2024-1-01", "24-12-01", "2024/12/01", "2024-12-01x", "", "２０２４-12-01"] {
            #expect(CalendarDay(bad) == nil, "\(bad)")
        }
    }

    @Test func arithmeticCrossesMonthsYearsAndLeapDays() {
        #expect(day("2024-12-31").adding(days: 1) == day("2025-01-01"))
        #expect(day("2024-03-01").adding(days: -1) == day("2024-02-29"))
        #expect(day("2023-03-01").adding(days: -1) == day("2023-02-28"))
        #expect(day("1970-01-01").daysSinceEpoch == 0)
        #expect(day("2000-03-01").daysSinceEpoch == 11_017)
        #expect(day("1969-12-31").daysSinceEpoch == -1)
        #expect(day("2024-01-01").days(to: day("2025-01-01")) == 366)
        #expect(day("2024-12-01").lastOfMonth == day("2024-12-31"))
        #expect(day("2024-12-15").firstOfMonth == day("2024-12-01"))
    }

    @Test func weekdayIsISO() {
        #expect(day("2024-12-09").weekday == 1)  // Monday
        #expect(day("2024-12-15").weekday == 7)  // Sunday
        #expect(day("1970-01-01").weekday == 4)  // Thursday
        #expect(day("1969-12-29").weekday == 1)
    }

    @Test func orderingDescriptionAndCodable() throws {
        #expect(day("2024-01-31") < day("2024-02-01"))
        #expect(day("0999-01-02").description == "0999-01-02")
        let data = try JSONEncoder().encode([day("2024-12-25")])
        #expect(String(decoding: data, as: UTF8.self) == "[\"2024-12-25\"]")
        #expect(try JSONDecoder().decode([CalendarDay].self, from: data) == [day("2024-12-25")])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([CalendarDay].self, from: Data("[\"2024-13-01\"]".utf8)) }
    }

    @Test func todayInAZone() {
        let instant = Date(timeIntervalSince1970: 1_733_097_600)  // 2024-12-02T00:00:00Z
        #expect(CalendarDay(instant, in: TimeZone(identifier: "UTC")!) == day("2024-12-02"))
        #expect(CalendarDay(instant, in: TimeZone(identifier: "America/Los_Angeles")!) == day("2024-12-01"))
    }

    @Test func dayRanges() {
        let range = DayRange(day("2024-12-30"), day("2025-01-02"))
        #expect(range.count == 4)
        #expect(Array(range) == [day("2024-12-30"), day("2024-12-31"), day("2025-01-01"), day("2025-01-02")])
        #expect(range.contains(day("2025-01-01")))
        #expect(!range.contains(day("2025-01-03")))
        #expect(range.description == "2024-12-30…2025-01-02")
    }

    @Test(arguments: [
        (Job.Timeframe.month(year: 2024, month: 2), "2024-06-15", "2024-02-01", "2024-02-29"),
        (.year(2024), "2030-01-01", "2024-01-01", "2024-12-31"),
        (.range(from: CalendarDay("2024-12-03")!, to: CalendarDay("2024-12-05")!), "2030-01-01", "2024-12-03", "2024-12-05"),
        (.last(.month), "2025-01-03", "2024-12-01", "2024-12-31"),
        (.last(.month), "2024-03-01", "2024-02-01", "2024-02-29"),
        (.last(.week), "2024-12-11", "2024-12-02", "2024-12-08"),
        (.last(.week), "2024-12-09", "2024-12-02", "2024-12-08"),
        (.last(.week), "2024-12-15", "2024-12-02", "2024-12-08"),
        (.last(.year), "2025-06-01", "2024-01-01", "2024-12-31"),
        (.last(.days(7)), "2024-12-10", "2024-12-03", "2024-12-09"),
        (.last(.days(1)), "2025-01-01", "2024-12-31", "2024-12-31")
    ])
    func resolvedTimeframes(timeframe: Job.Timeframe, asOf: String, first: String, last: String) {
        let job = Job(file: "j.yaml", name: "j", library: Job.Library(paths: []), timeframe: timeframe, output: Job.Output(path: "/o.mp4"))
        #expect(job.resolvedTimeframe(asOf: day(asOf)) == DayRange(day(first), day(last)))
    }

    @Test func lastDefaultsToTodayInTheLibraryZone() {
        let job = Job(
            file: "j.yaml", name: "j", library: Job.Library(paths: [], timeZoneIdentifier: "Pacific/Kiritimati"),
            timeframe: .last(.days(1)), output: Job.Output(path: "/o.mp4"))
        let today = CalendarDay.today(in: TimeZone(identifier: "Pacific/Kiritimati")!)
        #expect(job.resolvedTimeframe() == DayRange(today.adding(days: -1), today.adding(days: -1)))
    }
}
