import Testing

@testable import DVPlanning

/// The review page's candidates: each day's other clips in the plan's own order, nearby days' clips a pin
/// may take when a day has few, and the plan itself untouched.
@Suite struct ReviewCandidatesTests {
    /// Four movies on Dec 3 (longest first by `order: longest`), one on Dec 5, one on Dec 9, none on the other days.
    static let index = [
        Fixtures.movie("d3-short.mov", local: "2024-12-03T09:00:00-0800", duration: 4),
        Fixtures.movie("d3-long.mov", local: "2024-12-03T10:00:00-0800", duration: 20),
        Fixtures.movie("d3-mid.mov", local: "2024-12-03T11:00:00-0800", duration: 12),
        Fixtures.movie("d3-tiny.mov", local: "2024-12-03T12:00:00-0800", duration: 3.5),
        Fixtures.movie("d5.mov", local: "2024-12-05T09:00:00-0800"),
        Fixtures.movie("d9.mov", local: "2024-12-09T09:00:00-0800")
    ]

    private func reviewed(limit: Int = 4, settings: [String: Job.DaySettings] = [:]) -> (Plan, [CalendarDay: DayCandidates]) {
        var rules = rules("2024-12-01", "2024-12-10", settings: settings)
        rules.order = .longest
        let plan = Planner.plan(index: Self.index, rules: rules)
        let candidates = Planner.reviewCandidates(index: Self.index, rules: rules, plan: plan, limit: limit)
        #expect(Planner.plan(index: Self.index, rules: rules) == plan)
        #expect(candidates.map(\.date) == plan.days.map(\.date))
        return (plan, Dictionary(uniqueKeysWithValues: candidates.map { ($0.date, $0) }))
    }

    @Test func aDaysOtherClipsComeBestFirstWithoutTheChosenOne() throws {
        let (plan, candidates) = reviewed()
        #expect(plan.on("2024-12-03").clip?.file == "d3-long.mov")
        let third = try #require(candidates[day("2024-12-03")])
        #expect(third.others.map(\.clip.file) == ["d3-mid.mov", "d3-short.mov", "d3-tiny.mov"])
        #expect(third.others.map(\.reason) == ["video 2 of 4", "video 3 of 4", "video 4 of 4"])
        #expect(third.others.allSatisfy { $0.clip.sourceDate == day("2024-12-03") && $0.clip.duration == .seconds(3) })
        // Three of its own, one short of four: the nearest day's unshown clip is none (d5 is shown on Dec 5).
        #expect(third.nearby.isEmpty)
    }

    @Test func aDayWithoutMediaOffersNearbyClipsNearestFirstAndNotThoseShown() throws {
        let (_, candidates) = reviewed()
        let fourth = try #require(candidates[day("2024-12-04")])
        #expect(fourth.others.isEmpty)
        #expect(fourth.nearby.map(\.clip.file) == ["d3-mid.mov", "d3-short.mov", "d3-tiny.mov"])
        #expect(fourth.nearby.first?.reason == "video 2 of 4 on 2024-12-03")
        // Dec 7 is four days from Dec 3 and two from Dec 9, whose only clip is shown there.
        #expect(candidates[day("2024-12-07")]?.nearby.isEmpty == true)
    }

    @Test func theLimitBoundsEachDayAndZeroOffersNothing() {
        let (_, two) = reviewed(limit: 2)
        #expect(two[day("2024-12-03")]?.others.map(\.clip.file) == ["d3-mid.mov", "d3-short.mov"])
        #expect(two[day("2024-12-04")]?.nearby.count == 2)
        let (_, none) = reviewed(limit: 0)
        #expect(none.values.allSatisfy { $0.others.isEmpty && $0.nearby.isEmpty })
    }

    @Test func aSkippedDayStillOffersItsClipsAndAPinnedClipIsNotOffered() {
        let (_, candidates) = reviewed(settings: [
            "2024-12-03": Job.DaySettings(skip: true), "2024-12-05": Job.DaySettings(pin: Job.Pin(file: "d3-mid.mov"))
        ])
        #expect(candidates[day("2024-12-03")]?.others.map(\.clip.file) == ["d3-long.mov", "d3-short.mov", "d3-tiny.mov"])
        #expect(candidates[day("2024-12-05")]?.others.map(\.clip.file) == ["d5.mov"])
    }
}
