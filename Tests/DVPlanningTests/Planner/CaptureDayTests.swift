import Foundation
import Testing

@testable import DVPlanning

@Suite struct CaptureDayTests {
    let losAngeles = TimeZone(identifier: "America/Los_Angeles")!

    private func capture(_ entry: MediaEntry, in zone: String = "America/Los_Angeles") -> CaptureDay {
        CaptureDay(of: entry, in: TimeZone(identifier: zone)!)
    }

    @Test func localCreationDateKeepsItsOwnDay() {
        let late = capture(Fixtures.movie("a.mov", local: "2024-12-03T23:40:00-0800", utc: "2024-12-04T07:40:00Z"))
        #expect(late.localTime == LocalDateTime(year: 2024, month: 12, day: 3, hour: 23, minute: 40))
        #expect(late.rule == .localCreationDate)
        let early = capture(Fixtures.movie("b.mov", local: "2024-12-04T00:30:00-08:00"), in: "Asia/Tokyo")
        #expect(early.localTime == LocalDateTime(year: 2024, month: 12, day: 4, hour: 0, minute: 30))
        let zulu = capture(Fixtures.movie("c.mov", local: "2024-12-04T00:30:00.500Z"))
        #expect(zulu.localTime == LocalDateTime(year: 2024, month: 12, day: 4, minute: 30, millisecond: 500))
    }

    @Test func localCreationDateWithoutOffsetFallsThrough() {
        let entry = Fixtures.movie("a.mov", local: "2024-12-03T23:40:00", utc: "2024-12-04T07:40:00Z")
        #expect(capture(entry).rule == .creationTime)
    }

    @Test func creationTimeCrossesMidnightInLibraryZone() {
        let entry = Fixtures.movie("a.mov", utc: "2024-12-04T07:40:00.000000Z")
        let day = capture(entry)
        #expect(day.rule == .creationTime)
        #expect(day.localTime == LocalDateTime(year: 2024, month: 12, day: 3, hour: 23, minute: 40))
        #expect(capture(entry, in: "UTC").localTime.day == 4)
    }

    @Test func creationTimeOnDaylightSavingDays() {
        // Berlin leaves summer time at 03:00 CEST on 2024-10-27: 00:30Z is 02:30 CEST, 01:30Z is 02:30 CET.
        let beforeChange = capture(Fixtures.movie("a.mov", utc: "2024-10-27T00:30:00Z"), in: "Europe/Berlin")
        let afterChange = capture(Fixtures.movie("b.mov", utc: "2024-10-27T01:30:00Z"), in: "Europe/Berlin")
        #expect(beforeChange.localTime == LocalDateTime(year: 2024, month: 10, day: 27, hour: 2, minute: 30))
        #expect(afterChange.localTime == LocalDateTime(year: 2024, month: 10, day: 27, hour: 2, minute: 30))
        let lateInBerlin = capture(Fixtures.movie("c.mov", utc: "2024-10-27T22:59:00Z"), in: "Europe/Berlin")
        #expect(lateInBerlin.localTime == LocalDateTime(year: 2024, month: 10, day: 27, hour: 23, minute: 59))
        // New York springs forward at 02:00 EST on 2024-03-10: 04:30Z is 23:30 EST on the 9th, 06:59Z 01:59 EST,
        // 07:00Z is 03:00 EDT, and 03:59Z on the 11th is 23:59 EDT on the 10th.
        let york = "America/New_York"
        #expect(capture(Fixtures.movie("d.mov", utc: "2024-03-10T04:30:00Z"), in: york).localTime.day == 9)
        #expect(
            capture(Fixtures.movie("e.mov", utc: "2024-03-10T07:00:00Z"), in: york).localTime
                == LocalDateTime(year: 2024, month: 3, day: 10, hour: 3))
        #expect(
            capture(Fixtures.movie("f.mov", utc: "2024-03-11T03:59:00Z"), in: york).localTime
                == LocalDateTime(year: 2024, month: 3, day: 10, hour: 23, minute: 59))
    }

    @Test(arguments: ["1904-01-01T00:00:00Z", "1970-01-01T00:00:00.000000Z"])
    func placeholderYearsCountAsUnset(stamp: String) {
        let entry = Fixtures.movie("VID_20241205_181500.mp4", local: "1969-12-31T16:00:00-0800", utc: stamp)
        #expect(capture(entry).rule == .fileName)
    }

    @Test func fileNameDateIsLocalWallClock() {
        let day = capture(Fixtures.movie("DCIM/VID_20241205_181500.mp4"))
        #expect(day.rule == .fileName)
        #expect(day.localTime == LocalDateTime(year: 2024, month: 12, day: 5, hour: 18, minute: 15))
    }

    @Test(arguments: [
        ("VID_20241205_181500.mp4", LocalDateTime(year: 2024, month: 12, day: 5, hour: 18, minute: 15)),
        ("PXL_20241205_181500123.mp4", LocalDateTime(year: 2024, month: 12, day: 5, hour: 18, minute: 15, millisecond: 123)),
        ("IMG_20241205_181500.jpg", LocalDateTime(year: 2024, month: 12, day: 5, hour: 18, minute: 15)),
        ("2024-12-05 18.15.00.mov", LocalDateTime(year: 2024, month: 12, day: 5, hour: 18, minute: 15)),
        ("20241205_181500.mp4", LocalDateTime(year: 2024, month: 12, day: 5, hour: 18, minute: 15)),
        ("Screen_2024-12-05-18-15-07.mp4", LocalDateTime(year: 2024, month: 12, day: 5, hour: 18, minute: 15, second: 7)),
        ("VID-20241205-WA0001.mp4", LocalDateTime(year: 2024, month: 12, day: 5)),
        ("trip 2024-12-05.mov", LocalDateTime(year: 2024, month: 12, day: 5)),
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
        #expect(day.localTime == LocalDateTime(year: 2024, month: 12, day: 3, hour: 23, minute: 40))
    }

    @Test func unreadableFilesStillGetADay() {
        #expect(capture(Fixtures.broken("VID_20241205_181500.mp4")).rule == .fileName)
    }

    @Test func civilArithmeticRoundTrips() {
        for days in stride(from: -800_000, through: 800_000, by: 997) {
            let (year, month, day) = LocalDateTime.civil(fromDays: days)
            #expect(LocalDateTime.days(fromYear: year, month: month, day: day) == days)
        }
        #expect(LocalDateTime(epochMilliseconds: -1, utcOffsetSeconds: 0) == LocalDateTime(
            year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59, millisecond: 999))
    }

    @Test func millisecondsPrintAndCodeExactly() throws {
        #expect(Milliseconds(500).description == "0.5s")
        #expect(Milliseconds(12_250).description == "12.25s")
        #expect(Milliseconds(3000).description == "3s")
        #expect(Milliseconds(seconds: 0.1 + 0.2) == Milliseconds(300))
        let data = try JSONEncoder().encode([Milliseconds(100), Milliseconds(123_456_789)])
        #expect(String(decoding: data, as: UTF8.self) == "[0.1,123456.789]")
        #expect(try JSONDecoder().decode([Milliseconds].self, from: data) == [Milliseconds(100), Milliseconds(123_456_789)])
    }
}
