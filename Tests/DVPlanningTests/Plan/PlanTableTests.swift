import Foundation
import Testing

@testable import DVPlanning

@Suite struct PlanTableTests {
    /// A week with every kind of reason, a long path, and warnings.
    static func weekPlan() -> Plan {
        let index = [
            Fixtures.movie("DCIM/100APPLE/IMG_0001.MOV", local: "2024-12-02T09:00:00-0800", duration: 12),
            Fixtures.movie("DCIM/100APPLE/IMG_0002.MOV", local: "2024-12-02T18:00:00-0800", duration: 4),
            Fixtures.movie("DCIM/100APPLE/IMG_0003.MOV", local: "2024-12-03T07:30:00-0800", duration: 2.5),
            Fixtures.still("DCIM/100APPLE/IMG_0003.HEIC"),
            Fixtures.movie(
                "Family Archive/2024/Holidays/Thanksgiving at the lake house/VID_20241128_143000.mp4", duration: 30),
            Fixtures.movie("Camera/clip.mp4", duration: 8, mtime: 1_733_500_000),
            Fixtures.broken("Camera/VID_20241206_101010.mp4")
        ]
        var rules = rules(
            "2024-12-02", "2024-12-08",
            settings: [
                "2024-12-04": Job.DaySettings(
                    pin: Job.Pin(
                        file: "Family Archive/2024/Holidays/Thanksgiving at the lake house/VID_20241128_143000.mp4",
                        start: .middle)),
                "2024-12-05": Job.DaySettings(skip: true),
                "2024-12-08": Job.DaySettings(pin: Job.Pin(file: "Camera/IMG_9999.MOV"))
            ])
        rules.introDuration = .seconds(2)
        return Planner.plan(index: index, rules: rules)
    }

    /// Compares with `Snapshots/week-table.txt`; `DVPIPE_RECORD_SNAPSHOTS=1 swift test` rewrites it.
    @Test func weekTable() throws {
        let snapshot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Snapshots/week-table.txt")
        let table = PlanTable.render(Self.weekPlan())
        if ProcessInfo.processInfo.environment["DVPIPE_RECORD_SNAPSHOTS"] == "1" {
            try table.write(to: snapshot, atomically: true, encoding: .utf8)
        }
        #expect(table == (try String(contentsOf: snapshot, encoding: .utf8)))
    }

    @Test func everyLineFitsOneHundredColumns() {
        let table = PlanTable.render(Self.weekPlan())
        #expect(table.split(separator: "\n").allSatisfy { $0.count <= 100 })
        #expect(!table.split(separator: "\n").contains { $0.hasSuffix(" ") })
    }

    /// Ten years (2015–2024) with a clip on the 1st of every sixth month: twenty days of media.
    static func decadePlan() -> Plan {
        let index = (0..<20).map { clip in
            let (year, month) = (2015 + clip / 2, 1 + 6 * (clip % 2))
            let date = "\(year)-\(month < 10 ? "0" : "")\(month)-01"
            return Fixtures.movie("VID_\(clip).mp4", local: "\(date)T12:00:00-0800")
        }
        return Planner.plan(index: index, rules: rules("2015-01-01", "2024-12-31"))
    }

    @Test("ten years with twenty days of media: each run of days without media is one line of the table and one Markdown row")
    func runsWithoutMediaAreOneRowEach() {
        let plan = Self.decadePlan()
        #expect(plan.days.count == 3653, "the plan keeps every day")
        #expect(plan.days.filter(\.status.hasClip).count == 20)

        let table = PlanTable.render(plan).split(separator: "\n")
        #expect(table.count <= 50, "at most a screenful: \(table.count) lines")
        #expect(table.contains("2015-01-02 – 2015-06-30, 180 days, no media"))
        #expect(table.contains("2024-07-02 – 2024-12-31, 183 days, no media"))
        #expect(table.filter { $0.contains("no media") }.count == 20)

        let markdown = PlanMarkdown.render(plan, title: "decade").split(separator: "\n")
        #expect(markdown.count <= 50, "at most a screenful: \(markdown.count) lines")
        #expect(markdown.contains("| 2015-07-02 – 2015-12-31 | 183 days | — |  | no media |  |  |"))
        #expect(markdown.filter { $0.hasPrefix("| 20") }.count == 40)
    }

    @Test("runs are found only among consecutive days, and only days without media are taken together")
    func dayRuns() {
        let days = ["2024-12-01", "2024-12-02", "2024-12-03", "2024-12-07", "2024-12-31", "2025-01-01"].map(day)
        #expect(DayRange.runs(of: days).map(\.spanText) == ["2024-12-01 – 2024-12-03", "2024-12-07", "2024-12-31 – 2025-01-01"])
        #expect(DayRange.runs(of: []).isEmpty)
        let week = PlanTable.render(Self.weekPlan()).split(separator: "\n")
        #expect(week.contains("2024-12-05  Thu  —                                 skipped"))
        #expect(week.contains("2024-12-07 – 2024-12-08, 2 days, no media"))
    }

    @Test func longPathsAreCutFromTheLeft() {
        #expect(PlanTable.cutFromLeft("a/b/c/IMG_0001.MOV", to: 13) == "…IMG_0001.MOV")
        #expect(PlanTable.cutFromLeft("IMG_0001.MOV", to: 12) == "IMG_0001.MOV")
        #expect(PlanTable.length(TimeSpan(milliseconds: 83_500)) == "1m23.5s")
        #expect(PlanTable.length(.seconds(8)) == "8s")
    }
}
