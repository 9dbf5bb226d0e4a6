import DVPlanning
import Testing

/// `ChangesFile`: the review page's `changes.yaml`, read as the lead fixed its form.
@Suite("Changes file")
struct ChangesFileTests {
    @Test func readsTheFixedForm() throws {
        let text = """
            # dvpipe review: changes to jobs/dec-2024.yaml, apply with: dvpipe apply jobs/dec-2024.yaml changes.yaml
            job: Holiday 2024
            days:
              2024-12-03:
                pin: {file: "2024/12/IMG_0042.MOV", start: 12.5s}
              2024-12-07:
                skip: true
              2024-12-09:
                pin: "2024/12/VID_0003.mp4"
              2024-12-10:
                pin: "say \\"cheese\\"\\n東京.mov"
                skip: false
            """
        let read = ChangesFile.read(Array(text.utf8), file: "changes.yaml")
        #expect(read.problems.isEmpty)
        let changes = try #require(read.changes)
        #expect(changes.job == "Holiday 2024")
        #expect(changes.days[CalendarDay("2024-12-03")!] == DayChange(pin: .init(file: "2024/12/IMG_0042.MOV", start: 12.5)))
        #expect(changes.days[CalendarDay("2024-12-07")!] == DayChange(skip: true))
        #expect(changes.days[CalendarDay("2024-12-09")!] == DayChange(pin: .init(file: "2024/12/VID_0003.mp4")))
        #expect(changes.days[CalendarDay("2024-12-10")!] == DayChange(pin: .init(file: "say \"cheese\"\n東京.mov"), skip: false))
        #expect(changes.dayLocations[CalendarDay("2024-12-09")!]?.line == 8)
    }

    @Test func namesEveryProblemAtItsPlace() {
        let text = """
            job: [a]
            days:
              2024-13-01: { skip: true }
              2024-12-02: { skip: yes, pin: {file: a.mov, start: 2} }
              2024-12-03: { caption: hi }
            other: 1
            """
        let read = ChangesFile.read(Array(text.utf8), file: "c.yaml")
        #expect(read.changes == nil)
        #expect(
            read.problems.map(\.location.description) == ["c.yaml:1:6", "c.yaml:3:3", "c.yaml:4:23", "c.yaml:4:54", "c.yaml:5:17", "c.yaml:6:1"],
            "\(read.problems)")
    }

    @Test func aChangesFileWithoutAJobIsRefused() {
        let read = ChangesFile.read(Array("days:\n  2024-12-01: { skip: true }\n".utf8), file: "c.yaml")
        #expect(read.changes == nil)
        #expect(read.problems.map(\.description) == ["c.yaml:1:1: error: the changes file names no job; add 'job: NAME' as 'dvpipe plan' prints it"])
    }

    @Test func startsAreSecondsWithAnSAndAtMostThreeDecimals() {
        #expect(ChangesFile.seconds("12.5s") == 12.5)
        #expect(ChangesFile.seconds("0s") == 0)
        #expect(ChangesFile.seconds("1.125s") == 1.125)
        for bad in ["12.5", "1.2345s", "-1s", ".5s", "1.s", "s", "1e3s", "١s"] {
            #expect(ChangesFile.seconds(bad) == nil, "\(bad)")
        }
        #expect(DayChange.PinChoice.seconds(12.5) == "12.5s" && DayChange.PinChoice.seconds(3) == "3s")
        #expect(DayChange.PinChoice.seconds(0.0504) == "0.05s")
    }
}
