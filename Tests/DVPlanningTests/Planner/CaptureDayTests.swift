import Foundation
import Testing

@testable import DVPlanning

/// A wall-clock time for expectations; the fields must name a real date.
func at(
    _ year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0, millisecond: Int = 0
) -> LocalDateTime {
    LocalDateTime(
        validatingYear: year, month: month, day: day, hour: hour, minute: minute, second: second,
        millisecond: millisecond)!
}

@Suite struct CaptureDayTests {
    let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

    private func capture(_ entry: MediaEntry, in zone: String = "America/Los_Angeles") -> CaptureDay {
        CaptureDay(of: entry, in: TimeZone(identifier: zone)!)
    }

    @Test func localCreationDateKeepsItsOwnDay() {
        let late = capture(Fixtures.movie("a.mov", local: "2024-12-03T23:40:00-0800", utc: "2024-12-04T07:40:00Z"))
        #expect(late.localTime == at(2024, month: 12, day: 3, hour: 23, minute: 40))
        #expect(late.rule == .localCreationDate)
        let early = capture(Fixtures.movie("b.mov", local: "2024-12-04T00:30:00-08:00"), in: "Asia/Tokyo")
        #expect(early.localTime == at(2024, month: 12, day: 4, hour: 0, minute: 30))
        let zulu = capture(Fixtures.movie("c.mov", local: "2024-12-04T00:30:00.500Z"))
        #expect(zulu.localTime == at(2024, month: 12, day: 4, minute: 30, millisecond: 500))
    }

    @Test func localCreationDateWithoutOffsetFallsThrough() {
        let entry = Fixtures.movie("a.mov", local: "2024-12-03T23:40:00", utc: "2024-12-04T07:40:00Z")
        #expect(capture(entry).rule == .creationTime)
    }

    @Test func creationTimeCrossesMidnightInLibraryZone() {
        let entry = Fixtures.movie("a.mov", utc: "2024-12-04T07:40:00.000000Z")
        let day = capture(entry)
        #expect(day.rule == .creationTime)
        #expect(day.localTime == at(2024, month: 12, day: 3, hour: 23, minute: 40))
        #expect(capture(entry, in: "UTC").localTime.date.day == 4)
    }

    @Test func creationTimeOnDaylightSavingDays() {
        // Berlin leaves summer time at 03:00 CEST on 2024-10-27: 00:30Z is 02:30 CEST, 01:30Z is 02:30 CET.
        let beforeChange = capture(Fixtures.movie("a.mov", utc: "2024-10-27T00:30:00Z"), in: "Europe/Berlin")
        let afterChange = capture(Fixtures.movie("b.mov", utc: "2024-10-27T01:30:00Z"), in: "Europe/Berlin")
        #expect(beforeChange.localTime == at(2024, month: 10, day: 27, hour: 2, minute: 30))
        #expect(afterChange.localTime == at(2024, month: 10, day: 27, hour: 2, minute: 30))
        let lateInBerlin = capture(Fixtures.movie("c.mov", utc: "2024-10-27T22:59:00Z"), in: "Europe/Berlin")
        #expect(lateInBerlin.localTime == at(2024, month: 10, day: 27, hour: 23, minute: 59))
        // New York springs forward at 02:00 EST on 2024-03-10: 04:30Z is 23:30 EST on the 9th, 06:59Z 01:59 EST,
        // 07:00Z is 03:00 EDT, and 03:59Z on the 11th is 23:59 EDT on the 10th.
        let york = "America/New_York"
        #expect(capture(Fixtures.movie("d.mov", utc: "2024-03-10T04:30:00Z"), in: york).localTime.date.day == 9)
        #expect(
            capture(Fixtures.movie("e.mov", utc: "2024-03-10T07:00:00Z"), in: york).localTime
                == at(2024, month: 3, day: 10, hour: 3))
        #expect(
            capture(Fixtures.movie("f.mov", utc: "2024-03-11T03:59:00Z"), in: york).localTime
                == at(2024, month: 3, day: 10, hour: 23, minute: 59))
    }

    @Test(arguments: ["1904-01-01T00:00:00Z", "1970-01-01T00:00:00.000000Z"])
    func placeholderYearsCountAsUnset(stamp: String) {
        let entry = Fixtures.movie("VID_20241205_181500.mp4", local: "1969-12-31T16:00:00-0800", utc: stamp)
        #expect(capture(entry).rule == .fileName)
    }

    @Test func fileNameDateIsLocalWallClock() {
        let day = capture(Fixtures.movie("DCIM/VID_20241205_181500.mp4"))
        #expect(day.rule == .fileName)
        #expect(day.localTime == at(2024, month: 12, day: 5, hour: 18, minute: 15))
    }

    @Test(arguments: [
        ("VID_20241205_181500.mp4", at(2024, month: 12, day: 5, hour: 18, minute: 15)),
        ("PXL_20241205_181500123.mp4", at(2024, month: 12, day: 5, hour: 18, minute: 15, millisecond: 123)),
        ("IMG_20241205_181500.jpg", at(2024, month: 12, day: 5, hour: 18, minute: 15)),
        ("2024-12-05 18.15.00.mov", at(2024, month: 12, day: 5, hour: 18, minute: 15)),
        ("20241205_181500.mp4", at(2024, month: 12, day: 5, hour: 18, minute: 15)),
        ("Screen_2024-12-05-18-15-07.mp4", at(2024, month: 12, day: 5, hour: 18, minute: 15, second: 7)),
        ("VID-20241205-WA0001.mp4", at(2024, month: 12, day: 5)),
        ("trip 2024-12-05.mov", at(2024, month: 12, day: 5))
    ])
    func fileNamePatterns(name: String, expected: LocalDateTime) {
        #expect(LocalDateTime(fileName: name) == expected)
    }

    @Test(arguments: ["IMG_0002.MOV", "clip_123420241205.mp4", "VID_20241305_181500.mp4", "2024-02-30.mov", "1850-01-01.mov"])
    func notDatesInFileNames(name: String) {
        #expect(LocalDateTime(fileName: name) == nil)
    }

    @Test func modificationTimeIsTheLastResort() {
        // 2024-12-04T07:40:00Z is 23:40 on the 3rd in Los Angeles.
        let day = capture(Fixtures.movie("IMG_0002.MOV", mtime: 1_733_298_000))
        #expect(day.rule == .modificationTime)
        #expect(day.localTime == at(2024, month: 12, day: 3, hour: 23, minute: 40))
    }

    @Test func unreadableFilesStillGetADay() {
        #expect(capture(Fixtures.broken("VID_20241205_181500.mp4")).rule == .fileName)
    }

    @Test func instantsRoundTrip() {
        for milliseconds in stride(from: -2_000_000_000_000, through: 4_000_000_000_000, by: 9_876_543_211) {
            let local = LocalDateTime(epochMilliseconds: milliseconds, utcOffsetSeconds: -28_800)
            #expect(local.epochMilliseconds(utcOffsetSeconds: -28_800) == milliseconds)
        }
        #expect(
            LocalDateTime(epochMilliseconds: -1, utcOffsetSeconds: 0)
                == at(1969, month: 12, day: 31, hour: 23, minute: 59, second: 59, millisecond: 999))
    }

    @Test func timeSpansFromProbedSecondsAreExact() {
        #expect(TimeSpan(milliseconds: 500).secondsText == "0.5")
        #expect(TimeSpan(milliseconds: 12_250).secondsText == "12.25")
        #expect(TimeSpan(milliseconds: 3000).secondsText == "3")
        #expect(TimeSpan(seconds: 0.1 + 0.2) == TimeSpan(milliseconds: 300))
        #expect(TimeSpan(milliseconds: 700) - TimeSpan(milliseconds: 200) + .zero == TimeSpan(milliseconds: 500))
        #expect(TimeSpan(milliseconds: 1001).half == TimeSpan(milliseconds: 500))
    }
}
