import DVPlanning
import DVTestBasics
import Testing

/// The words of a date stamp for a planned day.
@Suite("date stamp text")
struct DateStampTextTests {
    static func day(_ text: String, source: String? = nil, caption: String? = nil) -> PlannedDay {
        let date = CalendarDay(text)!
        var day = PlannedDay(date: date, status: .chosen, reason: "video 1 of 1", caption: caption)
        day.clip = .example(sourceDate: source.flatMap(CalendarDay.init) ?? date)
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

    @Test("place tokens in a stamp's pattern print the place's names as they are, even letters a pattern would read, and nothing without a place")
    func placeTokens() {
        var day = Self.day("2025-01-03")
        day.clip?.place = Place(city: "Val d'Isère", region: "Auvergne-Rhône-Alpes", country: "France", countryCode: "FR")
        #expect(Job.DateStamp(format: "{city} · d MMM").text(for: day) == "Val d'Isère · 3 Jan")
        #expect(Job.DateStamp(format: "MMM d, {place}").text(for: day) == "Jan 3, Val d'Isère, France")
        day.clip?.place = Place(city: "Kyoto", region: "Kyoto", country: "Japan", countryCode: "JP")
        #expect(Job.DateStamp(format: "d MMM · {region}, {country}").text(for: day) == "3 Jan · Kyoto, Japan")
        day.clip?.place = nil
        #expect(Job.DateStamp(format: "MMM d {city}").text(for: day) == "Jan 3 ")
        #expect(Job.DateStamp(format: "MMM d, {city|somewhere}").text(for: day) == "Jan 3, somewhere")
        day.clip?.place = Place(city: "Kyoto", region: "", country: "Japan", countryCode: "JP")
        #expect(Job.DateStamp(format: "{region|Kansai} d MMM").text(for: day) == "Kansai 3 Jan", "an empty region takes the fallback")
    }

    @Test("a caption's place tokens: the names, the fallback after | or nothing without a place, other braces as they are")
    func captionTokens() {
        let kyoto = Place(city: "Kyoto", region: "Kyoto", country: "Japan", countryCode: "JP")
        #expect(Place.fill("{city} · {country}", with: kyoto) == "Kyoto · Japan")
        #expect(Place.fill("Here: {place}", with: kyoto) == "Here: Kyoto, Japan")
        #expect(Place.fill("Here: {place}", with: nil) == "Here: ")
        #expect(Place.fill("{braces} stay", with: kyoto) == "{braces} stay")
        #expect(Place.fill("{city|at home} · {country|}", with: nil) == "at home · ")
        #expect(Place.fill("{city|at home} · {unclosed", with: kyoto) == "Kyoto · {unclosed")
    }

    @Test("a title card's place is where most days were; of two with as many days, the one reached first; none without places")
    func cardPlaceIsTheMostDays() {
        let kyoto = Place(city: "Kyoto", region: "Kyoto", country: "Japan", countryCode: "JP")
        let osaka = Place(city: "Osaka", region: "Osaka", country: "Japan", countryCode: "JP")
        func plan(_ places: [Place?], skipped: Set<Int> = []) -> Plan {
            let days = places.enumerated().map { index, place in
                var day = Self.day(String(format: "2024-12-%02d", index + 1))
                day.clip?.place = place
                if skipped.contains(index) { day.status = .skipped }
                return day
            }
            return Plan(
                timeZone: "UTC", days: days, timeline: Timeline(pieces: [], transition: Job.Transition(), fps: 30), warnings: [], totals: PlanTotals()
            )
        }
        #expect(plan([kyoto, osaka, osaka, nil]).mostDaysPlace == osaka)
        #expect(plan([osaka, kyoto, kyoto, osaka]).mostDaysPlace == osaka)
        #expect(plan([kyoto, osaka, osaka], skipped: [1, 2]).mostDaysPlace == kyoto, "a day without a clip does not count")
        #expect(plan([nil, nil]).mostDaysPlace == nil)
    }
}
