import ArgumentParser
import DVPlanning
import Foundation

/// `dvpipe apply`: writes a changes file (from the review page) into the job file.
struct ApplyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apply",
        abstract: "Write the days of a changes file (pins and skips) into the job file.",
        discussion: """
            Reads CHANGES (the changes.yaml the review page of `dvpipe review` offers: job, then days \
            with a pin and/or a skip each) and edits JOB in place: only the lines of the changed days \
            change, the rest of the file (comments, order, quoting, blank lines) stays byte for byte. A \
            day a preset sets is written into the job file, never the preset. The result is checked as \
            `dvpipe validate` checks it and written atomically. A changes file for another job, a date \
            outside the job's timeframe, an unknown key or a bad pin is reported as FILE:LINE:COL with \
            exit status 2, and the job file is left as it was. Prints one line per changed day.

            Example:
              dvpipe apply jobs/2024-12.yaml changes.yaml
            """
    )

    @Argument(help: "The job file (YAML).", completion: .file(extensions: ["yaml", "yml"]))
    var job: String

    @Argument(help: "The changes file (YAML).", completion: .file(extensions: ["yaml", "yml"]))
    var changes: String

    func run() throws {
        let rewrite = try JobFileRewrite(path: job)
        guard let data = FileManager.default.contents(atPath: changes) else {
            printError("\(changes):1:1: error: cannot read the changes file; the job file is left as it was")
            throw ExitCode(2)
        }
        let read = ChangesFile.read(Array(data), file: changes)
        guard let file = read.changes else {
            JobFileRewrite.fail(read.problems)
            throw ExitCode(2)
        }
        let problems = file.problems(for: rewrite.job, range: rewrite.range)
        guard problems.isEmpty else {
            JobFileRewrite.fail(problems)
            throw ExitCode(2)
        }
        try rewrite.write(file.days)
    }
}
