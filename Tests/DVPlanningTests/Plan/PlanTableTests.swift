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
            Fixtures.broken("Camera/VID_20241206_101010.mp4"),
        ]
        var rules = rules("2024-12-02", "2024-12-08", settings: [
            "2024-12-04": Job.DaySettings(
                pin: Job.Pin(
                    file: "Family Archive/2024/Holidays/Thanksgiving at the lake house/VID_20241128_143000.mp4",
                    start: .middle)),
            "2024-12-05": Job.DaySettings(skip: true),
            "2024-12-08": Job.DaySettings(pin: Job.Pin(file: "Camera/IMG_9999.MOV")),
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

    @Test func longPathsAreCutFromTheLeft() {
        #expect(PlanTable.cutFromLeft("a/b/c/IMG_0001.MOV", to: 13) == "…IMG_0001.MOV")
        #expect(PlanTable.cutFromLeft("IMG_0001.MOV", to: 12) == "IMG_0001.MOV")
        #expect(PlanTable.length(TimeSpan(milliseconds: 83_500)) == "1m23.5s")
        #expect(PlanTable.length(.seconds(8)) == "8s")
    }
}
