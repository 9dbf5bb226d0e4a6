import DVPlanning
import Testing

/// The words of a date stamp for a planned day.
@Suite("date stamp text")
struct DateStampTextTests {
    static func day(_ text: String, source: String? = nil, caption: String? = nil) -> PlannedDay {
        var day = PlannedDay(date: CalendarDay(text)!, status: .chosen, reason: "video 1 of 1", caption: caption)
        day.sourceDate = source.flatMap(CalendarDay.init)
        return day
    }

    @Test("a date stamp says the day in its pattern and locale")
    func patternAndLocale() {
        #expect(Job.DateStamp().text(for: Self.day("2024-12-18")) == "Wed, Dec 18")
        #expect(Job.DateStamp(format: "d MMMM", locale: "fr_FR").text(for: Self.day("2024-12-18")) == "18 décembre")
    }

    @Test("with show_source a clip pinned from another day says where it is from")
    func dateStampShowsTheSourceDay() {
        var stamp = Job.DateStamp(format: "MMM d")
        #expect(stamp.text(for: Self.day("2024-12-08", source: "2024-12-06")) == "Dec 8")
        stamp.showSource = true
        #expect(stamp.text(for: Self.day("2024-12-08", source: "2024-12-06")) == "Dec 8 (from Dec 6)")
        #expect(stamp.text(for: Self.day("2024-12-08", source: "2024-12-08")) == "Dec 8")
    }
}
