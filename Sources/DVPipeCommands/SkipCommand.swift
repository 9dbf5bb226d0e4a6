import ArgumentParser
import DVPlanning

/// `dvpipe skip`: skips a day of the job file, or with `--undo` takes it back.
struct SkipCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "skip",
        abstract: "Skip a day of the job file (days.<date>.skip), or un-skip it with --undo.",
        discussion: """
            Writes `skip: true` (with --undo, `skip: false`) under DATE in JOB, changing only that day's \
            lines. The result is checked as `dvpipe validate` checks it and written atomically; a date \
            outside the timeframe or a job that would not load is reported with exit status 2 and the \
            job file is left as it was.

            Example:
              dvpipe skip jobs/2024-12.yaml 2024-12-07
              dvpipe skip jobs/2024-12.yaml 2024-12-07 --undo
            """
    )

    @Argument(help: "The job file (YAML).", completion: .file(extensions: ["yaml", "yml"]))
    var job: String

    @Argument(help: "The day (YYYY-MM-DD).")
    var date: String

    @Flag(name: .long, help: "Un-skip the day instead (writes skip: false).")
    var undo = false

    func validate() throws {
        _ = try JobFileRewrite.day(date)
    }

    func run() throws {
        let day = try JobFileRewrite.day(date)
        let rewrite = try JobFileRewrite(path: job)
        try rewrite.check(day)
        try rewrite.write([day: DayChange(skip: !undo)])
    }
}
