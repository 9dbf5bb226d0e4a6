import ArgumentParser
import DVMedia
import DVPlanning
import DVRender
import Foundation

/// The job file argument and the options every job command shares.
struct JobOptions: ParsableArguments {
    @Argument(help: "The job file (YAML).", completion: .file(extensions: ["yaml", "yml"]))
    var job: String

    @Option(name: .long, help: "Work folder for the index and checkpoints (default: .dvpipe/ next to the job).")
    var workDir: String?

    @Option(name: .long, help: "Resolve a relative `last:` timeframe against this date (YYYY-MM-DD) instead of today.")
    var asOf: String?

    @OptionGroup var confinement: ConfineFlags

    func validate() throws {
        if let workDir, ServerAddress.isAddress(workDir) {
            throw ValidationError(
                "--work-dir takes a folder on this machine, not '\(workDir)'; a server that runners share is given with --cache URL")
        }
    }

    /// The job file as an absolute URL.
    var jobURL: URL {
        URL(fileURLWithPath: job, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
    }

    /// `--work-dir`, or `.dvpipe/<job name>/` next to the job file.
    var workFolder: WorkFolder {
        if let workDir {
            return WorkFolder(root: URL(fileURLWithPath: workDir).standardizedFileURL)
        }
        return WorkFolder.default(forJob: jobURL)
    }

    /// Loads and checks the job file and, when `checkingFiles`, opens the overlay, music and font files it
    /// names (`JobFileCheck`). Prints every problem as `FILE:LINE:COL: error|warning: …` on standard error;
    /// with any error, ends the command with exit status 2 before anything is scanned or rendered.
    func loadJob(checkingFiles: Bool = true) throws -> Job {
        let loaded = confinement.load(job)
        let result = checkingFiles ? loaded.checkingFiles() : loaded
        for diagnostic in result.diagnostics {
            printError(diagnostic.description)
        }
        guard let loaded = result.job else {
            throw ExitCode(2)
        }
        if workDir == nil, let problem = confinement.problem(withDefaultWorkFolder: workFolder.root) {
            printError("error: \(problem)")
            throw ExitCode(2)
        }
        return loaded
    }

    /// `--as-of` as a day; a malformed date is a usage error.
    func asOfDay() throws -> CalendarDay? {
        guard let asOf else { return nil }
        guard let day = CalendarDay(asOf) else {
            throw ValidationError("--as-of takes a date as YYYY-MM-DD, not '\(asOf)'")
        }
        return day
    }

    /// Loads the job, scans its library (reporting probes to `observer`) and plans the reel; prints the
    /// resolved timeframe on standard error. A reel too long or too short for an output's `profile:` is a
    /// located error there (exit status 2), before anything is rendered. `checkingFiles` as for `loadJob`.
    func planJob(observer: some RenderObserver, checkingFiles: Bool = true) throws -> PlannedJob {
        let job = try loadJob(checkingFiles: checkingFiles)
        let asOf = try asOfDay()
        let planned = try PlannedJob.make(job: job, asOf: asOf, work: workFolder, observer: observer)
        printError("timeframe: \(planned.days.first) … \(planned.days.last) (\(planned.days.count) days)")
        let delivery = job.deliveryDiagnostics(reelSeconds: planned.plan.totals.reelDuration.seconds)
        for diagnostic in delivery {
            printError(diagnostic.description)
        }
        guard delivery.isEmpty else {
            throw ExitCode(2)
        }
        return planned
    }
}
