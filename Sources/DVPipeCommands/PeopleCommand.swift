import ArgumentParser
import DVPlanning
import DVRender
import Foundation

/// `dvpipe people`: who appears in the files of the job's timeframe, so a user finds the names to write.
struct PeopleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "people",
        abstract: "List who appears in the timeframe's files, in how many files and on how many days.",
        discussion: """
            Scans the job's library as `dvpipe plan` does (only files that are new or changed since the last \
            scan are read; the index is cached in the work folder), then lists the people the files name: \
            named face regions and people in embedded XMP and XMP sidecars, and Google Takeout's `people`. \
            Each name is shown with the days of the timeframe it appears on and the files that name it, \
            most days first, then most files, then by name. Names are grouped as the planner matches them: \
            case-insensitively after Unicode normalisation (`Emma`, `EMMA` and a decomposed `Émma` as one), \
            each shown as most of its files write it. A Live Photo counts once, with the people its still \
            names; a copy of a file in two Takeout album folders counts once per copy. Nothing is planned \
            or rendered and the library is never written to.

            --keywords and --albums list the keywords (and hierarchical tags, as paths) and the albums \
            (Takeout album folders) the same way. --json prints the lists as JSON for scripts: the \
            timeframe (`from`, `to`, `days`), `files`, `annotated_files` and `people` (with `keywords` and \
            `albums` when asked), each name as {"name", "days", "files"}.

            Example:
              dvpipe people jobs/2024.yaml
              dvpipe people jobs/2024.yaml --keywords --albums
              dvpipe people jobs/2024.yaml --json | jq -r '.people[].name'
            """
    )

    @OptionGroup var options: JobOptions

    @Flag(name: .long, help: "Also list the keywords and hierarchical tags.")
    var keywords = false

    @Flag(name: .long, help: "Also list the albums (Google Takeout album folders).")
    var albums = false

    @Flag(name: .long, help: "Print the lists as JSON.")
    var json = false

    func run() throws {
        let printer = ProgressPrinter(mode: .auto)
        let job = try options.loadJob(checkingFiles: false)
        let days = job.resolvedTimeframe(asOf: try options.asOfDay())
        let scan = try PlannedJob.scanLibrary(of: job, work: options.workFolder, files: LibraryFiles(), observer: printer)
        printer.finishLine()
        let census = AnnotationCensus(index: scan.entries, rules: PlanningRules(job: job, days: days))
        printOut(
            json
                ? census.json(days: days, keywords: keywords, albums: albums) : census.text(days: days, keywords: keywords, albums: albums))
    }
}
