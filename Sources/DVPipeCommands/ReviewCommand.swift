import ArgumentParser
import DVRender
import Foundation

/// `dvpipe review`: write the plan as a static page to review and change in a browser.
struct ReviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "review",
        abstract: "Write the plan as a static page: each day's clip, its other candidates and nearby clips, to choose in a browser.",
        discussion: """
            Plans the job as `dvpipe plan` does, then writes DIR/index.html with review.css, review.js and \
            a poster of each clip under DIR/media/: the timeframe as calendar months (weeks start on \
            Monday), each day's chosen clip and why, its other candidates best first and clips of days up \
            to three days away that a pin may take. The page needs no server and works from file://. \
            Choosing another clip, moving its start, skipping a day or pinning a nearby clip shows the \
            changes as YAML to download and apply with `dvpipe apply JOB changes.yaml`. The folder is \
            written beside DIR and swapped in, so DIR is never half written; posters DIR already has are \
            kept. DIR must be new, empty or an earlier review page: nothing else is ever replaced. A job \
            whose plan fails writes nothing (exit status 2). The page's hooks for scripts are in \
            docs/review-page.md.

            Example:
              dvpipe review jobs/dec-2024.yaml -o review
              dvpipe review jobs/2024.yaml -o site/review --candidates 6
            """
    )

    @OptionGroup var options: JobOptions

    @Option(name: .shortAndLong, help: "The folder to write the page into (replaced whole).")
    var output: String

    @Option(name: .long, help: "Other clips offered per day, best first (0 to 12).")
    var candidates = 4

    func validate() throws {
        guard (0...12).contains(candidates) else {
            throw ValidationError("--candidates takes 0 to 12, not \(candidates)")
        }
    }

    func run() throws {
        let url = URL(fileURLWithPath: (output as NSString).expandingTildeInPath).standardizedFileURL
        do {
            try ReviewPageWriter.checkReplaceable(url)
        } catch {
            printError("error: \(error)")
            throw ExitCode(1)
        }
        let printer = ProgressPrinter(mode: .auto)
        let planned = try options.planJob(observer: printer)
        let page: ReviewPage
        do {
            page = try ReviewPageWriter(planned: planned).write(
                ReviewPage(planned: planned, jobFile: options.job, candidates: candidates), to: url, observer: printer)
            printer.finishLine()
        } catch {
            printer.finishLine()
            printError("error: \(error)")
            throw ExitCode(1)
        }
        let clips = page.days.reduce(0) { $0 + $1.clips.count }
        var named: Set<String> = []
        let unreadable = page.days.flatMap(\.clips).filter { $0.media.unreadable != nil && named.insert($0.file).inserted }
        printOut(
            "Wrote \(output)/index.html: \(page.days.count) days, \(planned.plan.totals.daysWithMedia) with media, \(clips) clips shown (open it in a browser)."
        )
        for clip in unreadable {
            printOut("  unreadable \(clip.file): \(clip.media.unreadable ?? "")")
        }
    }
}
