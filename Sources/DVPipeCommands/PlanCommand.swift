import ArgumentParser
import DVPlanning
import DVRender
import Foundation

/// `dvpipe plan`: show which clip stands for each day, and why.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Show which clip stands for each day, and why.",
        discussion: """
            Scans the job's library (only files that are new or changed since the last scan are probed; \
            the index is cached in the work folder), picks one clip per day and prints a table: date, \
            weekday, chosen file, kind (video, live photo, motion photo or photo, with HDR HLG or HDR PQ \
            for high dynamic range clips), why ("photo 1 of 4", "3 photos of 12"), clip window and the rule that gave the day (creation date, creation \
            time, sidecar, file name or file mtime; library.day_rules orders them); days in a row without \
            media are one line ("2017-01-01 – 2017-04-16, 106 days, no media"); then warnings, every \
            file of the library that cannot be used (with its day, or "day unknown"), and totals. Nothing \
            is rendered and the library is never written to.

            With start: auto or selection.order: best, the clips concerned are decoded once to judge \
            every half second (sharpness, exposure, steadiness, motion, sound, faces; kept in the work folder \
            by content): WHY adds each judged clip's score and a Moments section lists the measures. \
            --contact-sheet DIR draws each judged day's clips as rows of thumbnails with their scores.

            A day that shows several clips at once (layout, days.<date>.layers) says "N at once" in WHY, \
            and a Layers section lists its clips with their windows, rectangles, z order and sound.

            selection.people, keywords, albums, min_rating and favourites (or a day's) choose among the \
            files that name them (face regions, Takeout people, tags, ratings, albums): WHY adds who the \
            chosen file names and its rating ("video 1 of 3 · Emma, ★5"), and a name no file has is a \
            warning at its line naming the nearest known names.

            Texts and pictures over the clips (the date stamp, captions, {place} and overlay texts) are \
            placed together per output, as the render places them: for an output with a safe area \
            (profile or output.safe_area) or whose texts had to move, a Texts section gives its size and \
            margins, then one line per day whose texts moved or could not be placed, with where each went \
            and why ("moved up clear of the text ...", "shrunk to 85 %", "wrapped at 2/3 width", "could not \
            fit: drawn over ..."). Only the fonts and the overlays' pictures are read for it.

            --json (or --format json) prints the plan as JSON instead (shape documented in \
            docs/plan-json.md, every day on its own); --format markdown prints it as a Markdown table for \
            a CI step summary.

            Example:
              dvpipe plan jobs/dec-2024.yaml
              dvpipe plan jobs/monthly.yaml --as-of 2025-01-03 --json > plan.json
              dvpipe plan jobs/dec-2024.yaml --format markdown >> "$GITHUB_STEP_SUMMARY"
            """
    )

    @OptionGroup var options: JobOptions

    /// How the plan is printed.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table
        case json
        case markdown
    }

    @Flag(name: .long, help: "Print the plan as JSON (see docs/plan-json.md); the same as --format json.")
    var json = false

    @Option(name: .long, help: "Output format: table, json or markdown (a table for a CI step summary).")
    var format: Format = .table

    @Option(
        name: .long,
        help: ArgumentHelp(
            "After the table, how `render --shard K/N` would split the segments among N shards, with each share's estimated time (no clip is read for it).",
            valueName: "n"))
    var shards: Int?

    @Option(
        name: .customLong("contact-sheet"),
        help: ArgumentHelp(
            "Also draw, for every day judged by start: auto or order: best, a PNG of its judged clips (thumbnails every half second, each one's score, the chosen window) into this folder, named by date; and for every day whose crop follows faces in an output with fit: subject, DATE-framing-OUTPUT.png with the crop window outlined on thumbnails every half second.",
            valueName: "dir"))
    var contactSheets: String?

    func validate() throws {
        if let shards, shards < 1 {
            throw ValidationError("--shards takes a number of shards of at least 1")
        }
    }

    func run() throws {
        let printer = ProgressPrinter(mode: .auto)
        let planned = try options.planJob(observer: printer)
        printer.finishLine()
        switch json ? .json : format {
        case .json:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let framing = try FramingSummary.days(planned, observer: printer)
            let texts = TextSummary.outputs(planned, observer: printer)
            let summary = FramingSummary.PlanWithFraming(plan: planned.plan, framing: framing, texts: texts)
            printOut(String(decoding: try encoder.encode(summary), as: UTF8.self))
        case .markdown:
            printOut(PlanMarkdown.render(planned.plan, title: planned.job.name), terminator: "")
        case .table:
            printOut(PlanTable.render(planned.plan, width: terminalColumns() ?? 100), terminator: "")
            printOut(try FramingSummary.text(planned, observer: printer), terminator: "")
            printOut(TextSummary.text(planned, observer: printer), terminator: "")
        }
        if let contactSheets {
            let folder = URL(fileURLWithPath: contactSheets, isDirectory: true)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let sheets = ContactSheet.sheets(for: planned)
            for sheet in sheets {
                try sheet.write(to: folder.appendingPathComponent("\(sheet.date).png"))
            }
            var written = sheets.count
            for output in FramingSummary.framedOutputs(planned) {
                let layout = try planned.forOutput(output).layout(observer: printer)
                printer.finishLine()
                let canvasAspect = Double(layout.canvas.width) / Double(layout.canvas.height)
                for sheet in FramingSheet.sheets(
                    for: layout, output: output.name, planned: planned, describe: { FramingSummary.describe($0, named: layout.named) })
                {
                    try sheet.write(to: folder.appendingPathComponent("\(sheet.date)-framing-\(output.name).png"), canvasAspect: canvasAspect)
                    written += 1
                }
            }
            printError("wrote \(written) contact sheet\(written == 1 ? "" : "s") to \(folder.path)")
        }
        if let shards {
            // The shares depend on the segments' positions and costs, not on the clips' identities: nothing is read.
            let layouts = try planned.outputs.map { try planned.forOutput($0).layout(observer: printer, clipsRead: []) }
            printer.finishLine()
            let assignment = ShardAssignment(layouts: layouts, index: planned.scan.entries, count: shards)
            printOut(ShardSummary.text(assignment, segments: layouts[0].segments), terminator: "")
        }
    }
}
