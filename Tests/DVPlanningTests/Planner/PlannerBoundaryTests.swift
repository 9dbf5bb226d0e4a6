import Foundation
import Testing

@testable import DVPlanning

/// The planner at the edges of time and of pins, beyond `PlannerTests`: offsets other than the library's zone,
/// repeated and skipped hours, a broken pin filmed inside the timeframe, one file pinned on its own day and
/// another.
@Suite struct PlannerBoundaryTests {
    @Test func aCaptureTimeKeepsItsOwnOffsetWhateverTheLibraryZone() {
        let index = [
            // Filmed at 23:40 in Los Angeles: 08:40 on the 4th in Berlin, still the 3rd as filmed.
            Fixtures.movie("la.mov", local: "2024-12-03T23:40:00-0800", utc: "2024-12-04T07:40:00Z"),
            // Filmed at 00:30 in Tokyo: 16:30 on the 4th in Berlin, still the 5th as filmed.
            Fixtures.movie("tokyo.mov", local: "2024-12-05T00:30:00+0900", utc: "2024-12-04T15:30:00Z"),
            // Only a UTC instant: read in Berlin, 22:59Z is 23:59 on the 5th and 23:30Z is 00:30 on the 6th.
            Fixtures.movie("late.mov", utc: "2024-12-05T22:59:00Z"),
            Fixtures.movie("after-midnight.mov", utc: "2024-12-05T23:30:00Z"),
            // A name is wall-clock time wherever the library is.
            Fixtures.movie("VID_20241207_235900.mp4")
        ]
        let plan = Planner.plan(index: index, rules: rules("2024-12-03", "2024-12-07", zone: "Europe/Berlin"))
        #expect(plan.days.map(\.clip?.file) == ["la.mov", nil, "tokyo.mov", "after-midnight.mov", "VID_20241207_235900.mp4"])
        #expect(plan.on("2024-12-05").reason == "video 1 of 2")
        #expect(plan.on("2024-12-05").clip?.captureTime == at(2024, month: 12, day: 5, minute: 30))
        #expect(plan.on("2024-12-06").clip?.dayRule == .creationTime)
        #expect(plan.on("2024-12-06").clip?.captureTime == at(2024, month: 12, day: 6, minute: 30))
        #expect(plan.on("2024-12-07").clip?.dayRule == .fileName)
        #expect(plan.warnings.isEmpty)
    }

    @Test func repeatedAndSkippedHoursStayOnTheirDay() {
        // New York falls back at 02:00 EDT on 2024-11-03: 05:30Z and 06:30Z are both 01:30 that day.
        let autumn = [
            Fixtures.movie("second-0130.mov", utc: "2024-11-03T06:30:00Z"),
            Fixtures.movie("first-0130.mov", utc: "2024-11-03T05:30:00Z"),
            Fixtures.movie("last-minute.mov", utc: "2024-11-04T04:59:00Z"),  // 23:59 EST on the 3rd
            Fixtures.movie("IMG_0001.MOV", mtime: 1_730_698_200)  // 2024-11-04T05:30Z: 00:30 EST on the 4th
        ]
        var fallBack = rules("2024-11-02", "2024-11-04", zone: "America/New_York")
        fallBack.order = .latest
        let plan = Planner.plan(index: autumn, rules: fallBack)
        #expect(plan.days.count == 3)
        #expect(plan.on("2024-11-03").clip?.file == "last-minute.mov")
        #expect(plan.on("2024-11-03").reason == "video 1 of 3")
        #expect(plan.on("2024-11-04").clip?.file == "IMG_0001.MOV")
        #expect(plan.on("2024-11-04").clip?.dayRule == .modificationTime)
        #expect(plan.warnings.map(\.code) == [.dayFromModificationTime])
        // The two 01:30 clips tie on wall-clock time and fall to path order.
        fallBack.order = .earliest
        #expect(Planner.plan(index: autumn, rules: fallBack).on("2024-11-03").clip?.file == "first-0130.mov")

        // New York springs forward at 02:00 EST on 2024-03-10: 02:30 does not exist there, but a tag that
        // says 02:30-0500 is taken as written, on the 10th.
        let spring = [Fixtures.movie("gap.mov", local: "2024-03-10T02:30:00-0500")]
        let springPlan = Planner.plan(index: spring, rules: rules("2024-03-09", "2024-03-11", zone: "America/New_York"))
        #expect(springPlan.days.map(\.clip?.file) == [nil, "gap.mov", nil])
        #expect(springPlan.on("2024-03-10").clip?.captureTime == at(2024, month: 3, day: 10, hour: 2, minute: 30))
    }

    @Test func aBrokenPinFilmedInsideTheTimeframeIsWarnedAboutOnce() {
        let index = [
            Fixtures.broken("VID_20241202_120000.mp4"),
            Fixtures.movie("IMG_0002.MOV", local: "2024-12-02T09:00:00-0800"),
            Fixtures.movie("IMG_0003.MOV", local: "2024-12-03T09:00:00-0800")
        ]
        let settings = ["2024-12-03": Job.DaySettings(pin: Job.Pin(file: "VID_20241202_120000.mp4"))]
        let plan = Planner.plan(index: index, rules: rules("2024-12-01", "2024-12-03", settings: settings))
        #expect(plan.on("2024-12-03").clip?.file == "IMG_0003.MOV")
        #expect(plan.on("2024-12-03").status == .chosen)
        #expect(plan.on("2024-12-02").clip?.file == "IMG_0002.MOV")
        #expect(plan.warnings.map(\.code) == [.brokenPin])
        #expect(plan.warnings.first?.date == day("2024-12-03"))
        #expect(plan.totals.unreadableFiles == 1)
        #expect(plan.totals.daysPinned == 0)
    }

    @Test func oneFilePinnedOnItsOwnDayAndOnAnother() {
        let index = [
            Fixtures.movie("a.mov", local: "2024-12-02T09:00:00-0800", duration: 4),
            Fixtures.movie("b.mov", local: "2024-12-02T10:00:00-0800")
        ]
        let settings = [
            "2024-12-02": Job.DaySettings(pin: Job.Pin(file: "a.mov")),
            "2024-12-04": Job.DaySettings(pin: Job.Pin(file: "a.mov", start: .offset(TimeSpan(milliseconds: 1000))))
        ]
        let plan = Planner.plan(index: index, rules: rules("2024-12-01", "2024-12-04", settings: settings))
        #expect(plan.days.map(\.clip?.file) == [nil, "a.mov", nil, "a.mov"])
        #expect(plan.on("2024-12-02").reason == "pinned")
        #expect(plan.on("2024-12-04").reason == "pinned from 2024-12-02")
        #expect(plan.on("2024-12-02").clip?.start == .zero)
        #expect(plan.on("2024-12-04").clip?.start == TimeSpan(milliseconds: 1000))
        #expect(plan.timeline.items.compactMap(\.date) == [day("2024-12-02"), day("2024-12-04")])
        #expect(plan.totals.daysPinned == 2)
        #expect(plan.warnings.isEmpty)
    }
}
