import DVMedia
import DVPlanning
import DVRender
import DVSamples
import DVSignal
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// Photo days through every feature a clip has, combined in one job as a user writes it: real photos of
/// `Corpus/` (an iPhone's HEIC alone, so a plain photo, and a Pixel's JPEG), stills made with a GPS position,
/// and real movies between them; every transition style across photo/photo and photo/video joins,
/// `theme:film` with a wide and a `reels` output, captions with `{place}`, pins to photos and to a movie
/// of another day, a grid of layers with photos among them, looks by the photos' Exif make and model, and
/// `clips.photo.count: 2`. Every day must show what the plan says and every reel decode clean with the
/// plan's frames; the calendar draws the photo days; a re-run, a killed run resumed, three shards and the
/// same library on a WebDAV server give the bytes of one run, the server's photos read about once.
@Suite(.serialized, .tags(.endToEnd, .reference)) struct PhotoMatrixTests {
    static let corpus = RealCorpusTests.folder
    /// Files of `Corpus/` in the library, copied alone: the HEIC without its movie is a plain photo.
    static let corpusFiles = [
        "IMG_3582.HEIC", "pixel_8.jpg", "h265_with_metadata_track.mp4", "dolbyVision-hdr.MOV", "sample_sef_slow_motion.mp4",
        "max-heromode.mp4"
    ]
    /// Stills made for the days of 2023-04-29 to 2023-05-09 (by their file names), a few with where they were taken.
    static let stills: [SampleStill] = {
        func still(_ day: Int, _ hour: Int, _ position: GeoPosition? = nil) -> SampleStill {
            SampleStill(
                fileName: String(format: "IMG_2023%02d%02d_%02d0000.jpg", day > 27 ? 4 : 5, day, hour),
                width: 400, height: 300, text: "\(day)", background: SRGBColour(red: UInt8(40 + day * 6), green: 90, blue: UInt8(200 - hour * 6)),
                position: position)
        }
        return [
            still(29, 9), still(29, 12), still(29, 15), still(30, 10, GeoPosition(latitude: 35.0116, longitude: 135.7681)), still(1, 10),
            still(3, 10), still(4, 9), still(4, 16, GeoPosition(latitude: 51.5334, longitude: -0.1255)), still(5, 10), still(7, 10),
            still(8, 10), still(9, 10)
        ]
    }()

    /// What each day of the job shows: its kind (nil for no media) and, for a photo, how many photos.
    static let expectedDays: [(date: String, kind: String?, photos: Int)] = [
        ("2023-04-28", "video", 0), ("2023-04-29", "photo", 2), ("2023-04-30", "photo", 1), ("2023-05-01", "photo", 1),
        ("2023-05-02", nil, 0), ("2023-05-03", "photo", 1), ("2023-05-04", "photo", 2), ("2023-05-05", "video", 0), ("2023-05-06", nil, 0),
        ("2023-05-07", "photo", 1), ("2023-05-08", "photo", 1), ("2023-05-09", "video", 0)
    ]

    /// Fails the test, rather than skipping it, on a machine without the place table; the environment that names it.
    static func places() throws -> [String: String] {
        try PlaceNameTests.requireTable()
        return ["DVPIPE_PLACES": PlaceNameTests.table.path]
    }

    /// The library under `media/` of `scratch`, and the looks' tables beside it.
    static func library(in scratch: TemporaryFolder) throws {
        try CorpusMatrixTests.library(corpusFiles, in: scratch)
        let media = scratch.url.appendingPathComponent("media")
        let writer = try SampleWriter()
        for still in stills {
            try writer.write(still, in: media)
        }
        try LookRenderTests.cube(size: 9, LookRenderTests.warm).write(
            to: scratch.url.appendingPathComponent("warm.cube"), atomically: true, encoding: .utf8)
        try LookRenderTests.cube(size: 9) { SIMD3($0.x * 0.8, $0.y * 0.9, min(1, $0.z * 1.1 + 0.05)) }.write(
            to: scratch.url.appendingPathComponent("cool.cube"), atomically: true, encoding: .utf8)
    }

    /// `reel.yaml` in `scratch` over `library` (`media`, or a server's address), joined by `style`: every
    /// feature at once, into `out/wide.mp4` and `out/tall.mp4`.
    /// With `tall` false only the wide output is written (the transitions' runs, to keep the suite short).
    static func job(in scratch: TemporaryFolder, library: String = "media", style: Job.Transition.Style = .crossfade, tall: Bool = true) throws -> URL
    {
        let job = scratch.url.appendingPathComponent("reel.yaml")
        try """
        version: 1
        extends: theme:film
        library: { paths: ["\(library)"], timezone: UTC }
        timeframe: { from: 2023-04-28, to: 2023-05-09 }
        clips: { video: { duration: 0.6s }, photo: { duration: 0.5s, count: 2 } }
        transition: { style: \(style.rawValue), duration: 0.2s }
        looks:
          - { match: { make: Apple, model: "iPhone 15*" }, lut: warm.cube }
          - { match: { make: google }, lut: cool.cube, strength: 0.8 }
        days:
          2023-04-30: { caption: "{place}" }
          2023-05-01: { pin: IMG_3582.HEIC, caption: "{city|somewhere} · {country}" }
          2023-05-03:
            layout: grid
            layers: [{ file: IMG_20230503_100000.jpg }, { file: pixel_8.jpg }, { file: sample_sef_slow_motion.mp4 }]
          2023-05-05: { pin: max-heromode.mp4 }
        outputs:
          - { name: wide, path: out/wide.mp4, resolution: 320x180, fps: 30 }
        \(tall ? "  - { name: tall, path: out/tall.mp4, resolution: 180x320, fps: 30, profile: reels }" : "")

        """.write(to: job, atomically: true, encoding: .utf8)
        return job
    }

    /// `plan --json` of `job`: its days and its frame count.
    static func planned(_ job: URL) throws -> (days: [[String: Any]], frames: Int) {
        let result = try DVPipeProcess.run(["plan", job.path, "--json"], environment: try places())
        try #require(result.status == 0, "plan: \(result.standardError)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let frames = try #require((document["timeline"] as? [String: Any])?["frame_count"] as? Int)
        return (try #require(document["days"] as? [[String: Any]]), frames)
    }

    /// Runs `dvpipe` with `arguments` (the place table named; `--progress none` but for `calendar`, which
    /// has no such option) and requires it to succeed; returns its standard output.
    @discardableResult
    static func succeed(_ arguments: [String]) throws -> String {
        let quiet = arguments.first == "calendar" ? [] : ["--progress", "none"]
        let result = try DVPipeProcess.run(arguments + quiet, environment: try places())
        try #require(result.status == 0, "dvpipe \(arguments.joined(separator: " ")): \(result.standardError)")
        CorpusMatrixTests.expectEachFileNamedOnce(result.standardOutput + "\n" + result.standardError, "dvpipe \(arguments[0])")
        #expect(!result.standardError.contains("warning"), "dvpipe \(arguments[0]): \(result.standardError)")
        return result.standardOutput
    }

    /// The two reels of a job in `scratch`.
    static func reels(in scratch: TemporaryFolder) throws -> [Data] {
        try ["wide", "tall"].map { try Data(contentsOf: scratch.url.appendingPathComponent("out/\($0).mp4")) }
    }

    /// The job with crossfades over the folder, run once per test process: its folder (kept) and its reels.
    static let reference: Result<(scratch: TemporaryFolder, reels: [Data]), any Error> = Result {
        let scratch = try TemporaryFolder("photo-matrix")
        try library(in: scratch)
        try succeed(["run", try job(in: scratch).path])
        return (scratch, try reels(in: scratch))
    }

    @Test(
        "each transition style over photo/photo and photo/video joins: every day shows what the plan says, each reel clean with the plan's frames",
        arguments: Job.Transition.Style.allCases)
    func everyTransition(style: Job.Transition.Style) throws {
        // The theme's crossfade is the other tests' reference run, whose wide reel this checks; the other styles
        // write the wide output alone.
        let reference = style == .crossfade ? try Self.reference.get() : nil
        let scratch = try reference?.scratch ?? TemporaryFolder("photo-matrix-\(style.rawValue)")
        if reference == nil {
            try Self.library(in: scratch)
        }
        let job = try reference.map { $0.scratch.url.appendingPathComponent("reel.yaml") } ?? Self.job(in: scratch, style: style, tall: false)
        let (days, frames) = try Self.planned(job)
        try #require(days.count == Self.expectedDays.count)
        for (day, expected) in zip(days, Self.expectedDays) {
            #expect(day["date"] as? String == expected.date && day["kind"] as? String == expected.kind, "\(style): \(day)")
            let shots = (day["photo"] as? [String: Any])?["shots"] as? [[String: Any]]
            #expect((shots?.count ?? 0) == expected.photos, "\(style) \(expected.date): \(shots ?? [])")
        }
        if reference == nil {
            try Self.succeed(["run", job.path])
        }
        try CorpusMatrixTests.expectClean(scratch.url.appendingPathComponent("out/wide.mp4"), frames: frames, "\(style)")
    }

    @Test(
        "the plan shows each feature on its photo day: counts, pins from other days, {place} from a still's GPS, looks by Exif camera, photos as layers"
    )
    func planShowsEveryFeature() throws {
        let scratch = try TemporaryFolder("photo-matrix-plan")
        try Self.library(in: scratch)
        let (days, _) = try Self.planned(try Self.job(in: scratch))
        let byDate = Dictionary(uniqueKeysWithValues: days.compactMap { day in (day["date"] as? String).map { ($0, day) } })
        func day(_ date: String) throws -> [String: Any] { try #require(byDate[date], "\(date) is planned") }
        func lut(_ value: Any?) -> String? { ((value as? [String: Any])?["lut"] as? String).map { URL(fileURLWithPath: $0).lastPathComponent } }

        let counted = try day("2023-04-29")
        #expect(counted["reason"] as? String == "2 photos of 3", "\(counted)")
        let kyoto = try day("2023-04-30")
        #expect((kyoto["place"] as? [String: String])?["city"] == "Kyoto", "the still's Exif GPS names the day: \(kyoto)")
        let pinned = try day("2023-05-01")
        #expect(pinned["status"] as? String == "pinned" && pinned["reason"] as? String == "pinned from 2025-05-26", "\(pinned)")
        #expect(pinned["kind"] as? String == "photo" && (pinned["file"] as? String)?.hasSuffix("IMG_3582.HEIC") == true, "\(pinned)")
        #expect((pinned["place"] as? [String: String])?["country_code"] == "US", "the HEIC's GPS names the day: \(pinned)")
        #expect(lut(pinned["look"]) == "warm.cube", "the iPhone 15 Pro's look: \(pinned)")
        #expect(pinned["caption"] as? String == "{city|somewhere} · {country}", "\(pinned)")

        let grid = try day("2023-05-03")
        let layers = try #require(grid["layers"] as? [[String: Any]], "\(grid)")
        try #require(layers.count == 3, "\(layers)")
        #expect(layers.map { $0["kind"] as? String } == ["photo", "photo", "video"], "\(layers)")
        #expect(
            lut(layers[1]["look"]) == "cool.cube" && layers[0]["look"] is NSNull && layers[2]["look"] is NSNull,
            "the Pixel's look on its layer alone: \(layers)")

        let video = try day("2023-05-05")
        #expect(
            video["kind"] as? String == "video" && video["reason"] as? String == "pinned from 2019-11-18", "a pin beats the day's photo: \(video)")
    }

    @Test("the calendar draws each photo day's thumbnail, the HEIC pinned from another day and the grid of photos included")
    func calendarDrawsPhotoDays() throws {
        let scratch = try TemporaryFolder("photo-matrix-calendar")
        try Self.library(in: scratch)
        let job = try Self.job(in: scratch)
        try Self.succeed(["calendar", job.path, "-o", scratch.url.appendingPathComponent("calendar.png").path])
        let picture = try RGBPicture.read(from: scratch.url.appendingPathComponent("calendar.png"))
        let layout = CalendarLayout(days: DayRange(CalendarDay("2023-04-28")!, CalendarDay("2023-05-09")!))
        let cell = CalendarPalette.standard.cell
        for expected in Self.expectedDays {
            let date = try #require(CalendarDay(expected.date))
            let area = try #require(layout.thumbnailRect(for: date))
            let drawn = CalendarCommandTests.pixels(in: area, of: picture, differingFrom: cell)
            if expected.kind == nil {
                #expect(drawn == 0, "\(expected.date) has no media")
            } else {
                #expect(drawn > area.width * area.height / 4, "\(expected.date) (\(expected.kind ?? "")) has no thumbnail: \(drawn) pixels drawn")
            }
        }
    }

    @Test("a re-run reuses every segment and a run killed mid-way then resumed gives the same bytes")
    func rerunAndResumeGiveTheSameBytes() throws {
        let reference = try Self.reference.get()
        let job = reference.scratch.url.appendingPathComponent("reel.yaml")
        let again = try Self.succeed(["run", job.path])
        #expect(again.contains(" 0 rendered, "), "every segment is reused: \(again)")
        #expect(try Self.reels(in: reference.scratch) == reference.reels)

        let scratch = try TemporaryFolder("photo-matrix-killed")
        try Self.library(in: scratch)
        let killed = try Self.job(in: scratch)
        let segments = scratch.url.appendingPathComponent(".dvpipe/reel/segments")
        func finished() -> Int {
            ((try? FileManager.default.contentsOfDirectory(atPath: segments.path)) ?? []).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.count
        }
        let process = try DVPipeProcess.start(["run", killed.path, "--progress", "none", "--jobs", "1"], environment: try Self.places())
        DVPipeProcess.wait(for: process) { finished() >= 3 }
        #expect(process.isRunning, "the run should still be going when killed")
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let resumed = try Self.succeed(["run", killed.path])
        #expect(resumed.contains("reused"), "\(resumed)")
        #expect(try Self.reels(in: scratch) == reference.reels)
    }

    @Test("three shards and an assemble give the bytes of one run")
    func shardsGiveTheBytesOfOneRun() throws {
        let reference = try Self.reference.get()
        let scratch = try TemporaryFolder("photo-matrix-shards")
        try Self.library(in: scratch)
        let job = try Self.job(in: scratch)
        let work = scratch.url.appendingPathComponent("shared-work").path
        for shard in 1...3 {
            try Self.succeed(["render", job.path, "--shard", "\(shard)/3", "--work-dir", work])
        }
        try Self.succeed(["assemble", job.path, "--work-dir", work])
        #expect(try Self.reels(in: scratch) == reference.reels)
    }

    @Test("the library on a WebDAV server gives the folder's bytes, each photo read by ranges about once")
    func aServerGivesTheSameBytes() throws {
        let reference = try Self.reference.get()
        let server = try LibraryServer.proxy(before: try LibraryServer.rclone(serving: reference.scratch.url.appendingPathComponent("media")))
        let scratch = try TemporaryFolder("photo-matrix-server")
        try Self.library(in: scratch)
        try FileManager.default.removeItem(at: scratch.url.appendingPathComponent("media"))
        let job = try Self.job(in: scratch, library: server.url)
        try Self.succeed(["run", job.path])
        #expect(try Self.reels(in: scratch) == reference.reels)

        let requests = server.requests()
        #expect(Set(requests.map(\.method)) == ["PROPFIND", "GET"], "\(Set(requests.map(\.method)))")
        let media = reference.scratch.url.appendingPathComponent("media")
        // The scan reads a photo's head, its identity and analysis all of it, its render decodes it again: the
        // blocks fetched once serve them all (about 1.00 of each photo's size when measured).
        for photo in ["IMG_3582.HEIC", "pixel_8.jpg"] + Self.stills.map(\.fileName) {
            let size = try #require(try FileManager.default.attributesOfItem(atPath: media.appendingPathComponent(photo).path)[.size] as? Int)
            let gets = requests.filter { $0.method == "GET" && $0.path.hasSuffix("/\(photo)") }
            let fetched = gets.map(\.bytes).reduce(0, +)
            #expect(
                fetched > 0 && fetched <= size + size / 20,
                "\(photo): \(fetched) bytes of \(size) fetched: \(gets.map { "\($0.range) \($0.bytes)" })")
        }
    }
}
