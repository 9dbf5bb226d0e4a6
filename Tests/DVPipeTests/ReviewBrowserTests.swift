import DVMedia
import DVSamples
import DVTestBasics
import DVTestSupport
import Foundation
import Testing

/// The review page (`dvpipe review JOB -o DIR`) in a real browser: Debian's chromium, headless, driven through
/// the page's stable hooks by `Support/review_browser.py`. Changes made by clicks, downloaded and applied with
/// `dvpipe apply`, change the plan on those days alone, the job file on their lines alone, and re-render those
/// days alone; axe-core finds no serious violation, the console no error, the cells fit at 1280 and 390 px, and
/// the page shows its calendar and previews with JavaScript off. Skipped where chromium is missing, except in
/// CI (`CI=true`), where that fails.
@Suite(
    .tags(.endToEnd, .reference), .serialized,
    .enabled(if: ReviewBrowser.available || ReviewBrowser.inCI, "needs Debian's chromium, chromium-driver and .build-review/venv (make test)")
)
struct ReviewBrowserTests {
    /// The month's project: its library (two clips a day of March 2024 but the 16th, and two days of April),
    /// its job file, rendered once and reviewed into `page/`, with the plan of that render.
    struct Month {
        let folder: TemporaryFolder
        let job: URL
        let page: URL
        let jobText: String

        var root: URL { folder.url }
    }

    /// The day with no clip, whose cell offers the clips of nearby days to pin.
    static let blankDay = 16

    /// The 5th's second clip, the one chosen by a click: a name with quotes and non-Latin letters, which the
    /// page, the changes file and `dvpipe apply` must carry through as it is.
    static let quotedName = "Día \"cinco\" 雪景色.mp4"

    /// A clip of `day` in `month` of 2024, filmed at `hour`:00 UTC; each shows its own text, so no two are alike.
    static func clip(month: Int, day: Int, hour: Int) -> SampleClip {
        let stamp = String(format: "2024%02d%02d", month, day)
        return SampleClip(
            fileName: month == 3 && day == 5 && hour == 15 ? quotedName : String(format: "VID_%@_%02d0000.mp4", stamp, hour), duration: 3, width: 160,
            height: 90, fps: 10,
            audio: .none, tags: .filmed(at: String(format: "2024-%02d-%02dT%02d:00:00+0000", month, day, hour)),
            text: "\(month)/\(day) \(hour)h"
        )
    }

    /// A job over `media/` for `timeframe`, named `name`, with two days already set (a comment, a caption on the
    /// 12th that a skip must keep, one on the 20th that no change touches); cut from day to day, so each day is a
    /// segment of its own that no neighbour's change touches.
    static func jobText(name: String, timeframe: String) -> String {
        """
        # March 2024, reviewed in a browser (ReviewBrowserTests)
        version: 1
        name: \(name)
        library: { paths: [media], timezone: UTC }
        timeframe: \(timeframe)
        clips:
          video: { duration: 1s }
        transition: { style: cut }
        output: { path: out/reel.mp4, resolution: 160x90, fps: 10 }

        days:
          # the birthday: its caption stays when the day is skipped
          2024-03-12:
            caption: "Birthday"

          2024-03-20:
            caption: Spring   # no change touches this day

        """
    }

    static let name = "March in the browser"
    static let march = "{ from: 2024-03-01, to: 2024-03-31 }"

    /// The library, written once per test process.
    static let library: Result<TemporaryFolder, any Error> = Result {
        let folder = try TemporaryFolder("review-library")
        let writer = try SampleWriter()
        for day in 1...31 where day != blankDay {
            for hour in [9, 15] {
                try writer.write(clip(month: 3, day: day, hour: hour), in: folder.url)
            }
        }
        for day in 1...2 {
            try writer.write(clip(month: 4, day: day, hour: 9), in: folder.url)
        }
        return folder
    }

    /// A project in a new folder with its own copy of the library and a job named `name` over `timeframe`,
    /// rendered when `render` says so, then reviewed into `page/`.
    static func project(name: String = name, timeframe: String = march, render: Bool) throws -> Month {
        let folder = try TemporaryFolder("review-browser")
        try FileManager.default.copyItem(at: try library.get().url, to: folder.url.appendingPathComponent("media"))
        let job = folder.url.appendingPathComponent("job.yaml")
        let text = jobText(name: name, timeframe: timeframe)
        try text.write(to: job, atomically: true, encoding: .utf8)
        if render {
            let run = try DVPipeProcess.run(["run", job.path, "--progress", "none"])
            try #require(run.status == 0, "dvpipe run: \(run.standardError)")
        }
        let page = folder.url.appendingPathComponent("page")
        let review = try DVPipeProcess.run(["review", job.path, "-o", page.path])
        try #require(review.status == 0, "dvpipe review: \(review.standardError)")
        return Month(folder: folder, job: job, page: page, jobText: text)
    }

    /// `dvpipe plan --json`'s days by date, each without `output_start` (which a skip moves for every later day).
    static func plannedDays(_ job: URL) throws -> [String: NSDictionary] {
        let plan = try DVPipeProcess.run(["plan", job.path, "--json"])
        try #require(plan.status == 0, "dvpipe plan: \(plan.standardError)")
        let object = try JSONSerialization.jsonObject(with: Data(plan.standardOutput.utf8)) as? [String: Any]
        let days = try #require(object?["days"] as? [[String: Any]])
        return Dictionary(
            days.compactMap { day in
                (day["date"] as? String).map { ($0, NSDictionary(dictionary: day.filter { $0.key != "output_start" })) }
            }
        ) { first, _ in first }
    }

    /// The date of the `days:` entry that line `index` of `lines` belongs to, nil for a line outside `days:`.
    static func day(ofLine index: Int, in lines: [Substring]) -> String? {
        for line in lines[...index].reversed() {
            let indent = line.prefix { $0 == " " }.count
            let content = line.dropFirst(indent)
            if content.isEmpty || content.hasPrefix("#") { continue }
            if indent == 2, content.count == 11, content.hasSuffix(":") { return String(content.dropLast()) }
            if indent <= 2 { return nil }
        }
        return nil
    }

    @Test("four changes clicked on the page, downloaded and applied, change the plan, the job file and the render on those four days alone")
    func clickedChanges() throws {
        let month = try Self.project(render: true)
        let before = try Self.plannedDays(month.job)
        let offered = try ReviewBrowser.run(["inspect", month.page.path])
        let cells = try #require(offered["days"] as? [[String: Any]])
        let files = Dictionary(cells.compactMap { cell in (cell["date"] as? String).map { ($0, cell["files"] as? [String] ?? []) } }) { a, _ in a }
        #expect(files.count == 31, "a cell for each day of March: \(files.keys.sorted())")
        let blank = String(format: "2024-03-%02d", Self.blankDay)
        let nearby = try #require(
            files[blank]?.first { !$0.contains(blank.replacingOccurrences(of: "-", with: "")) },
            "the blank day \(blank) offers a clip of a nearby day: \(files[blank] ?? [])")
        let other = Self.quotedName
        #expect(files["2024-03-05"]?.contains(other) == true, "the 5th offers its other clip: \(files["2024-03-05"] ?? [])")
        let actions: [[String: Any]] = [
            ["date": "2024-03-05", "action": "choose", "file": other],
            ["date": "2024-03-09", "action": "start", "steps": 5],
            ["date": "2024-03-12", "action": "skip"],
            ["date": blank, "action": "choose", "file": nearby]
        ]
        let changed: Set = ["2024-03-05", "2024-03-09", "2024-03-12", blank]
        let page = try ReviewBrowser.change(month.page, actions)
        let changes = try #require(page["changes"] as? String)
        #expect(page["download"] as? String == changes, "#download offers what #changes shows")
        #expect(page["download_name"] as? String == "changes.yaml")
        #expect((page["console_errors"] as? [String])?.isEmpty == true, "console: \(page["console_errors"] ?? [])")
        #expect(changes.contains("job: \(Self.name)\n") || changes.contains("job: \"\(Self.name)\"\n"), "the job's name: \(changes)")
        for date in changed {
            #expect(changes.contains("  \(date):\n"), "\(date) in the changes: \(changes)")
        }
        #expect(changes.contains("pin: {file: \"\(Self.clip(month: 3, day: 9, hour: 9).fileName)\", start: 0.5s}"), "the new start: \(changes)")
        #expect(changes.contains(#"pin: "Día \"cinco\" 雪景色.mp4""#), "the quoted name, escaped: \(changes)")
        let changesFile = month.root.appendingPathComponent("changes.yaml")
        try changes.write(to: changesFile, atomically: true, encoding: .utf8)
        let apply = try DVPipeProcess.run(["apply", month.job.path, changesFile.path])
        try #require(apply.status == 0, "dvpipe apply: \(apply.standardError)")

        let after = try Self.plannedDays(month.job)
        let differing = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
        #expect(differing == changed, "the plan changed on \(differing.sorted())")
        #expect(after["2024-03-05"]?["file"] as? String == other)
        #expect(after["2024-03-09"]?["start"] as? Double == 0.5)
        #expect(after["2024-03-12"]?["status"] as? String == "skipped")
        #expect(after[blank]?["file"] as? String == nearby)

        let old = month.jobText.split(separator: "\n", omittingEmptySubsequences: false)
        let new = try String(contentsOf: month.job, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        for change in new.difference(from: old) {
            switch change {
            case let .insert(offset, line, _):
                #expect(Self.day(ofLine: offset, in: new).map(changed.contains) == true, "line \(offset + 1) added outside the changed days: \(line)")
            case let .remove(offset, line, _):
                #expect(
                    Self.day(ofLine: offset, in: old).map(changed.contains) == true, "line \(offset + 1) removed outside the changed days: \(line)")
            }
        }
        #expect(new.contains("    caption: \"Birthday\""), "the skipped day keeps its caption")

        let run = try DVPipeProcess.run(["run", month.job.path, "--progress", "none"])
        try #require(run.status == 0, "dvpipe run: \(run.standardError)")
        let counts = try #require(DatedLibrary.segmentCounts(run.standardOutput + run.standardError), "no segment counts in \(run.standardOutput)")
        // The nearby clip pinned on the blank day is a segment already made when it is its own day's chosen clip.
        let made = before.values.contains { $0["file"] as? String == nearby } ? 2 : 3
        #expect(counts.total == 30 && counts.rendered == made && counts.reused == 30 - made, "made the changed days' segments alone: \(counts)")
    }

    @Test(
        "axe-core finds no serious violation, Tab reaches every control, the console shows no error, the cells fit 1280 and 390 px without overlap with the days closed and opened, and with JavaScript off the calendar and previews show"
    )
    func accessibleAndReadable() throws {
        let month = try Self.project(render: false)
        try FileManager.default.createDirectory(at: ReviewBrowser.screenshots, withIntermediateDirectories: true)
        let seen = try ReviewBrowser.run(["check", month.page.path, ReviewBrowser.screenshots.path])
        #expect((seen["axe"] as? [Any])?.isEmpty == true, "axe-core: \(seen["axe"] ?? "no report")")
        #expect((seen["axe_opened"] as? [Any])?.isEmpty == true, "axe-core, every day opened: \(seen["axe_opened"] ?? "no report")")
        #expect((seen["console_errors"] as? [String])?.isEmpty == true, "console: \(seen["console_errors"] ?? [])")
        let keyboard = try #require(seen["keyboard"] as? [String: Any])
        #expect(
            (keyboard["controls"] as? Int ?? 0) > 31 && keyboard["reached"] as? Int == keyboard["controls"] as? Int,
            "the Tab key reaches every control shown: \(keyboard)")
        for (width, opened) in [(1280, ""), (1280, "_opened"), (390, ""), (390, "_opened")] {
            let layout = try #require(seen["layout_\(width)\(opened)"] as? [String: Any])
            #expect(layout["cells"] as? Int == 31, "\(width) px\(opened): \(layout)")
            // The viewport is the window less its scroll bar (15 px at 1280, none at 390, where the bars overlay).
            let viewport = layout["width"] as? Int ?? 0
            #expect(
                viewport > width - 20 && viewport <= width && layout["page_width"] as? Int == viewport,
                "\(width) px\(opened): the page scrolls sideways: \(layout)")
            #expect((layout["outside"] as? [Any])?.isEmpty == true, "\(width) px\(opened): cells outside the viewport: \(layout["outside"] ?? [])")
            #expect((layout["overlapping"] as? [Any])?.isEmpty == true, "\(width) px\(opened): cells overlap: \(layout["overlapping"] ?? [])")
            #expect(FileManager.default.fileExists(atPath: layout["screenshot"] as? String ?? ""), "\(width) px\(opened): a screenshot")
        }
        let plain = try #require(seen["without_javascript"] as? [String: Any])
        #expect(plain["scripted"] as? Bool == false, "JavaScript was off: \(plain)")
        #expect(plain["cells_shown"] as? Int == 31, "the calendar shows without JavaScript: \(plain)")
        let previews = (plain["pictures_loaded"] as? Int ?? 0) + (plain["videos_with_poster"] as? Int ?? 0)
        #expect(previews >= 30, "each day with a clip shows its preview without JavaScript: \(plain)")
        #expect(plain["pictures_loaded"] as? Int == plain["pictures"] as? Int, "every picture shown loads: \(plain)")
    }

    @Test("the month's page weighs its share of the year's 40 MB and shows its first screen within 2 s")
    func light() throws {
        let month = try Self.project(render: false)
        let files = FileManager.default.enumerator(at: month.page, includingPropertiesForKeys: [.fileSizeKey])?.compactMap { $0 as? URL } ?? []
        let bytes = try files.reduce(0) { $0 + (try $1.resourceValues(forKeys: [.fileSizeKey]).fileSize ?? 0) }
        // bench/review.py measures the year (365 days of five clips, 1,825 of them) against 40 MB.
        #expect(bytes <= 40_000_000 * 31 / 365, "the page weighs \(bytes) bytes")
        let timing = try ReviewBrowser.run(["timing", month.page.path, "1"])
        for figure in ["first_contentful_paint_ms", "first_screen_ms"] {
            let milliseconds = try #require((timing[figure] as? [Double])?.first, "\(figure) in \(timing)")
            #expect(milliseconds <= 2000, "\(figure): \(timing)")
        }
    }

    @Test("a changes file made on another job's page, or on a day outside the timeframe, is refused with its name and the job file kept")
    func foreignChanges() throws {
        let month = try Self.project(render: false)
        let pages = [
            (
                "another job", try Self.project(name: "Another reel", timeframe: "{ from: 2024-03-30, to: 2024-03-31 }", render: false), "2024-03-31",
                "Another reel"
            ),
            ("outside", try Self.project(timeframe: "{ from: 2024-03-31, to: 2024-04-02 }", render: false), "2024-04-01", "2024-04-01")
        ]
        for (what, project, date, named) in pages {
            let page = try ReviewBrowser.change(project.page, [["date": date, "action": "skip"]])
            let changes = try #require(page["changes"] as? String)
            #expect(changes.contains("  \(date):\n    skip: true\n"), "\(what): \(changes)")
            let file = month.root.appendingPathComponent("\(date).yaml")
            try changes.write(to: file, atomically: true, encoding: .utf8)
            let apply = try DVPipeProcess.run(["apply", month.job.path, file.path])
            #expect(apply.status == 2, "\(what): dvpipe apply exits 2: \(apply.standardError)")
            #expect(apply.standardError.contains(named), "\(what): the error names \(named): \(apply.standardError)")
            #expect(apply.standardError.contains(file.lastPathComponent), "\(what): the error names the changes file: \(apply.standardError)")
            #expect(try String(contentsOf: month.job, encoding: .utf8) == month.jobText, "\(what): the job file is untouched")
        }
    }
}
