import ArgumentParser
import DVMedia
import DVRender
import Foundation

/// `dvpipe calendar`: draw the plan as month grids of thumbnails into a PNG.
struct CalendarCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calendar",
        abstract: "Draw the plan as month grids of thumbnails into a PNG.",
        discussion: """
            Plans the job as `dvpipe plan` does, then draws the main screen of a daily-video calendar: one \
            grid per month of the timeframe (weeks start on Monday), each day with media showing a frame \
            from the middle of its chosen clip, upright and whole. Pinned days carry a badge (`pinned`, or \
            `from Dec 6` for a clip filmed on another day), skipped days are crossed out, days without \
            media are blank, and days of a month outside the timeframe are dimmed. A clip that cannot be \
            decoded leaves its day blank with a warning, and every file of the library that cannot be used \
            is named after the summary. The PNG is written to a temporary file and renamed into place, so \
            FILE is never half written.

            Example:
              dvpipe calendar jobs/dec-2024.yaml -o calendar.png
              dvpipe calendar jobs/2024.yaml -o year.png --columns 3
            """
    )

    @OptionGroup var options: JobOptions

    @Option(name: .shortAndLong, help: "The PNG file to write.")
    var output: String

    @Option(name: .long, help: "Month grids side by side (1 stacks the months vertically).")
    var columns = 1

    func validate() throws {
        guard (1...12).contains(columns) else {
            throw ValidationError("--columns takes 1 to 12, not \(columns)")
        }
    }

    func run() throws {
        let printer = ProgressPrinter(mode: .auto)
        let planned = try options.planJob(observer: printer)
        let url = URL(fileURLWithPath: (output as NSString).expandingTildeInPath).standardizedFileURL
        let picture: RGBPicture
        do {
            picture = try CalendarSheet.draw(
                plan: planned.plan, days: planned.days, title: planned.job.name, columns: columns,
                toneMap: planned.job.output.toneMap == .auto, files: planned.files, observer: printer
            )
            printer.finishLine()
            try PNGEncoder(width: picture.width, height: picture.height).write(picture, to: url)
        } catch {
            printer.finishLine()
            printError("error: \(error)")
            throw ExitCode(1)
        }
        let months = MonthGrid.months(from: planned.days.first, through: planned.days.last).count
        printOut(
            "Wrote \(output): \(picture.width)x\(picture.height) px, \(months) month\(months == 1 ? "" : "s"), \(planned.plan.totals.daysWithMedia) of \(planned.plan.totals.days) days with media."
        )
        for file in planned.plan.unreadable {
            printOut("  unreadable \(file.file) (\(file.dayText)): \(file.reason)")
        }
    }
}
