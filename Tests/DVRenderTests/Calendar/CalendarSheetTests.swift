import DVMedia
import DVPlanning
import DVTestBasics
import DVTestSupport
import Foundation
import Synchronization
import Testing

@testable import DVRender

/// Collects the events a run reports.
final class EventLog: RenderObserver {
    private let events = Mutex<[RenderEvent]>([])

    func handle(_ event: RenderEvent) {
        events.withLock { $0.append(event) }
    }

    /// The warnings reported, in order.
    var warnings: [String] {
        events.withLock { events in
            events.compactMap { if case let .warning(warning) = $0 { warning.message } else { nil } }
        }
    }
}

@Suite struct CalendarSheetTests {
    private func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    private func pinned(on date: String, from source: String) -> PlannedDay {
        var planned = PlannedDay(date: day(date), status: .pinned, reason: "pinned")
        planned.clip = .example(sourceDate: day(source))
        return planned
    }

    @Test func badgesSayWhereAPinComesFrom() {
        #expect(CalendarSheet.badge(for: pinned(on: "2024-12-08", from: "2024-12-06")) == "from Dec 6")
        #expect(CalendarSheet.badge(for: pinned(on: "2024-12-08", from: "2024-12-08")) == "pinned")
        #expect(CalendarSheet.badge(for: pinned(on: "2025-01-02", from: "2024-11-20")) == "from Nov 20 2024")
        #expect(CalendarSheet.badge(for: PlannedDay(date: day("2024-12-08"), status: .chosen, reason: "video 1 of 1")) == nil)
    }

    @Test func thumbnailsComeFromTheMiddleOfTheWindow() {
        var planned = PlannedDay(date: day("2024-12-08"), status: .chosen, reason: "video 1 of 1")
        planned.clip = .example(sourceDate: day("2024-12-08"), start: TimeSpan(milliseconds: 500), duration: TimeSpan(milliseconds: 3000))
        #expect(CalendarSheet.middle(of: planned) == 2.0)
    }

    @Test func aClipThatDoesNotDecodeIsABlankDayAndAWarningNamingIt() throws {
        let scratch = try TemporaryFolder("sheet")
        let folder = scratch.url
        let broken = folder.appendingPathComponent("IMG_0099.MOV")
        try Data("not a movie".utf8).write(to: broken)
        var chosen = PlannedDay(date: day("2024-12-02"), status: .chosen, reason: "video 1 of 1")
        chosen.clip = .example(file: "IMG_0099.MOV", path: broken.path, sourceDate: day("2024-12-02"))
        let skipped = PlannedDay(date: day("2024-12-03"), status: .skipped, reason: "skipped")
        let plan = Plan(
            timeZone: "UTC", days: [chosen, skipped], timeline: Timeline(pieces: [], transition: Job.Transition(), fps: 30),
            warnings: [], totals: PlanTotals()
        )
        let log = EventLog()
        let days = DayRange(day("2024-12-02"), day("2024-12-03"))
        let picture = try CalendarSheet.draw(plan: plan, days: days, title: "Broken", columns: 1, observer: log)
        #expect(log.warnings.count == 1)
        #expect(log.warnings.first?.hasPrefix("IMG_0099.MOV: no thumbnail for 2024-12-02") == true)
        let layout = CalendarLayout(days: days)
        let area = try #require(layout.thumbnailRect(for: day("2024-12-02")))
        let cell = CalendarPalette.standard.cell
        let blank = (area.y..<area.maxY).allSatisfy { y in
            (area.x..<area.maxX).allSatisfy { x in abs(Int(picture[x, y].green) - Int(cell.green)) <= 3 }
        }
        #expect(blank)
    }
}
