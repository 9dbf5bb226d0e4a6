import Foundation
import Testing

@testable import DVPlanning

/// A calendar day from `YYYY-MM-DD`.
func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

/// Rules for the days `first` through `last` of a library at `Fixtures.root`.
func rules(
    _ first: String, _ last: String, zone: String = "America/Los_Angeles", settings: [String: Job.DaySettings] = [:]
) -> PlanningRules {
    PlanningRules(
        days: PlanningRules.days(from: day(first), through: day(last)), timeZoneIdentifier: zone,
        libraryRoots: [Fixtures.root],
        daySettings: Dictionary(uniqueKeysWithValues: settings.map { (day($0.key), $0.value) }))
}

extension Plan {
    /// The planned day for `text`.
    func on(_ text: String) -> PlannedDay { days.first { $0.date == day(text) }! }
}

@Suite struct PlannerTests {
    @Test func clipFilmedAt2340KeepsItsLocalDay() {
        let index = [
            Fixtures.movie("late.mov", local: "2024-12-03T23:40:00-0800", utc: "2024-12-04T07:40:00Z"),
            Fixtures.movie("early.mov", local: "2024-12-05T00:30:00-0800", utc: "2024-12-05T08:30:00Z"),
            Fixtures.movie("utc-only.mov", utc: "2024-12-07T06:10:00.000000Z")
        ]
        let plan = Planner.plan(index: index, rules: rules("2024-12-03", "2024-12-07"))
        #expect(plan.on("2024-12-03").clip?.file == "late.mov")
        #expect(plan.on("2024-12-03").clip?.dayRule == .localCreationDate)
        #expect(plan.on("2024-12-04").status == .noMedia)
        #expect(plan.on("2024-12-05").clip?.file == "early.mov")
        #expect(plan.on("2024-12-06").clip?.file == "utc-only.mov")
        #expect(plan.on("2024-12-06").clip?.dayRule == .creationTime)
        #expect(plan.on("2024-12-07").reason == "no media")
    }

    @Test func daylightSavingChangeDays() {
        let berlin = [
            Fixtures.movie("b1.mov", utc: "2024-10-26T21:59:00Z"),  // 23:59 CEST on the 26th
            Fixtures.movie("b2.mov", utc: "2024-10-27T22:59:00Z"),  // 23:59 CET on the 27th
            Fixtures.movie("b3.mov", utc: "2024-10-27T23:00:00Z")  // 00:00 CET on the 28th
        ]
        let autumn = Planner.plan(index: berlin, rules: rules("2024-10-26", "2024-10-28", zone: "Europe/Berlin"))
        #expect(autumn.days.map(\.clip?.file) == ["b1.mov", "b2.mov", "b3.mov"])
        let york = [
            Fixtures.movie("n1.mov", utc: "2024-03-10T04:59:00Z"),  // 23:59 EST on the 9th
            Fixtures.movie("n2.mov", utc: "2024-03-11T03:59:00Z"),  // 23:59 EDT on the 10th
            Fixtures.movie("n3.mov", utc: "2024-03-11T04:00:00Z")  // 00:00 EDT on the 11th
        ]
        let spring = Planner.plan(index: york, rules: rules("2024-03-09", "2024-03-11", zone: "America/New_York"))
        #expect(spring.days.map(\.clip?.file) == ["n1.mov", "n2.mov", "n3.mov"])
    }

    @Test func fileNameDateAndModificationTimeFallback() {
        let index = [
            Fixtures.movie("DCIM/PXL_20241205_181500123.mp4"),
            Fixtures.movie("DCIM/clip.mp4", mtime: 1_733_298_000)  // 2024-12-04T07:40Z: the 3rd in Los Angeles
        ]
        let plan = Planner.plan(index: index, rules: rules("2024-12-03", "2024-12-05"))
        #expect(plan.on("2024-12-05").clip?.dayRule == .fileName)
        #expect(plan.on("2024-12-05").clip?.captureTime.description == "2024-12-05T18:15:00.123")
        #expect(plan.on("2024-12-03").clip?.file == "DCIM/clip.mp4")
        #expect(plan.on("2024-12-03").clip?.dayRule == .modificationTime)
        #expect(plan.warnings.map(\.code) == [.dayFromModificationTime])
        #expect(plan.warnings.first?.date == day("2024-12-03"))
    }

    @Test func pinFromOutsideTheTimeframe() {
        let index = [
            Fixtures.movie("old/IMG_0021.MOV", local: "2024-11-20T10:00:00-0800"),
            Fixtures.movie("IMG_0100.MOV", local: "2024-12-08T09:00:00-0800")
        ]
        let settings = ["2024-12-08": Job.DaySettings(pin: Job.Pin(file: "old/IMG_0021.MOV"))]
        let plan = Planner.plan(index: index, rules: rules("2024-12-07", "2024-12-09", settings: settings))
        let pinned = plan.on("2024-12-08")
        #expect(pinned.status == .pinned)
        #expect(pinned.reason == "pinned from 2024-11-20")
        #expect(pinned.clip?.sourceDate == day("2024-11-20"))
        #expect(pinned.clip?.file == "old/IMG_0021.MOV")
        #expect(plan.totals.daysPinned == 1)
        #expect(plan.warnings.isEmpty)
    }

    @Test func pinOnItsOwnDayAndByAbsolutePath() {
        let index = [
            Fixtures.movie("a.mov", local: "2024-12-08T09:00:00-0800"),
            Fixtures.movie("b.mov", local: "2024-12-08T19:00:00-0800")
        ]
        let byName = ["2024-12-08": Job.DaySettings(pin: Job.Pin(file: "./b.mov"))]
        #expect(Planner.plan(index: index, rules: rules("2024-12-08", "2024-12-08", settings: byName)).on("2024-12-08").reason == "pinned")
        let byPath = ["2024-12-08": Job.DaySettings(pin: Job.Pin(file: "/lib/sub/../b.mov"))]
        #expect(Planner.plan(index: index, rules: rules("2024-12-08", "2024-12-08", settings: byPath)).on("2024-12-08").clip?.file == "b.mov")
    }

    @Test("a pin to a broken or missing file warns and the day falls back; a pin to a still shows it as a photo")
    func pinToBrokenOrMissingFileWarnsAndFallsBack() {
        let index = [
            Fixtures.broken("IMG_0050.MOV"), Fixtures.still("IMG_0060.JPG"),
            Fixtures.movie("IMG_0051.MOV", local: "2024-12-10T12:00:00-0800"),
            Fixtures.movie("IMG_0052.MOV", local: "2024-12-11T12:00:00-0800"),
            Fixtures.movie("IMG_0053.MOV", local: "2024-12-12T12:00:00-0800")
        ]
        let settings = [
            "2024-12-10": Job.DaySettings(pin: Job.Pin(file: "IMG_0050.MOV")),
            "2024-12-11": Job.DaySettings(pin: Job.Pin(file: "gone/IMG_9999.MOV")),
            "2024-12-12": Job.DaySettings(pin: Job.Pin(file: "IMG_0060.JPG"))
        ]
        let plan = Planner.plan(index: index, rules: rules("2024-12-10", "2024-12-12", settings: settings))
        #expect(plan.days.map(\.clip?.file) == ["IMG_0051.MOV", "IMG_0052.MOV", "IMG_0060.JPG"])
        #expect(plan.days.map(\.reason) == ["video 1 of 1", "video 1 of 1", "pinned from 2024-11-30"])
        #expect(plan.on("2024-12-12").clip?.kind == .photo)
        #expect(plan.warnings.map(\.code) == [.brokenPin, .orphanPin, .dayFromModificationTime])
        #expect(plan.warnings[0].message.contains("Invalid data found"))
        #expect(plan.warnings[1].file == "gone/IMG_9999.MOV")
        #expect(plan.totals.unreadableFiles == 1)
    }

    @Test func pinnedFileIsNotChosenAgainOnItsOwnDayButMayBePinnedTwice() {
        let index = [
            Fixtures.movie("first.mov", local: "2024-12-05T08:00:00-0800"),
            Fixtures.movie("second.mov", local: "2024-12-05T09:00:00-0800"),
            Fixtures.movie("only.mov", local: "2024-12-06T09:00:00-0800")
        ]
        let settings = [
            "2024-12-01": Job.DaySettings(pin: Job.Pin(file: "first.mov")),
            "2024-12-02": Job.DaySettings(pin: Job.Pin(file: "first.mov")),
            "2024-12-03": Job.DaySettings(pin: Job.Pin(file: "only.mov"))
        ]
        let plan = Planner.plan(index: index, rules: rules("2024-12-01", "2024-12-06", settings: settings))
        #expect(plan.on("2024-12-01").clip?.file == "first.mov")
        #expect(plan.on("2024-12-02").clip?.file == "first.mov")
        #expect(plan.on("2024-12-05").clip?.file == "second.mov")
        #expect(plan.on("2024-12-05").reason == "video 2 of 2")
        #expect(plan.on("2024-12-06").status == .noMedia)
        #expect(plan.totals.daysWithMedia == 4)
    }

    @Test func skipWinsOverPinAndFreesThePinnedFile() {
        let index = [Fixtures.movie("a.mov", local: "2024-12-02T08:00:00-0800")]
        let settings = [
            "2024-12-01": Job.DaySettings(pin: Job.Pin(file: "a.mov"), caption: "away", skip: true)
        ]
        let plan = Planner.plan(index: index, rules: rules("2024-12-01", "2024-12-02", settings: settings))
        #expect(plan.on("2024-12-01").status == .skipped)
        #expect(plan.on("2024-12-01").reason == "skipped")
        #expect(plan.on("2024-12-01").clip?.file == nil)
        #expect(plan.on("2024-12-02").clip?.file == "a.mov")
        #expect(plan.totals.daysSkipped == 1)
    }

    @Test func emptyTimeframeAndDaysOutsideIt() {
        var empty = rules("2024-12-01", "2024-12-01")
        empty.days = []
        empty.daySettings = [day("2024-12-25"): Job.DaySettings(skip: true)]
        let plan = Planner.plan(index: [Fixtures.movie("a.mov", local: "2024-12-25T08:00:00-0800")], rules: empty)
        #expect(plan.days.isEmpty)
        #expect(plan.timeline.items.isEmpty)
        #expect(plan.totals.reelDuration == .zero)
        #expect(plan.warnings.map(\.code) == [.emptyTimeframe, .dayOutsideTimeframe])
        #expect(PlanningRules.days(from: day("2024-12-02"), through: day("2024-12-01")).isEmpty)
    }

    @Test func preferAndOrder() {
        let index = [
            Fixtures.movie("v-early.mov", local: "2024-12-01T08:00:00-0800", duration: 5),
            Fixtures.movie("v-long.mov", local: "2024-12-01T12:00:00-0800", duration: 60),
            Fixtures.movie("v-late.mov", local: "2024-12-01T20:00:00-0800", duration: 5),
            Fixtures.movie("IMG_0001.MOV", local: "2024-12-01T09:00:00-0800", duration: 3),
            Fixtures.still("IMG_0001.HEIC")
        ]
        var base = rules("2024-12-01", "2024-12-01")
        #expect(Planner.plan(index: index, rules: base).on("2024-12-01").reason == "video 1 of 3")
        base.order = .latest
        #expect(Planner.plan(index: index, rules: base).on("2024-12-01").clip?.file == "v-late.mov")
        base.order = .longest
        #expect(Planner.plan(index: index, rules: base).on("2024-12-01").clip?.file == "v-long.mov")
        #expect(Planner.plan(index: index, rules: base).on("2024-12-01").reason == "video 1 of 3")
        base.prefer = [.livePhoto, .video]
        let live = Planner.plan(index: index, rules: base).on("2024-12-01")
        #expect(live.clip?.file == "IMG_0001.MOV")
        #expect(live.clip?.kind == .livePhoto)
        #expect(live.reason == "live photo 1 of 1")
        base.prefer = [.livePhoto]
        let onlyLive = Planner.plan(index: [index[0]], rules: base)
        #expect(onlyLive.on("2024-12-01").status == .noMedia)
    }

    @Test func livePhotoPairedByContentIdentifierAndStillsCounted() {
        let index = [
            Fixtures.movie("export/live.mov", local: "2024-12-01T08:00:00-0800", contentID: "ID-1", duration: 2.5),
            Fixtures.still("photos/IMG_1.HEIC", contentID: "ID-1"),
            Fixtures.still("photos/IMG_20241201_100000.jpg"),
            Fixtures.still("photos/IMG_20241202_100000.jpg"),
            Fixtures.still("photos/IMG_20250101_100000.jpg")
        ]
        let plan = Planner.plan(index: index, rules: rules("2024-12-01", "2024-12-02"))
        #expect(plan.on("2024-12-01").clip?.kind == .livePhoto)
        #expect(plan.on("2024-12-01").clip?.duration == TimeSpan(milliseconds: 2500))
        #expect(plan.on("2024-12-02").clip?.kind == .photo)
        #expect(plan.totals.stillsNotUsed == 1)
        #expect(plan.totals.photosUsed == 1)
        #expect(plan.totals.clipsInTimeframe == 1)
    }

    @Test("every unreadable file is named, whatever its day; without a dated name its day is unknown")
    func everyUnreadableFileIsNamed() {
        let index = [
            Fixtures.broken("VID_20241201_120000.mp4"), Fixtures.broken("VID_20240101_120000.mp4"), Fixtures.broken("copy of clip.mp4")
        ]
        let plan = Planner.plan(index: index, rules: rules("2024-12-01", "2024-12-01"))
        #expect(plan.unreadable.map(\.file) == ["VID_20241201_120000.mp4", "VID_20240101_120000.mp4", "copy of clip.mp4"])
        #expect(plan.unreadable.map(\.date) == [day("2024-12-01"), day("2024-01-01"), nil])
        #expect(plan.unreadable.map(\.dayText) == ["2024-12-01", "2024-01-01", "day unknown"])
        #expect(plan.unreadable.allSatisfy { $0.reason == "Invalid data found when processing input" })
        // Warned about: the one of the timeframe and the one whose day nobody knows.
        #expect(plan.warnings.map(\.code) == [.unreadableFile, .unreadableFile])
        #expect(plan.warnings.map(\.file) == ["VID_20241201_120000.mp4", "copy of clip.mp4"])
        #expect(plan.totals.unreadableFiles == 3)
    }

    @Test func unknownTimeZoneFallsBackToUTC() {
        let plan = Planner.plan(index: [], rules: rules("2024-12-01", "2024-12-01", zone: "Mars/Olympus"))
        #expect(plan.timeZone == "UTC")
        #expect(plan.warnings.map(\.code) == [.unknownTimeZone])
    }

    @Test func yearOverTwentyThousandEntriesPlansEveryDay() {
        let start = day("2024-01-01")
        let index = (0..<20_000).map { number in
            let date = start.adding(days: number % 366)
            return Fixtures.movie(
                String(format: "DCIM/%05d.MOV", number),
                local: "\(date)T\(String(format: "%02d", number % 24)):00:00-0800", duration: Double(number % 30 + 1))
        }
        var year = rules("2024-01-01", "2024-12-30")
        year.order = .longest
        let plan = Planner.plan(index: index, rules: year)
        #expect(plan.totals.daysWithMedia == 365)
    }
}
