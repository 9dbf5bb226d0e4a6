import DVMedia
import DVPlanning
import DVRender
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// `dvpipe calendar` over the demo library, as a user runs it.
@Suite(.tags(.endToEnd)) struct CalendarCommandTests {
    private func day(_ text: String) -> CalendarDay { CalendarDay(text)! }

    /// Pixels of `rect` with a component more than 6 away from `color`'s.
    static func pixels(in rect: PixelRect, of picture: RGBPicture, differingFrom color: SRGBColour) -> Int {
        (rect.y..<rect.maxY).reduce(0) { count, y in
            count
                + (rect.x..<rect.maxX).count { x in
                    let pixel = picture[x, y]
                    return abs(Int(pixel.red) - Int(color.red)) > 6 || abs(Int(pixel.green) - Int(color.green)) > 6
                        || abs(Int(pixel.blue) - Int(color.blue)) > 6
                }
        }
    }

    @Test func theDemoCalendarHasThumbnailsBlanksBadgesAndCrosses() async throws {
        let scratch = try TemporaryFolder("job")
        let job = try await DemoLibrary.jobCopy(in: scratch)
        let folder = scratch.url
        let result = try DVPipeProcess.run(["calendar", job.path, "-o", "december.png"], in: folder)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardOutput.contains("Wrote december.png: 1192x878 px, 1 month, 24 of 31 days with media."))
        #expect(!result.standardError.contains("warning"))

        let picture = try RGBPicture.read(from: folder.appendingPathComponent("december.png"))
        let layout = CalendarLayout(days: DayRange(day("2024-12-01"), day("2024-12-31")))
        #expect(picture.width == layout.width && picture.height == layout.height)
        let palette = CalendarPalette.standard
        for date in ["2024-12-01", "2024-12-04", "2024-12-08", "2024-12-23"] {
            let area = try #require(layout.thumbnailRect(for: day(date)))
            #expect(Self.pixels(in: area, of: picture, differingFrom: palette.cell) > area.width * area.height / 4, "\(date) has no thumbnail")
        }
        for date in ["2024-12-07", "2024-12-28"] {
            let area = try #require(layout.thumbnailRect(for: day(date)))
            #expect(Self.pixels(in: area, of: picture, differingFrom: palette.cell) == 0, "\(date) is not blank")
        }
        let skipped = try #require(layout.thumbnailRect(for: day("2024-12-15")))
        let crossed = Self.pixels(in: skipped, of: picture, differingFrom: palette.cell)
        #expect(crossed > 0 && crossed < skipped.width * skipped.height / 5)
        let pinnedStrip = try #require(layout.numberStripRect(for: day("2024-12-08")))
        let plainStrip = try #require(layout.numberStripRect(for: day("2024-12-09")))
        #expect(
            Self.pixels(in: pinnedStrip, of: picture, differingFrom: palette.cell) > Self.pixels(
                in: plainStrip, of: picture, differingFrom: palette.cell) * 4)
    }

    @Test func aClipThatNoLongerDecodesIsABlankDayWithAWarning() async throws {
        let demo = try await DemoLibrary.folder().appendingPathComponent("library")
        let scratch = try TemporaryFolder("calendar")
        let folder = scratch.url
        let library = folder.appendingPathComponent("library")
        try FileManager.default.createDirectory(at: library, withIntermediateDirectories: true)
        let stamp = [FileAttributeKey.modificationDate: Date(timeIntervalSince1970: 1_733_000_000)]
        for name in ["IMG_0001.MOV", "IMG_0002.MOV"] {
            try FileManager.default.copyItem(at: demo.appendingPathComponent(name), to: library.appendingPathComponent(name))
            try FileManager.default.setAttributes(stamp, ofItemAtPath: library.appendingPathComponent(name).path)
        }
        let job = folder.appendingPathComponent("job.yaml")
        try """
        version: 1
        library: { paths: [library], timezone: America/Los_Angeles }
        timeframe: { from: 2024-12-01, to: 2024-12-03 }
        output: { path: out.mp4 }

        """.write(to: job, atomically: true, encoding: .utf8)
        #expect(try DVPipeProcess.run(["plan", job.path]).status == 0)

        // Same size and modification time: the cached index still trusts the file, but it no longer decodes.
        let damaged = library.appendingPathComponent("IMG_0002.MOV")
        let size = try #require(try FileManager.default.attributesOfItem(atPath: damaged.path)[.size] as? Int)
        try Data(repeating: 0x42, count: size).write(to: damaged)
        try FileManager.default.setAttributes(stamp, ofItemAtPath: damaged.path)

        let result = try DVPipeProcess.run(["calendar", job.path, "-o", "cal.png"], in: folder)
        #expect(result.status == 0, "stderr: \(result.standardError)")
        #expect(result.standardError.contains("warning: IMG_0002.MOV: no thumbnail for 2024-12-02"))
        let picture = try RGBPicture.read(from: folder.appendingPathComponent("cal.png"))
        let layout = CalendarLayout(days: DayRange(day("2024-12-01"), day("2024-12-03")))
        let cell = CalendarPalette.standard.cell
        let first = try #require(layout.thumbnailRect(for: day("2024-12-01")))
        let second = try #require(layout.thumbnailRect(for: day("2024-12-02")))
        #expect(Self.pixels(in: first, of: picture, differingFrom: cell) > 0)
        #expect(Self.pixels(in: second, of: picture, differingFrom: cell) == 0)
    }

    @Test func columnsOutOfRangeIsAUsageError() throws {
        let result = try DVPipeProcess.run(["calendar", "job.yaml", "-o", "out.png", "--columns", "0"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--columns takes 1 to 12"))
    }

    @Test func theOutputFileIsRequired() throws {
        let result = try DVPipeProcess.run(["calendar", "job.yaml"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("Missing expected argument '--output <output>'"))
    }
}
